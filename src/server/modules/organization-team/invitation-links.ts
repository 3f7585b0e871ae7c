/**
 * The signed link of a team invitation (issue 15 part 4), made by the shared link signing of the mails
 * (src/server/auth/link-tokens.ts) over the invitation's random token key, on the public origin.
 */
import type { Brand, Locale } from '../../../../brands/types.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { idOfLinkToken, signLinkToken, verifyLinkToken, type LinkTokenKind } from '../../auth/link-tokens.ts';
import { absoluteUrl } from '../../public-origin.ts';

const kind: LinkTokenKind = { scope: 'organization-invitation', purpose: 'accept', code: 'a' };

interface InvitationForLinks {
  id: number;
  tokenKey: string;
}

/** The site path of the invitation page, on which the token arrives. */
export const invitationPagePath = '/user/invitation';

export function invitationLink(secret: Uint8Array, invitation: InvitationForLinks, brand: Brand, locale: Locale) {
  const token = signLinkToken(secret, kind, invitation);
  return absoluteUrl(`${localizePath(invitationPagePath, locale, brand)}?token=${encodeURIComponent(token)}`);
}

export const invitationIdOfToken = (token: unknown): number | null => idOfLinkToken(token, kind);

export const verifyInvitationToken = (secret: Uint8Array, token: string, invitation: InvitationForLinks): boolean =>
  verifyLinkToken(secret, kind, token, invitation);

/** For tests: a token as the mail carries it. */
export const signInvitationToken = (secret: Uint8Array, invitation: InvitationForLinks): string =>
  signLinkToken(secret, kind, invitation);
