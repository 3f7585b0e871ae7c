/**
 * The double opt-in mail of a consent given by e-mail (issue 18), in the visitor's language: the link that
 * proves the address's owner agreed, and the link that withdraws it again.
 */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import { sendMail } from './send-mail.ts';

export async function sendConsentConfirmationMail(options: {
  to: string;
  confirmLink: string;
  withdrawLink: string;
  brand: Brand;
  locale: Locale;
}): Promise<void> {
  const t = createTranslator(options.locale);
  const params = { brand: options.brand.name, link: options.confirmLink, withdraw: options.withdrawLink };
  await sendMail({
    to: options.to,
    subject: t('mail.consentConfirm.subject', params),
    text: t('mail.consentConfirm.text', params),
  });
}
