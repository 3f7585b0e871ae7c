/**
 * Signed tokens of a job alert's links (issue 14): confirm (double opt-in) and unsubscribe (RFC 8058 one
 * click), signed over the alert's random token key (src/server/auth/link-tokens.ts).
 */
import { idOfLinkToken, signLinkToken, verifyLinkToken, type LinkTokenKind } from '../../auth/link-tokens.ts';

export type AlertTokenPurpose = 'confirm' | 'unsubscribe';

const kinds: Record<AlertTokenPurpose, LinkTokenKind> = {
  confirm: { scope: 'job-alert', purpose: 'confirm', code: 'c' },
  unsubscribe: { scope: 'job-alert', purpose: 'unsubscribe', code: 'u' },
};

export function signAlertToken(
  secret: Uint8Array,
  purpose: AlertTokenPurpose,
  alert: { id: number; tokenKey: string },
): string {
  return signLinkToken(secret, kinds[purpose], alert);
}

/** The alert id a token claims, before its signature is checked against the alert (`verifyAlertToken`). */
export function alertIdOfToken(token: unknown, purpose: AlertTokenPurpose): number | null {
  return idOfLinkToken(token, kinds[purpose]);
}

export function verifyAlertToken(
  secret: Uint8Array,
  purpose: AlertTokenPurpose,
  token: string,
  alert: { id: number; tokenKey: string },
): boolean {
  return verifyLinkToken(secret, kinds[purpose], token, alert);
}
