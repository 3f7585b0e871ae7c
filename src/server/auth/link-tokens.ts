/**
 * Signed tokens of the links in mails (job alerts' confirm and unsubscribe, consents' confirm and
 * withdraw): `<id>.<purpose code>.<HMAC-SHA256>` with the app secret over the scope, the purpose, the
 * record's id and its random token key. The id alone opens nothing, a token works for its record and
 * purpose only, and no token outlives its record (or a new token key).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkTokenKind {
  /** What kind of record the token names, e.g. "job-alert". */
  scope: string;
  purpose: string;
  /** One lower-case letter for the purpose, in the token. */
  code: string;
}

export interface LinkTokenRecord {
  id: number;
  tokenKey: string;
}

export function signLinkToken(secret: Uint8Array, kind: LinkTokenKind, record: LinkTokenRecord): string {
  const signature = createHmac('sha256', secret)
    .update(`${kind.scope}:${kind.purpose}:${record.id}:${record.tokenKey}`)
    .digest('base64url');
  return `${record.id}.${kind.code}.${signature}`;
}

/** The record id a token claims, before its signature is checked against the record (`verifyLinkToken`). */
export function idOfLinkToken(token: unknown, kind: LinkTokenKind): number | null {
  if (typeof token !== 'string' || token.length > 120) return null;
  const match = /^(\d{1,10})\.([a-z])\.([\w-]{43})$/.exec(token);
  if (!match || match[2] !== kind.code) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function verifyLinkToken(
  secret: Uint8Array,
  kind: LinkTokenKind,
  token: string,
  record: LinkTokenRecord,
): boolean {
  const expected = Buffer.from(signLinkToken(secret, kind, record));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
