import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { isRateLimited, rateLimitKeys, recordAttempt, resetAttempts } from './rate-limit';

describe('database rate limits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => database?.dispose());

  it('limits a key once it has reached its maximum within the last hour', async () => {
    const { db } = database.handle;
    const key = rateLimitKeys.signInAccount(' Anna@Example.de ');
    expect(key).toBe('signin:account:anna@example.de');
    const now = new Date('2026-03-01T12:00:00Z');
    const limit = [{ key, max: 3 }];
    // An attempt older than an hour no longer counts.
    await recordAttempt(db, [key], new Date(now.getTime() - 61 * 60 * 1000));
    await recordAttempt(db, [key], now);
    await recordAttempt(db, [key], now);
    expect(await isRateLimited(db, limit, now)).toBe(false);
    await recordAttempt(db, [key, 'other'], now);
    expect(await isRateLimited(db, limit, now)).toBe(true);
    expect(await isRateLimited(db, [{ key: 'other', max: 3 }], now)).toBe(false);
    await resetAttempts(db, key);
    expect(await isRateLimited(db, limit, now)).toBe(false);
  });
});
