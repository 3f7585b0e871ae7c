/** Issue 15 part 4: the invitation to join an organization's team, in the language it was sent in. */
import type { Brand, Locale } from '../../../brands/types.ts';
import { createTranslator } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { sendMail } from './send-mail.ts';

export async function sendTeamInvitationMail(options: {
  to: string;
  link: string;
  organizationName: string;
  inviterName: string;
  expiresAt: Date;
  brand: Brand;
  locale: Locale;
}): Promise<void> {
  const t = createTranslator(options.locale);
  const params = {
    brand: options.brand.name,
    organization: options.organizationName,
    inviter: options.inviterName,
    link: options.link,
    expires: formatDate(options.expiresAt.toISOString(), options.locale),
  };
  await sendMail({
    to: options.to,
    subject: t('mail.teamInvitation.subject', params),
    text: t('mail.teamInvitation.text', params),
  });
}
