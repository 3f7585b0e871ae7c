/**
 * Signed tokens of a job alert's links (issue 14): confirm (double opt-in) and unsubscribe (RFC 8058 one
 * click). HMAC-SHA256 with the app secret over the purpose, the alert id and the alert's random token key:
 * the id alone opens nothing, a token works for its alert and purpose only, and no token outlives its alert.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type AlertTokenPurpose = 'confirm' | 'unsubscribe';

const purposeCodes: Record<AlertTokenPurpose, string> = { confirm: 'c', unsubscribe: 'u' };

function signature(secret: Uint8Array, purpose: AlertTokenPurpose, alertId: number, tokenKey: string): string {
  return createHmac('sha256', secret).update(`job-alert:${purpose}:${alertId}:${tokenKey}`).digest('base64url');
}

export function signAlertToken(
  secret: Uint8Array,
  purpose: AlertTokenPurpose,
  alert: { id: number; tokenKey: string },
): string {
  return `${alert.id}.${purposeCodes[purpose]}.${signature(secret, purpose, alert.id, alert.tokenKey)}`;
}

/** The alert id a token claims, before its signature is checked against the alert (`verifyAlertToken`). */
export function alertIdOfToken(token: unknown, purpose: AlertTokenPurpose): number | null {
  if (typeof token !== 'string' || token.length > 120) return null;
  const match = /^(\d{1,10})\.([a-z])\.([\w-]{43})$/.exec(token);
  if (!match || match[2] !== purposeCodes[purpose]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function verifyAlertToken(
  secret: Uint8Array,
  purpose: AlertTokenPurpose,
  token: string,
  alert: { id: number; tokenKey: string },
): boolean {
  const expected = Buffer.from(signAlertToken(secret, purpose, alert));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
