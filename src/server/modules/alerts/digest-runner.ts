/**
 * The digest machinery every alert kind shares (decision 0018; job alerts of issue 14, resume alerts of
 * issue 17): every active alert whose period is due gets ONE mail with what is new for its saved search
 * since its last digest, at most once per period with any number of workers and after a crash.
 *
 * 1. Claim: one statement per batch takes due alerts (`for update skip locked`: two workers take disjoint
 *    sets), inserts a digest row per alert and due date (unique: a period is claimed once) and moves the
 *    alert's window and due date on. Committed before any mail goes out.
 * 2. Send: each claimed digest asks its kind for the matches of its window (window_start, window_end] and
 *    the mail, sends it and marks the row sent (or empty: nothing new, no mail).
 * 3. Resume: a digest claimed by a worker that stopped before sending it is taken over by a later run once
 *    its lease has passed (a compare-and-set on claimed_at, so one run takes it).
 *
 * What differs per kind (`AlertDigestKind`): its two tables (alerts with id, frontend, locale, search, label,
 * search_path, token_key, interval_seconds, window_start, next_digest_at; digests with alert_id, due_at,
 * window_start, window_end, state, claimed_at, attempts, sent_at and a count column), which alerts are
 * active, the alert's columns a digest needs, and how one digest finds its new matches and renders its mail.
 */
import { sql, type SQL } from 'drizzle-orm';
import { brands, type Brand, type Locale } from '../../../../brands/index.ts';
import type { Database } from '../../db/index.ts';
import { logUnexpected } from '../../log.ts';
import { sendMail, type MailMessage } from '../../mail/send-mail.ts';

/** A claimed digest with the columns every alert kind has; a kind adds its own (`alertColumns`). */
export interface ClaimedDigest {
  id: number;
  alert_id: number;
  window_start: string | Date;
  window_end: string | Date;
  frontend: string;
  locale: string;
  label: string;
  search_path: string;
  token_key: string;
  email: string;
}

/** What a kind's digest found: how many new matches, and the mail (null when there are none). */
export interface DigestOutcome {
  count: number;
  mail: MailMessage | null;
}

export interface DigestRunContext {
  db: Database;
  /** Signs the links of the mails (the app secret). */
  secret: Uint8Array;
}

export interface AlertDigestKind<Digest extends ClaimedDigest> {
  /** For logs ("job-alerts"). */
  name: string;
  /** The alerts' and the digests' tables (constants of the code, never input). */
  alertsTable: string;
  digestsTable: string;
  /** The digests' column for the number of matches. */
  countColumn: string;
  /** Which due alerts are active (over the alerts table, unaliased), beyond a positive interval. */
  activeCondition: SQL;
  /** The columns of alert `a` a digest needs (must give every column of ClaimedDigest besides d.*). */
  alertColumns: SQL;
  /** Once per run: how each digest of the run finds its new matches and renders its mail. */
  prepare(context: DigestRunContext): (digest: Digest) => Promise<DigestOutcome>;
}

/** A claimed digest not sent after this long is taken over by another run. */
export const defaultLeaseSeconds = 15 * 60;
/** A digest is tried this often before it is left alone (logged). */
const maxAttempts = 3;

export interface DigestRunOptions {
  db: Database;
  /** Signs the unsubscribe links (the app secret). */
  secret: Uint8Array;
  /** The run's time (tests); the database's clock otherwise. */
  now?: Date;
  /** Alerts claimed per statement. */
  batchSize?: number;
  /** Digests searched and sent at a time. */
  concurrency?: number;
  leaseSeconds?: number;
  /** The transport (default: the mail module). */
  send?: (message: MailMessage) => Promise<void>;
  /** Called after each batch is claimed and committed (tests simulate a crash here). */
  afterClaim?: (digestIds: number[]) => void | Promise<void>;
}

export interface DigestRunResult {
  claimed: number;
  resumed: number;
  sent: number;
  empty: number;
  failed: number;
}

async function claimBatch<Digest extends ClaimedDigest>(
  kind: AlertDigestKind<Digest>,
  db: Database,
  now: Date,
  batchSize: number,
): Promise<Digest[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const alerts = sql.raw(kind.alertsTable);
  const digests = sql.raw(kind.digestsTable);
  const result = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select id, next_digest_at, window_start, interval_seconds from ${alerts}
      where next_digest_at <= ${at} and ${kind.activeCondition} and interval_seconds > 0
      order by next_digest_at, id
      limit ${batchSize}
      for update skip locked
    ), claimed as (
      insert into ${digests} (alert_id, due_at, window_start, window_end, claimed_at)
      select id, next_digest_at, window_start, ${at}, ${at} from due
      on conflict (alert_id, due_at) do nothing
      returning id, alert_id, window_start, window_end
    ), advanced as (
      update ${alerts} a set
        window_start = ${at},
        next_digest_at = case
          when due.next_digest_at + make_interval(secs => due.interval_seconds) > ${at}
            then due.next_digest_at + make_interval(secs => due.interval_seconds)
          else ${at} + make_interval(secs => due.interval_seconds) end,
        updated_at = now()
      from due where a.id = due.id
      returning a.id
    )
    select d.id, d.alert_id, d.window_start, d.window_end, ${kind.alertColumns}
    from claimed d join ${alerts} a on a.id = d.alert_id
    order by d.id`);
  return result.rows as unknown as Digest[];
}

/** Digests whose claim outlived its lease without being sent: taken over, one run each. */
async function resumeStale<Digest extends ClaimedDigest>(
  kind: AlertDigestKind<Digest>,
  db: Database,
  now: Date,
  leaseSeconds: number,
  limit: number,
): Promise<Digest[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const alerts = sql.raw(kind.alertsTable);
  const digests = sql.raw(kind.digestsTable);
  const result = await db.execute<Record<string, unknown>>(sql`
    with stale as (
      select id from ${digests}
      where state = 'claimed' and claimed_at <= ${at} - make_interval(secs => ${leaseSeconds}::float8)
        and attempts < ${maxAttempts}
      order by claimed_at, id
      limit ${limit}
      for update skip locked
    ), taken as (
      update ${digests} d set claimed_at = ${at}, attempts = d.attempts + 1
      from stale where d.id = stale.id
      returning d.id, d.alert_id, d.window_start, d.window_end
    )
    select d.id, d.alert_id, d.window_start, d.window_end, ${kind.alertColumns}
    from taken d join ${alerts} a on a.id = d.alert_id
    order by d.id`);
  return result.rows as unknown as Digest[];
}

/**
 * Marks a digest sent (or empty). Without waiting for the WAL flush (synchronous_commit off, this
 * transaction only): what this protects against is the worker dying, and a committed row survives that;
 * only a crash of the database server itself within a fraction of a second could lose the mark, and the
 * digest would then be sent once more after the lease. Waiting for a flush per mail was most of a run.
 */
async function finish(
  kind: AlertDigestKind<ClaimedDigest>,
  db: Database,
  id: number,
  state: 'sent' | 'empty',
  count: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`update ${sql.raw(kind.digestsTable)} set state = ${state}, ${sql.raw(kind.countColumn)} = ${count},
      sent_at = case when ${state} = 'sent' then now() else null end
      where id = ${id} and state = 'claimed'`);
  });
}

/** The brand and a locale of it (an alert keeps the one it was made in); null for an unknown brand. */
export function brandOfDigest(digest: ClaimedDigest): { brand: Brand; locale: Locale } | null {
  const brand = (brands as Record<string, Brand>)[digest.frontend];
  if (!brand) return null;
  const locale = brand.locales.find((candidate) => candidate === digest.locale) ?? brand.locales[0];
  return { brand, locale };
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** One run of one kind: resumes stale digests, then claims and sends every due one, batch by batch. */
export async function runAlertDigests<Digest extends ClaimedDigest>(
  kind: AlertDigestKind<Digest>,
  options: DigestRunOptions,
): Promise<DigestRunResult> {
  const { db } = options;
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const send = options.send ?? sendMail;
  const now =
    options.now ?? new Date((await db.execute<{ now: string | Date }>(sql`select now() as now`)).rows[0]!.now);
  const result: DigestRunResult = { claimed: 0, resumed: 0, sent: 0, empty: 0, failed: 0 };
  const digestOf = kind.prepare({ db, secret: options.secret });
  const deliver = async (batch: Digest[]) => {
    await eachLimited(batch, concurrency, async (digest) => {
      try {
        const outcome = await digestOf(digest);
        if (outcome.count === 0 || !outcome.mail) {
          await finish(kind as AlertDigestKind<ClaimedDigest>, db, digest.id, 'empty', 0);
          result.empty += 1;
          return;
        }
        await send(outcome.mail);
        await finish(kind as AlertDigestKind<ClaimedDigest>, db, digest.id, 'sent', outcome.count);
        result.sent += 1;
      } catch (error) {
        // Left claimed: a later run takes it over after the lease (at most maxAttempts tries).
        result.failed += 1;
        logUnexpected(kind.name, `the digest ${digest.id} of alert ${digest.alert_id} (${kind.name}) failed`, error);
      }
    });
  };

  for (;;) {
    const stale = await resumeStale(kind, db, now, options.leaseSeconds ?? defaultLeaseSeconds, batchSize);
    if (stale.length === 0) break;
    result.resumed += stale.length;
    await deliver(stale);
    if (stale.length < batchSize) break;
  }
  for (;;) {
    const batch = await claimBatch(kind, db, now, batchSize);
    if (batch.length === 0) break;
    result.claimed += batch.length;
    await options.afterClaim?.(batch.map((digest) => digest.id));
    await deliver(batch);
    if (batch.length < batchSize) break;
  }
  return result;
}
