/**
 * The job alert digests (issue 14, decision 0018): every confirmed, active alert whose period is due gets
 * ONE mail with the jobs published on its brand, matching its search (through the one job search,
 * src/server/search), since its last digest, at most once per period with any number of workers and
 * after a crash.
 *
 * 1. Claim: one statement per batch takes due alerts (`for update skip locked`: two workers take disjoint
 *    sets), inserts a `job_alert_digests` row per alert and due date (unique: a period is claimed once)
 *    and moves the alert's window and due date on. Committed before any mail goes out.
 * 2. Send: each claimed digest runs the search of its window (window_start, window_end], sends the mail
 *    and marks the row sent (or empty: no new jobs, no mail).
 * 3. Resume: a digest claimed by a worker that stopped before sending it is taken over by a later run
 *    once its lease has passed (a compare-and-set on claimed_at, so one run takes it).
 */
import { sql } from 'drizzle-orm';
import { brands, type Brand, type BrandId, type Locale } from '../../../../brands/index.ts';
import { contentLanguageOf } from '../../../i18n/index.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import type { Database } from '../../db/index.ts';
import type { SavedJobSearch } from '../../db/schema/alerts.ts';
import { createLoaders } from '../../graphql/loaders.ts';
import { logUnexpected } from '../../log.ts';
import { jobAlertDigestMail, type DigestJob } from '../../mail/job-alert-mails.ts';
import { sendMail, type MailMessage } from '../../mail/send-mail.ts';
import { absoluteUrl, publicOrigin } from '../../public-origin.ts';
import { jobSearchRequestSchema, searchJobs } from '../../search/index.ts';
import { jobPathOf } from '../jobs/job-presenters.ts';
import { oneClickUnsubscribeUrl, unsubscribePageLink } from './alert-links.ts';

/** Jobs listed in one mail; the rest are counted with a link to the search. */
export const digestJobLimit = 20;
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
  /** Who searches (default: the in-memory index when current, else the database; decision 0008). */
  engine?: 'auto' | 'database' | 'index';
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

type ClaimedDigest = {
  id: number;
  alert_id: number;
  window_start: string | Date;
  window_end: string | Date;
  frontend: string;
  email: string;
  locale: string;
  search: SavedJobSearch;
  label: string;
  search_path: string;
  token_key: string;
};

const claimedColumns = sql`d.id, d.alert_id, d.window_start, d.window_end, a.frontend, a.email, a.locale, a.search,
  a.label, a.search_path, a.token_key`;

async function claimBatch(db: Database, now: Date, batchSize: number): Promise<ClaimedDigest[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<ClaimedDigest>(sql`
    with due as (
      select id, next_digest_at, window_start, interval_seconds from job_alerts
      where next_digest_at <= ${at} and confirmed_at is not null and interval_seconds > 0
      order by next_digest_at, id
      limit ${batchSize}
      for update skip locked
    ), claimed as (
      insert into job_alert_digests (alert_id, due_at, window_start, window_end, claimed_at)
      select id, next_digest_at, window_start, ${at}, ${at} from due
      on conflict (alert_id, due_at) do nothing
      returning id, alert_id, window_start, window_end
    ), advanced as (
      update job_alerts a set
        window_start = ${at},
        next_digest_at = case
          when due.next_digest_at + make_interval(secs => due.interval_seconds) > ${at}
            then due.next_digest_at + make_interval(secs => due.interval_seconds)
          else ${at} + make_interval(secs => due.interval_seconds) end,
        updated_at = now()
      from due where a.id = due.id
      returning a.id
    )
    select ${claimedColumns} from claimed d join job_alerts a on a.id = d.alert_id
    order by d.id`);
  return result.rows;
}

/** Digests whose claim outlived its lease without being sent: taken over, one run each. */
async function resumeStale(db: Database, now: Date, leaseSeconds: number, limit: number): Promise<ClaimedDigest[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<ClaimedDigest>(sql`
    with stale as (
      select id from job_alert_digests
      where state = 'claimed' and claimed_at <= ${at} - make_interval(secs => ${leaseSeconds}::float8)
        and attempts < ${maxAttempts}
      order by claimed_at, id
      limit ${limit}
      for update skip locked
    ), taken as (
      update job_alert_digests d set claimed_at = ${at}, attempts = d.attempts + 1
      from stale where d.id = stale.id
      returning d.id, d.alert_id, d.window_start, d.window_end
    )
    select ${claimedColumns} from taken d join job_alerts a on a.id = d.alert_id
    order by d.id`);
  return result.rows;
}

/**
 * Marks a digest sent (or empty). Without waiting for the WAL flush (synchronous_commit off, this
 * transaction only): what this protects against is the worker dying, and a committed row survives that;
 * only a crash of the database server itself within a fraction of a second could lose the mark, and the
 * digest would then be sent once more after the lease. Waiting for a flush per mail was most of a run.
 */
async function finish(db: Database, id: number, state: 'sent' | 'empty', jobCount: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`update job_alert_digests set state = ${state}, job_count = ${jobCount},
      sent_at = case when ${state} = 'sent' then now() else null end
      where id = ${id} and state = 'claimed'`);
  });
}

/** The job search's request schema per brand (its radius options), built once: zod schemas are not cheap. */
const requestSchemas = new Map<string, ReturnType<typeof jobSearchRequestSchema>>();
function requestSchemaOf(brand: Brand) {
  let schema = requestSchemas.get(brand.id);
  if (!schema) {
    schema = jobSearchRequestSchema(brand.constants.geo);
    requestSchemas.set(brand.id, schema);
  }
  return schema;
}

/** The brand and a locale of it (an alert keeps the one it was made in). */
function brandOf(digest: ClaimedDigest): { brand: Brand; locale: Locale } | null {
  const brand = (brands as Record<string, Brand>)[digest.frontend];
  if (!brand) return null;
  const locale = brand.locales.find((candidate) => candidate === digest.locale) ?? brand.locales[0];
  return { brand, locale };
}

/** What a digest needs of a search: the newest hits and how many there are (no facets: kept small). */
type SearchResult = Pick<Awaited<ReturnType<typeof searchJobs>>, 'total' | 'items'>;

/**
 * The searches of one run: alerts that saved the same search on the same brand and language share a window
 * when their periods are due together (the window ends at the run's time), so each search runs once a run.
 */
type SearchCache = Map<string, Promise<SearchResult>>;

async function sendDigest(
  options: Required<Pick<DigestRunOptions, 'db' | 'secret' | 'send' | 'engine'>>,
  loaders: ReturnType<typeof createLoaders>,
  searches: SearchCache,
  digest: ClaimedDigest,
): Promise<'sent' | 'empty'> {
  const { db, secret } = options;
  const context = brandOf(digest);
  if (!context) throw new Error(`job alert ${digest.alert_id} names an unknown brand ${digest.frontend}`);
  const { brand, locale } = context;
  const request = requestSchemaOf(brand).parse({
    ...digest.search,
    sort: 'publish_date_desc',
    pageSize: digestJobLimit,
  });
  const after = new Date(digest.window_start);
  const until = new Date(digest.window_end);
  const key = JSON.stringify([brand.id, locale, after.getTime(), until.getTime(), request]);
  let pending = searches.get(key);
  if (!pending) {
    pending = searchJobs({
      db,
      input: { ...request, published: { after, until } },
      locale,
      brandId: brand.id as BrandId,
      engine: options.engine,
    }).then(({ total, items }) => ({ total, items }));
    searches.set(key, pending);
  }
  const result = await pending;
  if (result.total === 0) {
    await finish(db, digest.id, 'empty', 0);
    return 'empty';
  }
  const language = contentLanguageOf(locale);
  // One statement per loader for the whole page of hits (DataLoader batches what is asked in one tick).
  const ids = result.items.map((hit) => hit.jobId);
  const [rows, locations, aliases] = await Promise.all([
    loaders.job.loadMany(ids),
    loaders.jobLocations.loadMany(ids),
    loaders.jobPathAliases.loadMany(ids),
  ]);
  const found = rows.flatMap((job, index) => (job && !(job instanceof Error) ? [{ job, index }] : []));
  const organizations = await loaders.organization.loadMany(found.map(({ job }) => job.organizationId));
  const jobs: DigestJob[] = found.map(({ job, index }, position) => {
    const organization = organizations[position];
    const places = locations[index];
    const jobAliases = aliases[index];
    const localities = places instanceof Error || !places ? [] : places.map((place) => place.locality);
    return {
      title: job.title,
      organization: organization && !(organization instanceof Error) ? organization.name : '',
      place: [...new Set(localities.filter(Boolean))].slice(0, 3).join(', '),
      url: absoluteUrl(
        localizePath(
          jobPathOf(job, jobAliases instanceof Error || !jobAliases ? [] : jobAliases, language),
          locale,
          brand,
        ),
      ),
    };
  });
  const alert = { id: digest.alert_id, tokenKey: digest.token_key };
  await options.send(
    jobAlertDigestMail({
      to: digest.email,
      label: digest.label,
      jobs,
      total: result.total,
      searchLink: absoluteUrl(digest.search_path),
      links: {
        unsubscribePage: unsubscribePageLink(secret, alert, brand, locale),
        oneClick: oneClickUnsubscribeUrl(secret, alert),
      },
      brand,
      locale,
      messageId: `<job-alert-digest-${digest.id}@${publicOrigin().hostname}>`,
    }),
  );
  await finish(db, digest.id, 'sent', result.total);
  return 'sent';
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** One run: resumes stale digests, then claims and sends every due one, batch by batch. */
export async function sendJobAlertDigests(options: DigestRunOptions): Promise<DigestRunResult> {
  const { db } = options;
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const send = options.send ?? sendMail;
  const now =
    options.now ?? new Date((await db.execute<{ now: string | Date }>(sql`select now() as now`)).rows[0]!.now);
  const result: DigestRunResult = { claimed: 0, resumed: 0, sent: 0, empty: 0, failed: 0 };
  const loaders = createLoaders(db);
  const searches: SearchCache = new Map();
  const engine = options.engine ?? 'auto';
  const deliver = async (batch: ClaimedDigest[]) => {
    await eachLimited(batch, concurrency, async (digest) => {
      try {
        result[await sendDigest({ db, secret: options.secret, send, engine }, loaders, searches, digest)] += 1;
      } catch (error) {
        // Left claimed: a later run takes it over after the lease (at most maxAttempts tries).
        result.failed += 1;
        logUnexpected('job-alerts', `the digest ${digest.id} of job alert ${digest.alert_id} failed`, error);
      }
    });
  };

  for (;;) {
    const stale = await resumeStale(db, now, options.leaseSeconds ?? defaultLeaseSeconds, batchSize);
    if (stale.length === 0) break;
    result.resumed += stale.length;
    await deliver(stale);
    if (stale.length < batchSize) break;
  }
  for (;;) {
    const batch = await claimBatch(db, now, batchSize);
    if (batch.length === 0) break;
    result.claimed += batch.length;
    await options.afterClaim?.(batch.map((digest) => digest.id));
    await deliver(batch);
    if (batch.length < batchSize) break;
  }
  return result;
}
