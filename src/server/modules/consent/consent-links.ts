/**
 * The double opt-in links of a consent given by e-mail (issue 18): confirm (proves the address owner
 * agreed) and withdraw (as easy as giving), each a page with one button on the public origin.
 */
import type { Brand, Locale } from '../../../../brands/types.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { idOfLinkToken, signLinkToken, verifyLinkToken, type LinkTokenKind } from '../../auth/link-tokens.ts';
import { absoluteUrl } from '../../public-origin.ts';

export type ConsentTokenPurpose = 'confirm' | 'withdraw';
export const consentTokenPurposes = ['confirm', 'withdraw'] as const satisfies readonly ConsentTokenPurpose[];

const kinds: Record<ConsentTokenPurpose, LinkTokenKind> = {
  confirm: { scope: 'consent', purpose: 'confirm', code: 'c' },
  withdraw: { scope: 'consent', purpose: 'withdraw', code: 'w' },
};

interface ConsentForLinks {
  id: number;
  tokenKey: string;
}

export function consentLink(
  secret: Uint8Array,
  purpose: ConsentTokenPurpose,
  consent: ConsentForLinks,
  brand: Brand,
  locale: Locale,
): string {
  const token = signLinkToken(secret, kinds[purpose], consent);
  return absoluteUrl(`${localizePath(`/user/consent/${purpose}`, locale, brand)}?token=${encodeURIComponent(token)}`);
}

export const consentIdOfToken = (token: unknown, purpose: ConsentTokenPurpose): number | null =>
  idOfLinkToken(token, kinds[purpose]);

export const verifyConsentToken = (
  secret: Uint8Array,
  purpose: ConsentTokenPurpose,
  token: string,
  consent: ConsentForLinks,
): boolean => verifyLinkToken(secret, kinds[purpose], token, consent);
