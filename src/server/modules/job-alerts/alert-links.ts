/** The absolute links of a job alert's mails, on the public origin (src/server/public-origin.ts). */
import type { Brand, Locale } from '../../../../brands/types.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { signAlertToken } from './alert-tokens.ts';

interface AlertForLinks {
  id: number;
  tokenKey: string;
}

/** The page that confirms an anonymous sign-up (a button that posts: link scanners do not confirm). */
export function confirmLink(secret: Uint8Array, alert: AlertForLinks, brand: Brand, locale: Locale): string {
  const token = signAlertToken(secret, 'confirm', alert);
  return absoluteUrl(`${localizePath('/job-alerts/confirm', locale, brand)}?token=${encodeURIComponent(token)}`);
}

/** The unsubscribe page of the mail's text (one click on its button). */
export function unsubscribePageLink(secret: Uint8Array, alert: AlertForLinks, brand: Brand, locale: Locale): string {
  const token = signAlertToken(secret, 'unsubscribe', alert);
  return absoluteUrl(`${localizePath('/job-alerts/unsubscribe', locale, brand)}?token=${encodeURIComponent(token)}`);
}

/** RFC 8058: the List-Unsubscribe URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
export function oneClickUnsubscribeUrl(secret: Uint8Array, alert: AlertForLinks): string {
  const token = signAlertToken(secret, 'unsubscribe', alert);
  return absoluteUrl(`/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`);
}
