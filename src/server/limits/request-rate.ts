/**
 * Request rate limits of the HTTP endpoints (POST /graphql, uploads, /api/auth/_log), shared by every
 * process on the database: a fixed-window counter per key in rate_limit_counters, one upsert per counted
 * request. Windows are cut from the database's clock, so workers on several hosts count in the same window.
 * The in-process calls of the pages (src/server/backend.ts) are not counted: they never pass through here.
 */
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../brands/types.ts';
import { createTranslator, isSupportedLocale } from '../../i18n/index.ts';
import { FRONTEND_HEADER, parseFrontendHeader } from '../../lib/backend-client/index.ts';
import { getDatabase, type Database } from '../db/index.ts';
import { rateLimitCounters } from '../db/schema/auth.ts';
import { getConfig } from '../config.ts';
import { AppError, httpStatusOf } from '../errors.ts';
import { log, logUnexpected } from '../log.ts';

export interface RateLimit {
  /** What is counted and for whom, e.g. "graphql:ip:203.0.113.7". */
  key: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimitRefusal {
  limit: RateLimit;
  /** Seconds until the window that refused ends. */
  retryAfterSeconds: number;
}

/**
 * The part of a client address that identifies one client: IPv4 as is (also when IPv4-mapped), IPv6 by
 * its /64 prefix, since one connection usually holds a whole /64 and could change address per request.
 */
export function clientKeyOf(address: string | null | undefined): string {
  if (!address) return 'unknown';
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = plain.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const cleanupIntervalMs = 10 * 60 * 1000;
let lastCleanup = 0;

/** Deletes windows that ended long ago (the longest window is an hour). */
export async function deleteOldWindows(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < now() - interval '1 day'`);
}

/**
 * Counts one request against each limit; returns the refusal of the first limit that is exceeded, or
 * null. Refused requests are counted too, so hammering does not open the window early.
 */
export async function countRequest(db: Database, limits: readonly RateLimit[]): Promise<RateLimitRefusal | null> {
  if (limits.length === 0) return null;
  if (Date.now() - lastCleanup > cleanupIntervalMs) {
    lastCleanup = Date.now();
    await deleteOldWindows(db);
  }
  const windowStart = (seconds: number) =>
    sql`to_timestamp(floor(extract(epoch from now()) / ${seconds}::integer) * ${seconds}::integer)`;
  const rows = await db
    .insert(rateLimitCounters)
    .values(limits.map((limit) => ({ key: limit.key, windowStart: windowStart(limit.windowSeconds), hits: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({
      key: rateLimitCounters.key,
      hits: rateLimitCounters.hits,
      secondsIntoWindow: sql<number>`extract(epoch from now() - ${rateLimitCounters.windowStart})::float8`.mapWith(
        Number,
      ),
    });
  for (const limit of limits) {
    const row = rows.find((candidate) => candidate.key === limit.key);
    if (row && row.hits > limit.max) {
      return { limit, retryAfterSeconds: Math.max(1, Math.ceil(limit.windowSeconds - row.secondsIntoWindow)) };
    }
  }
  return null;
}

/**
 * Counts one upload of a signed-in user under `kind` (e.g. "blog-image") against RATE_LIMIT_UPLOADS_PER_HOUR
 * per user and hour, in the service itself, so the count also holds for calls that do not pass the HTTP
 * front's limits. Throws RATE_LIMITED with the translated api.error.rateLimited when it is exceeded; call
 * it before the upload is read.
 */
export async function requireUploadRate(
  db: Database,
  options: { kind: string; userId: number; locale: Locale },
): Promise<void> {
  const { kind, userId, locale } = options;
  const refusal = await countRequest(db, [
    { key: `${kind}:user:${String(userId)}`, max: getConfig().RATE_LIMIT_UPLOADS_PER_HOUR, windowSeconds: 60 * 60 },
  ]);
  if (refusal) {
    throw new AppError(
      'RATE_LIMITED',
      { key: 'api.error.rateLimited', locale },
      { retryAfterSeconds: refusal.retryAfterSeconds },
    );
  }
}

/**
 * 429 with Retry-After and a GraphQL-shaped error, in the language of the request's frontend header
 * (English for API clients without one); one log line per refusal.
 */
export function rateLimitedResponse(request: Request, refusal: RateLimitRefusal): Response {
  const frontend = parseFrontendHeader(request.headers.get(FRONTEND_HEADER));
  const locale = frontend && isSupportedLocale(frontend.locale) ? frontend.locale : 'en-GB';
  log('rate-limit').warn(
    { key: refusal.limit.key, max: refusal.limit.max, windowSeconds: refusal.limit.windowSeconds },
    'request refused: rate limit exceeded',
  );
  return Response.json(
    { errors: [{ message: createTranslator(locale)('api.error.rateLimited'), extensions: { code: 'RATE_LIMITED' } }] },
    {
      status: httpStatusOf('RATE_LIMITED'),
      headers: { 'Retry-After': String(refusal.retryAfterSeconds), 'Cache-Control': 'no-store' },
    },
  );
}

/**
 * Counts the request; the 429 response when a limit is exceeded, null when it may go on. When the count
 * itself fails the request goes on (and is logged): the database it needs will answer for it anyway.
 */
export async function enforceRequestRate(
  request: Request,
  limits: readonly RateLimit[],
  database: () => Promise<Database> = async () => (await getDatabase()).db,
): Promise<Response | null> {
  let refusal: RateLimitRefusal | null;
  try {
    refusal = await countRequest(await database(), limits);
  } catch (error) {
    logUnexpected('rate-limit', 'counting a request failed; it was let through', error);
    return null;
  }
  return refusal && rateLimitedResponse(request, refusal);
}
