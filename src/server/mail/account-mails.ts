/** The account mails (verification, password reset) in the visitor's language. */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import { sendMail } from './send-mail.ts';

export async function sendVerificationMail(options: { to: string; link: string; brand: Brand; locale: Locale }) {
  const t = createTranslator(options.locale);
  const params = { brand: options.brand.name, link: options.link };
  await sendMail({
    to: options.to,
    subject: t('mail.verify.subject', params),
    text: t('mail.verify.text', params),
  });
}

export async function sendPasswordResetMail(options: { to: string; link: string; brand: Brand; locale: Locale }) {
  const t = createTranslator(options.locale);
  const params = { brand: options.brand.name, link: options.link };
  await sendMail({
    to: options.to,
    subject: t('mail.reset.subject', params),
    text: t('mail.reset.text', params),
  });
}
