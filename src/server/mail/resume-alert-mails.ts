/**
 * The resume alert digest (issue 17) in the alert's language: the resumes newly shown to recruiters that
 * match a recruiter's saved search, anonymised as in the resume search (desired position, region, skills;
 * never a name, an address or another private field), with the link to change or delete the alert and
 * the RFC 8058 one-click unsubscribe headers.
 */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import type { MailMessage } from './send-mail.ts';

export interface DigestResume {
  title: string;
  details: string;
  url: string;
}

export function resumeAlertDigestMail(options: {
  to: string;
  label: string;
  resumes: DigestResume[];
  total: number;
  searchLink: string;
  editLink: string;
  /** RFC 8058: the one-click URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
  oneClickUnsubscribe: string;
  brand: Brand;
  locale: Locale;
  messageId: string;
}): MailMessage {
  const t = createTranslator(options.locale);
  const list = options.resumes
    .map((resume) => `- ${resume.title}\n${resume.details ? `  ${resume.details}\n` : ''}  ${resume.url}`)
    .join('\n\n');
  const more =
    options.total > options.resumes.length
      ? `\n\n${t('mail.resumeAlertDigest.more', { count: options.total - options.resumes.length, link: options.searchLink })}`
      : '';
  const params = { brand: options.brand.name, search: options.label, count: options.total };
  return {
    to: options.to,
    subject:
      options.total === 1
        ? t('mail.resumeAlertDigest.subjectOne', params)
        : t('mail.resumeAlertDigest.subject', params),
    text: `${t('mail.resumeAlertDigest.intro', params)}\n\n${list}${more}\n\n${t('mail.resumeAlertDigest.footer', {
      ...params,
      search: options.searchLink,
      edit: options.editLink,
    })}`,
    headers: {
      'List-Unsubscribe': `<${options.oneClickUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: options.messageId,
  };
}
