/** What the page behind a link in a mail shows (MailLinkPage.astro). */
interface MailLink {
  href: string;
  label: string;
}

export type MailLinkView =
  /** The question the link's button answers, with the button's label and an optional link beside it. */
  | { kind: 'ask'; intro: string; button: string; link?: MailLink | undefined }
  /** What the link did (or had done before), with an optional link button below. */
  | { kind: 'done'; message: string; link?: MailLink | undefined }
  /** The link is unknown, spent or forged. */
  | { kind: 'invalid'; message: string };
