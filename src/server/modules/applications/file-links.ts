import { createHmac, timingSafeEqual } from 'node:crypto';
import { absoluteUrl } from '../../public-origin.ts';

/**
 * Expiring signed download links of application files, for the employer's mail when the files are too large
 * to attach (application-mails.ts): GET /api/application-files/{id}?expires=…&signature=… hands out the file
 * without a session until `expires`. The signature is an HMAC of the file id and the expiry under a key
 * derived from the auth secret, so a link cannot be made for another file or a later date.
 */
export const fileLinkLifetimeDays = 14;

function signatureOf(secret: Uint8Array, fileId: number, expires: number): string {
  return createHmac('sha256', secret).update(`application-file:${fileId}:${expires}`).digest('base64url');
}

export function signedFileUrl(secret: Uint8Array, fileId: number, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + fileLinkLifetimeDays * 24 * 60 * 60;
  const url = new URL(absoluteUrl(`/api/application-files/${fileId}`));
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', signatureOf(secret, fileId, expires));
  return url.href;
}

/** Whether a link's expiry and signature are the ones signedFileUrl made for this file, and not past. */
export function isValidFileLink(
  secret: Uint8Array,
  fileId: number,
  expires: string | null,
  signature: string | null,
  now: Date = new Date(),
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(secret, fileId, at));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
