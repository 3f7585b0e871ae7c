/**
 * The known-device cookie: set on every successful sign-in, HttpOnly, signed with the auth secret and
 * bound to the user who signed in. A browser that carries it for an account is that account's known device:
 * the owner's right password from it is never refused by the sign-in delay (src/server/auth/sign-in-throttle.ts),
 * whatever strangers did to the account. Its value is `<userId>.<deviceId>.<HMAC-SHA256>`; it holds no
 * secret, only proof that this server issued it for that user.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Long-lived: a device stays known for a year after its last sign-in. */
export const deviceCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export interface KnownDevice {
  userId: number;
  /** Random, per browser; failures from the device are counted under it. */
  deviceId: string;
}

const macOf = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', secret).update(`known-device:${payload}`).digest('base64url');

export function deviceCookieValue(secret: Uint8Array, device: KnownDevice): string {
  const payload = `${device.userId}.${device.deviceId}`;
  return `${payload}.${macOf(secret, payload)}`;
}

/** A new device id for a browser that has none (or one of another user). */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The device a cookie value names, or null when it is missing, malformed or not signed by this server. */
export function readDeviceCookie(secret: Uint8Array, value: string | undefined): KnownDevice | null {
  if (!value) return null;
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, userId, deviceId, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(secret, `${userId}.${deviceId}`));
  if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
  return { userId: Number(userId), deviceId };
}

/** The Set-Cookie value for a device (the cookie name comes from session-cookies.ts). */
export function deviceSetCookie(name: string, value: string, secure: boolean): string {
  const attributes = `Path=/; Max-Age=${deviceCookieMaxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${name}=${value}; ${attributes}`;
}
