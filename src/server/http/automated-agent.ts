/** User agents that announce a crawler, a link preview, a monitor or a script: their requests are not views. */
const automatedAgent = /bot|crawl|spider|slurp|preview|facebookexternalhit|monitor|curl|wget|python|java\//i;

/** True for a request without a user agent or with one of a crawler, a link preview, a monitor or a script. */
export function isAutomatedAgent(userAgent: string | null | undefined): boolean {
  return !userAgent || automatedAgent.test(userAgent);
}
