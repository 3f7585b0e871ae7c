/**
 * RFC 8058 one-click unsubscribe (issue 14): mail clients POST `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe URL of a job alert mail, from their own servers, without cookies and with no Origin of
 * ours. Astro's origin check (kept on for every form) would refuse that. For this one path the front door
 * removes any cookies and states our origin: the request is authorised by the signed token in its URL
 * alone, so there is no session a cross-site request could ride on.
 *
 * Runs under plain Node (scripts/serve.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import type { IncomingMessage } from 'node:http';

export const oneClickUnsubscribePath = '/api/job-alerts/unsubscribe';
/** The same for the newsletter's confirmation mail (issue 19). */
export const newsletterOneClickUnsubscribePath = '/api/newsletter/unsubscribe';
/** The same for resume alert digests (issue 17 part 5). */
export const resumeAlertOneClickUnsubscribePath = '/api/resume-alerts/unsubscribe';

const oneClickUnsubscribePaths: ReadonlySet<string> = new Set([
  oneClickUnsubscribePath,
  newsletterOneClickUnsubscribePath,
  resumeAlertOneClickUnsubscribePath,
]);

export function admitOneClickUnsubscribe(request: IncomingMessage, origin: URL): void {
  if (request.method !== 'POST') return;
  if (!oneClickUnsubscribePaths.has((request.url ?? '').split('?')[0] ?? '')) return;
  delete request.headers.cookie;
  request.headers.origin = origin.origin;
}
