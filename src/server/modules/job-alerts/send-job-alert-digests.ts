/**
 * The job alert digests (issue 14, decision 0018): every confirmed, active alert whose period is due gets
 * ONE mail with the jobs published on its brand, matching its search (through the one job search,
 * src/server/search), since its last digest, at most once per period with any number of workers and
 * after a crash. The claim, send and lease are the alert digests' shared machinery
 * (../alerts/digest-runner.ts); this is the job alerts' kind of it: which jobs are new for a digest's
 * window (window_start, window_end] and the mail listing them.
 */
import { sql } from 'drizzle-orm';
import type { Brand, BrandId } from '../../../../brands/index.ts';
import { contentLanguageOf } from '../../../i18n/index.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import type { Database } from '../../db/index.ts';
import type { SavedJobSearch } from '../../db/schema/alerts.ts';
import { createLoaders } from '../../graphql/loaders.ts';
import { jobAlertDigestMail, type DigestJob } from '../../mail/job-alert-mails.ts';
import { absoluteUrl, publicOrigin } from '../../public-origin.ts';
import { jobSearchRequestSchema, searchJobs } from '../../search/index.ts';
import {
  brandOfDigest,
  runAlertDigests,
  type AlertDigestKind,
  type ClaimedDigest,
  type DigestOutcome,
  type DigestRunOptions,
  type DigestRunResult,
} from '../alerts/digest-runner.ts';
import { jobPathOf } from '../jobs/job-presenters.ts';
import { oneClickUnsubscribeUrl, unsubscribePageLink } from './alert-links.ts';

export { defaultLeaseSeconds } from '../alerts/digest-runner.ts';
export type { DigestRunResult } from '../alerts/digest-runner.ts';

/** Jobs listed in one mail; the rest are counted with a link to the search. */
export const digestJobLimit = 20;

export interface JobDigestRunOptions extends DigestRunOptions {
  /** Who searches (default: the in-memory index when current, else the database; decision 0008). */
  engine?: 'auto' | 'database' | 'index';
}

type ClaimedJobDigest = ClaimedDigest & { search: SavedJobSearch };

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

/** What a digest needs of a search: the newest hits and how many there are (no facets: kept small). */
type SearchResult = Pick<Awaited<ReturnType<typeof searchJobs>>, 'total' | 'items'>;

/**
 * The searches of one run: alerts that saved the same search on the same brand and language share a window
 * when their periods are due together (the window ends at the run's time), so each search runs once a run.
 */
type SearchCache = Map<string, Promise<SearchResult>>;

async function jobDigest(
  options: { db: Database; secret: Uint8Array; engine: 'auto' | 'database' | 'index' },
  loaders: ReturnType<typeof createLoaders>,
  searches: SearchCache,
  digest: ClaimedJobDigest,
): Promise<DigestOutcome> {
  const { db, secret } = options;
  const context = brandOfDigest(digest);
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
  if (result.total === 0) return { count: 0, mail: null };
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
  return {
    count: result.total,
    mail: jobAlertDigestMail({
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
  };
}

/** The job alerts' kind of digest: confirmed alerts, their jobs published in the window. */
function jobAlertKind(engine: 'auto' | 'database' | 'index'): AlertDigestKind<ClaimedJobDigest> {
  return {
    name: 'job-alerts',
    alertsTable: 'job_alerts',
    digestsTable: 'job_alert_digests',
    countColumn: 'job_count',
    activeCondition: sql`confirmed_at is not null`,
    alertColumns: sql`a.frontend, a.email, a.locale, a.search, a.label, a.search_path, a.token_key`,
    prepare: ({ db, secret }) => {
      const loaders = createLoaders(db);
      const searches: SearchCache = new Map();
      return (digest) => jobDigest({ db, secret, engine }, loaders, searches, digest);
    },
  };
}

/** One run: resumes stale digests, then claims and sends every due one, batch by batch. */
export async function sendJobAlertDigests(options: JobDigestRunOptions): Promise<DigestRunResult> {
  return runAlertDigests(jobAlertKind(options.engine ?? 'auto'), options);
}
