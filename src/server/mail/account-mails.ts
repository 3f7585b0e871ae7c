/** The account mails (verification, password reset, a registration attempt) in the visitor's language. */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import { logUnexpected } from '../log.ts';
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

/**
 * To the owner of an address someone tried to register with: the registration form answers as for a new
 * address (it must not tell who has an account), so the owner learns it here, with the ways back in.
 */
export async function sendRegistrationAttemptMail(options: {
  to: string;
  signInLink: string;
  resetLink: string;
  brand: Brand;
  locale: Locale;
}) {
  const t = createTranslator(options.locale);
  const params = { brand: options.brand.name, signInLink: options.signInLink, resetLink: options.resetLink };
  await sendMail({
    to: options.to,
    subject: t('mail.registrationAttempt.subject', params),
    text: t('mail.registrationAttempt.text', params),
  });
}

/**
 * Sends a mail after the response: a form whose answer must not tell whether an address has an account
 * (password reset) would otherwise take longer exactly when it does. A failure is logged.
 */
export function sendInBackground(send: () => Promise<void>, what: string): void {
  void send().catch((error: unknown) => logUnexpected('mail', `${what} could not be sent`, error));
}
