import { parseConfig } from '../config';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/auth.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { clientKeyOf, countRequest, deleteOldWindows, rateLimitedResponse, type RateLimit } from './request-rate.ts';

describe('request rate limits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.dispose());

  it('refuses the request after max in a window, per key, with the seconds left in the window', async () => {
    const { db } = database.handle;
    const limit: RateLimit = { key: 'test:ip:192.0.2.1', max: 3, windowSeconds: 3600 };
    const other: RateLimit = { key: 'test:ip:192.0.2.2', max: 3, windowSeconds: 3600 };
    for (let index = 0; index < 3; index += 1) expect(await countRequest(db, [limit])).toBeNull();
    const refusal = await countRequest(db, [limit]);
    expect(refusal?.limit).toEqual(limit);
    expect(refusal?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refusal?.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await countRequest(db, [other])).toBeNull();
    // Refused requests count too: one row per key and window, hits keep growing.
    const rows = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, limit.key));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hits).toBe(4);
  });

  it('counts several limits in one go and names the first one exceeded', async () => {
    const { db } = database.handle;
    const perMinute: RateLimit = { key: 'test:multi:minute', max: 5, windowSeconds: 60 };
    const perHour: RateLimit = { key: 'test:multi:hour', max: 1, windowSeconds: 3600 };
    expect(await countRequest(db, [perMinute, perHour])).toBeNull();
    expect((await countRequest(db, [perMinute, perHour]))?.limit).toEqual(perHour);
  });

  it('deletes windows that ended more than a day ago and keeps current ones', async () => {
    const { db } = database.handle;
    await db.insert(rateLimitCounters).values([
      { key: 'test:old', windowStart: sql`now() - interval '2 days'`, hits: 9 },
      { key: 'test:recent', windowStart: sql`now() - interval '2 hours'`, hits: 9 },
    ]);
    await deleteOldWindows(db);
    const keys = (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain('test:old');
    expect(keys).toContain('test:recent');
  });

  it('keys IPv4 as is and IPv6 by its /64', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKeyOf(null)).toBe('unknown');
  });

  it('answers 429 with Retry-After and a GraphQL error in the frontend header’s language, else English', async () => {
    const refusal = { limit: { key: 'x', max: 1, windowSeconds: 60 }, retryAfterSeconds: 42 };
    const english = rateLimitedResponse(new Request('http://localhost/graphql'), refusal);
    expect(english.status).toBe(429);
    expect(english.headers.get('retry-after')).toBe('42');
    expect(await english.json()).toEqual({
      errors: [
        {
          message: 'Too many requests. Please wait a moment and try again.',
          extensions: { code: 'RATE_LIMITED' },
        },
      ],
    });
    const german = rateLimitedResponse(
      new Request('http://localhost/graphql', { headers: { frontend: 'tagblatt;de' } }),
      refusal,
    );
    const body = (await german.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toMatch(/^Zu viele Anfragen/);
  });

  it('reads the limits from the configuration, naming a wrong variable', () => {
    expect(parseConfig({})).toMatchObject({
      RATE_LIMIT_GRAPHQL_PER_MINUTE: 600,
      RATE_LIMIT_AUTH_LOG_PER_MINUTE: 30,
      RATE_LIMIT_UPLOADS_PER_HOUR: 30,
      RATE_LIMIT_DOWNLOADS_PER_MINUTE: 120,
    });
    expect(parseConfig({ RATE_LIMIT_GRAPHQL_PER_MINUTE: '5' }).RATE_LIMIT_GRAPHQL_PER_MINUTE).toBe(5);
    expect(() => parseConfig({ RATE_LIMIT_UPLOADS_PER_HOUR: '0' })).toThrow(
      /RATE_LIMIT_UPLOADS_PER_HOUR: expected a whole number/,
    );
  });
});
