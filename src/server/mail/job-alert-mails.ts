/**
 * The job alert mails (issue 14) in the alert's language: the confirmation of an anonymous sign-up (double
 * opt-in) and the digest of new jobs. Every one carries a one-click unsubscribe link in its text and the
 * List-Unsubscribe / List-Unsubscribe-Post headers of RFC 8058, which work without signing in.
 */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import { sendMail, type MailMessage } from './send-mail.ts';

export interface AlertMailLinks {
  /** The unsubscribe page (a button), for the text. */
  unsubscribePage: string;
  /** The RFC 8058 endpoint, for the headers. */
  oneClick: string;
}

function unsubscribeHeaders(links: AlertMailLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export async function sendJobAlertConfirmationMail(options: {
  to: string;
  confirmLink: string;
  label: string;
  links: AlertMailLinks;
  brand: Brand;
  locale: Locale;
}): Promise<void> {
  const t = createTranslator(options.locale);
  const params = {
    brand: options.brand.name,
    search: options.label,
    link: options.confirmLink,
    unsubscribe: options.links.unsubscribePage,
  };
  await sendMail({
    to: options.to,
    subject: t('mail.jobAlertConfirm.subject', params),
    text: t('mail.jobAlertConfirm.text', params),
    headers: unsubscribeHeaders(options.links),
  });
}

export interface DigestJob {
  title: string;
  organization: string;
  place: string;
  url: string;
}

/** The digest as a message (built apart from sending, so a run can hand it to any transport). */
export function jobAlertDigestMail(options: {
  to: string;
  label: string;
  jobs: DigestJob[];
  total: number;
  searchLink: string;
  links: AlertMailLinks;
  brand: Brand;
  locale: Locale;
  messageId: string;
}): MailMessage {
  const t = createTranslator(options.locale);
  const list = options.jobs
    .map((job) => `- ${job.title}\n  ${[job.organization, job.place].filter(Boolean).join(', ')}\n  ${job.url}`)
    .join('\n\n');
  const more =
    options.total > options.jobs.length
      ? `\n\n${t('mail.jobAlertDigest.more', { count: options.total - options.jobs.length, link: options.searchLink })}`
      : '';
  const params = { brand: options.brand.name, search: options.label, count: options.total };
  return {
    to: options.to,
    subject:
      options.total === 1 ? t('mail.jobAlertDigest.subjectOne', params) : t('mail.jobAlertDigest.subject', params),
    text: `${t('mail.jobAlertDigest.intro', params)}\n\n${list}${more}\n\n${t('mail.jobAlertDigest.footer', {
      ...params,
      search: options.searchLink,
      unsubscribe: options.links.unsubscribePage,
    })}`,
    headers: unsubscribeHeaders(options.links),
    messageId: options.messageId,
  };
}
