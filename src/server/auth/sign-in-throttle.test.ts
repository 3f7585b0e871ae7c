import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { deviceCookieValue, newDeviceId, readDeviceCookie } from './device-cookie';
import {
  readSignInHistory,
  recordSignInFailure,
  recordSignInSuccess,
  signInDelaySeconds,
  signInRefusal,
  type FailureCount,
  type SignInHistory,
} from './sign-in-throttle';

const now = new Date('2026-03-01T12:00:00Z');
const limits = { perAccount: 20, perAddress: 30 };
const failures = (count: number, secondsAgo = 0): FailureCount => ({
  failures: count,
  latest: count > 0 ? new Date(now.getTime() - secondsAgo * 1000) : null,
});
const stranger: SignInHistory = {
  account: failures(0),
  accountAddress: failures(0),
  address: failures(0),
  device: failures(0),
  knownDevice: false,
  knownAddress: false,
};

describe('sign-in delay', () => {
  it('lets the first 5 failures pass, then waits 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([0, 1, 4].map((count) => signInDelaySeconds(count, 5))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 14].map((count) => signInDelaySeconds(count, 5))).toEqual([1, 2, 4, 8, 512]);
    expect(signInDelaySeconds(15, 5)).toBe(900);
    expect(signInDelaySeconds(10_000, 5)).toBe(900);
  });

  it('refuses a stranger until the delay after the latest failure has passed', () => {
    expect(signInRefusal(stranger, limits, now)).toBeNull();
    expect(signInRefusal({ ...stranger, accountAddress: failures(4) }, limits, now)).toBeNull();
    // 8 failures: 8 s after the latest, of which 3 have passed.
    expect(signInRefusal({ ...stranger, accountAddress: failures(8, 3) }, limits, now)).toEqual({
      kind: 'delayed',
      retryAfterSeconds: 5,
    });
    expect(signInRefusal({ ...stranger, accountAddress: failures(8, 8) }, limits, now)).toBeNull();
    expect(signInRefusal({ ...stranger, accountAddress: failures(40, 60) }, limits, now)).toEqual({
      kind: 'delayed',
      retryAfterSeconds: 840,
    });
    // Failures spread over many addresses slow the account down once SIGNIN_FAILURES_PER_ACCOUNT is reached.
    expect(signInRefusal({ ...stranger, account: failures(19) }, limits, now)).toBeNull();
    expect(signInRefusal({ ...stranger, account: failures(22) }, limits, now)).toEqual({
      kind: 'delayed',
      retryAfterSeconds: 4,
    });
    // The address's hourly limit holds over every account.
    expect(signInRefusal({ ...stranger, address: failures(30) }, limits, now)).toEqual({ kind: 'address_limit' });
  });

  it('never refuses the owner for what others did: known devices and known addresses', () => {
    const attacked = { ...stranger, account: failures(500), accountAddress: failures(50) };
    expect(signInRefusal(attacked, limits, now)?.kind).toBe('delayed');
    expect(signInRefusal({ ...attacked, knownDevice: true }, limits, now)).toBeNull();
    expect(signInRefusal({ ...attacked, knownDevice: true, address: failures(30) }, limits, now)).toBeNull();
    expect(signInRefusal({ ...attacked, knownAddress: true }, limits, now)).toBeNull();
    // A known address still counts against its own hourly limit; a known device only its own failures.
    expect(signInRefusal({ ...attacked, knownAddress: true, address: failures(30) }, limits, now)?.kind).toBe(
      'address_limit',
    );
    expect(signInRefusal({ ...attacked, knownDevice: true, device: failures(9) }, limits, now)).toEqual({
      kind: 'delayed',
      retryAfterSeconds: 16,
    });
  });
});

describe('sign-in history in the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => database?.dispose());

  it('counts failures per account, account and address, address and device, and remembers good addresses', async () => {
    const { db } = database.handle;
    const attempt = { email: 'owner@example.test', userId: 7, clientAddress: '203.0.113.9', deviceId: null };
    const elsewhere = { ...attempt, clientAddress: '198.51.100.4' };
    const longAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000);
    await recordSignInFailure(db, attempt, longAgo);
    for (let second = 3; second > 0; second--) {
      await recordSignInFailure(db, attempt, new Date(now.getTime() - second * 1000));
    }
    await recordSignInFailure(db, { ...elsewhere, deviceId: 'device-1' }, now);
    const history = await readSignInHistory(db, attempt, now);
    expect(history).toEqual({
      account: { failures: 4, latest: now },
      accountAddress: { failures: 3, latest: new Date(now.getTime() - 1000) },
      address: { failures: 3, latest: new Date(now.getTime() - 1000) },
      device: { failures: 0, latest: null },
      knownDevice: false,
      knownAddress: false,
    });
    expect((await readSignInHistory(db, { ...elsewhere, deviceId: 'device-1' }, now)).device.failures).toBe(1);

    // A success forgets the failures from that address and makes it known (for this user only).
    await recordSignInSuccess(db, attempt, now);
    const after = await readSignInHistory(db, attempt, now);
    expect(after).toMatchObject({ knownAddress: true, accountAddress: { failures: 0 }, account: { failures: 4 } });
    expect((await readSignInHistory(db, { ...attempt, userId: 8 }, now)).knownAddress).toBe(false);
    expect((await readSignInHistory(db, elsewhere, now)).knownAddress).toBe(false);
    // Still known weeks later, when every failure has long stopped counting.
    const later = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
    expect(await readSignInHistory(db, attempt, later)).toMatchObject({ knownAddress: true, account: { failures: 0 } });
  });
});

describe('known-device cookie', () => {
  const secret = new TextEncoder().encode('device-cookie-test-secret-0123456789');

  it('names the device and user it was issued for and refuses anything else', () => {
    const device = { userId: 42, deviceId: newDeviceId() };
    const value = deviceCookieValue(secret, device);
    expect(readDeviceCookie(secret, value)).toEqual(device);
    const [, deviceId, mac] = value.split('.');
    // Another user id with the same signature, another secret, garbage: no device.
    expect(readDeviceCookie(secret, `43.${deviceId}.${mac}`)).toBeNull();
    expect(readDeviceCookie(new TextEncoder().encode('another-secret-0123456789abcdef'), value)).toBeNull();
    expect(readDeviceCookie(secret, `${value}x`)).toBeNull();
    expect(readDeviceCookie(secret, undefined)).toBeNull();
    expect(readDeviceCookie(secret, '42..')).toBeNull();
  });
});
