/**
 * The double opt-in mail of a newsletter sign-up (issue 19), in the visitor's language: the link that
 * confirms the subscription and the one that ends it, with the RFC 8058 one-click unsubscribe headers.
 */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import { sendMail } from './send-mail.ts';

export async function sendNewsletterConfirmationMail(options: {
  to: string;
  links: { confirm: string; unsubscribe: string; oneClick: string };
  brand: Brand;
  locale: Locale;
}): Promise<void> {
  const t = createTranslator(options.locale);
  const params = { brand: options.brand.name, link: options.links.confirm, unsubscribe: options.links.unsubscribe };
  await sendMail({
    to: options.to,
    subject: t('newsletter.mail.subject', params),
    text: t('newsletter.mail.text', params),
    headers: {
      'List-Unsubscribe': `<${options.links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
