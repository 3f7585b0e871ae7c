/**
 * The in-memory job index (decision 0008): the published jobs of the database in compact arrays, read
 * from PostgreSQL (or PGlite) and answered in the process. The database stays the one source of truth:
 * the index is a copy of it at a known `search_revision`, a counter that triggers on every table the search
 * reads bump in the writing transaction (migration 0005). A search first reads the counter (one tiny
 * statement); while the copy is older, the search runs in the database and a new copy is built in the
 * background, in batches of short statements so that PGlite's single connection keeps serving pages.
 *
 * Documents are ordered newest first (published_at desc, id desc), the order of the date sort, so a
 * date-sorted page is the first matching documents in index order.
 *
 * Text: the lexemes of each job's search vector (the stems PostgreSQL's dictionaries made, so queries and
 * documents are normalised alike), with the best weight each has in the job (A title, B organization,
 * C skills, D description). Word positions are not kept: phrase searches run in the database.
 */
import { sql } from 'drizzle-orm';
import { getConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import { textSearchConfigs, type TextSearchConfig } from '../db/schema/columns.ts';
import { log, logUnexpected } from '../log.ts';

/** Term ids (or coordinates) per document: the values of document d are values[start[d]..start[d+1]). */
export interface PerDocument<T extends Int32Array | Float64Array> {
  start: Int32Array;
  values: T;
}

export interface Term {
  vocabulary: string;
  slug: string | null;
  parentId: number | null;
  labels: { de: string; en: string | null; fr: string | null };
}

/**
 * The documents of a lexeme with the lexeme's best weight in each, ascending, packed: per document one
 * unsigned LEB128 varint of `(gap << 2) | (weight - 1)`, where gap is the distance to the previous
 * document (to -1 for the first) and weight 4 title (A), 3 organization (B), 2 skills (C), 1 description
 * (D). The vocabulary is small and most lexemes are common, so most gaps fit in one byte: about a fifth of
 * the 5 bytes per posting of plain arrays (decision 0008 measured 41 MB of postings at 100,000 jobs).
 */
export interface Postings {
  /** How many documents. */
  count: number;
  bytes: Uint8Array;
}

/** Calls `visit` for each document of the postings, ascending, with its weight (1–4). */
export function forEachPosting(postings: Postings, visit: (document: number, weight: number) => void): void {
  const { bytes } = postings;
  let document = -1;
  let at = 0;
  while (at < bytes.length) {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    document += value >>> 2;
    visit(document, (value & 3) + 1);
  }
}

export interface JobIndex {
  revision: string;
  size: number;
  jobIds: Int32Array;
  /** Index into `brands`. */
  brand: Uint8Array;
  brands: string[];
  /** Milliseconds since the epoch. */
  publishedAt: Float64Array;
  /** Milliseconds since the epoch; +Infinity when the job does not expire. */
  expiresAt: Float64Array;
  organization: Int32Array;
  /** Term id, 0 when none. */
  remoteOption: Int32Array;
  yearsOfExperience: Int32Array;
  /** The yearly maximum salary, else the minimum; NaN when none. */
  yearlySalary: Float64Array;
  /** Index into textSearchConfigs. */
  config: Uint8Array;
  /** lower(title). */
  titles: string[];
  employmentTypes: PerDocument<Int32Array>;
  occupations: PerDocument<Int32Array>;
  /**
   * Per document its locations in their order (weight, id; the first is the job's main place): latitude and
   * longitude at the same positions.
   */
  latitudes: PerDocument<Float64Array>;
  longitudes: Float64Array;
  administrativeAreas: (string | null)[];
  countryCodes: (string | null)[];
  /** All lexemes, sorted (for prefixes), and their postings. */
  lexemes: string[];
  postings: Map<string, Postings>;
  organizationIndustries: Map<number, number[]>;
  /** The largest taxonomy term and organization ids (facet counts are arrays indexed by id). */
  maxTermId: number;
  maxOrganizationId: number;
  organizationNames: Map<number, string>;
  terms: Map<number, Term>;
}

/** Jobs read per statement while building: short statements keep PGlite's one connection available. */
const batchSize = 2000;

export async function readSearchRevision(db: Database): Promise<string> {
  const result = await db.execute<{ revision: string | number }>(sql`select revision from search_revision`);
  return String(result.rows[0]?.revision ?? '0');
}

const weightOf = (positions: string | undefined): number => {
  if (!positions) return 1;
  if (positions.includes('A')) return 4;
  if (positions.includes('B')) return 3;
  if (positions.includes('C')) return 2;
  return 1;
};

/** `'lexeme':1A,5 'other''s':3` → lexemes with their best weight. */
export function parseVector(text: string, visit: (lexeme: string, weight: number) => void): void {
  for (const match of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = (match[1] ?? '').replaceAll("''", "'").replaceAll('\\\\', '\\');
    visit(lexeme, weightOf(match[2]));
  }
}

// A type, not an interface: db.execute wants rows assignable to Record<string, unknown>.
type JobRow = {
  id: number;
  frontend: string;
  published: number | string;
  expires: number | string | null;
  organization_id: number;
  remote_option_id: number | null;
  years_of_experience_id: number | null;
  salary: number | string | null;
  search_config: string;
  title: string;
  vector: string;
  employment: number[] | null;
  occupations: number[] | null;
  locations: { lat: number; lon: number; area: string | null; country: string | null }[] | null;
};

/** Postings while reading: a byte buffer that doubles when full (trimmed at the end). */
interface GrowingPostings {
  count: number;
  length: number;
  bytes: Uint8Array;
  last: number;
}

function append(postings: GrowingPostings, document: number, weight: number): void {
  // Below 2^31 for up to 2^28 documents: bitwise operations stay exact.
  let value = ((document - postings.last) << 2) | (weight - 1);
  postings.last = document;
  postings.count += 1;
  // At most 5 bytes per varint.
  if (postings.length + 5 > postings.bytes.length) {
    const bytes = new Uint8Array(postings.bytes.length * 2);
    bytes.set(postings.bytes);
    postings.bytes = bytes;
  }
  while (value >= 0x80) {
    postings.bytes[postings.length++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  postings.bytes[postings.length++] = value;
}

/** What a build found instead of an index: more published jobs than the process may hold. */
export interface TooManyJobs {
  revision: string;
  tooMany: true;
  published: number;
}

/**
 * Reads the published jobs at the current revision (see the module comment), newest first, straight into
 * the index: nothing of a job but its arrays outlives its batch (the worker stays within its memory limit).
 * With more than `maxJobs` published jobs it reads none and says so: the SQL engine answers alone then.
 */
export async function buildJobIndex(db: Database, maxJobs = Number.POSITIVE_INFINITY): Promise<JobIndex | TooManyJobs> {
  // Read before the jobs: a change committed while reading makes the copy older than the counter.
  const revision = await readSearchRevision(db);
  if (Number.isFinite(maxJobs)) {
    const counted = await db.execute<{ count: number | string }>(
      sql`select count(*) as count from jobs where state = 'published' and published_at is not null`,
    );
    const published = Number(counted.rows[0]?.count ?? 0);
    if (published > maxJobs) return { revision, tooMany: true, published };
  }
  const brands: string[] = [];
  const jobIds: number[] = [];
  const brand: number[] = [];
  const publishedAt: number[] = [];
  const expiresAt: number[] = [];
  const organization: number[] = [];
  const remoteOption: number[] = [];
  const yearsOfExperience: number[] = [];
  const yearlySalary: number[] = [];
  const config: number[] = [];
  const titles: string[] = [];
  const employment: number[] = [];
  const employmentStart = [0];
  const occupations: number[] = [];
  const occupationStart = [0];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const locationStart = [0];
  const administrativeAreas: (string | null)[] = [];
  const countryCodes: (string | null)[] = [];
  const growing = new Map<string, GrowingPostings>();
  // One string per distinct area and country: a million locations name a few hundred of them.
  const strings = new Map<string, string>();
  const interned = (value: string | null): string | null => {
    if (value === null) return null;
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };

  // The order first (one sort), then the jobs by id in batches of that order.
  const order = await db.execute<{ id: number }>(sql`
    select id from jobs where state = 'published' and published_at is not null order by published_at desc, id desc`);
  const ordered = order.rows.map((row) => Number(row.id));
  for (let from = 0; from < ordered.length; from += batchSize) {
    const ids = ordered.slice(from, from + batchSize);
    const fetched = await db.execute<JobRow>(sql`
      select j.id, j.frontend,
        extract(epoch from j.published_at) * 1000 as published,
        extract(epoch from j.expires_at) * 1000 as expires,
        j.organization_id, j.remote_option_id, j.years_of_experience_id,
        coalesce(j.salary_max_yearly, j.salary_min_yearly)::float8 as salary,
        j.search_config::text as search_config, j.title, j.search_vector::text as vector,
        (select array_agg(x.term_id) from job_employment_types x where x.job_id = j.id) as employment,
        (select array_agg(x.term_id) from job_occupational_fields x where x.job_id = j.id) as occupations,
        (select json_agg(json_build_object('lat', l.latitude, 'lon', l.longitude, 'area', l.administrative_area,
            'country', l.country_code) order by l.weight, l.id)
          from job_locations l where l.job_id = j.id) as locations
      from jobs j
      where j.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and j.state = 'published' and j.published_at is not null`);
    const byId = new Map(fetched.rows.map((row) => [Number(row.id), row]));
    for (const id of ids) {
      // Changed since the order was read: the revision read first makes this copy stale anyway.
      const row = byId.get(id);
      if (!row) continue;
      const document = jobIds.length;
      let brandNumber = brands.indexOf(row.frontend);
      if (brandNumber < 0) brandNumber = brands.push(row.frontend) - 1;
      jobIds.push(row.id);
      brand.push(brandNumber);
      publishedAt.push(Number(row.published));
      expiresAt.push(row.expires === null ? Number.POSITIVE_INFINITY : Number(row.expires));
      organization.push(row.organization_id);
      remoteOption.push(row.remote_option_id ?? 0);
      yearsOfExperience.push(row.years_of_experience_id ?? 0);
      yearlySalary.push(row.salary === null ? Number.NaN : Number(row.salary));
      config.push(Math.max(0, textSearchConfigs.indexOf(row.search_config as TextSearchConfig)));
      titles.push(row.title.toLowerCase());
      employment.push(...(row.employment ?? []));
      employmentStart.push(employment.length);
      occupations.push(...(row.occupations ?? []));
      occupationStart.push(occupations.length);
      for (const location of row.locations ?? []) {
        latitudes.push(location.lat);
        longitudes.push(location.lon);
        administrativeAreas.push(interned(location.area));
        countryCodes.push(interned(location.country));
      }
      locationStart.push(latitudes.length);
      parseVector(row.vector, (lexeme, weight) => {
        let postings = growing.get(lexeme);
        if (!postings) {
          postings = { count: 0, length: 0, bytes: new Uint8Array(16), last: -1 };
          growing.set(lexeme, postings);
        }
        append(postings, document, weight);
      });
    }
    // Let pages waiting for the database (and the event loop) go first.
    await new Promise((resolve) => setImmediate(resolve));
  }

  const postings = new Map<string, Postings>();
  for (const [lexeme, list] of growing) {
    postings.set(lexeme, { count: list.count, bytes: list.bytes.slice(0, list.length) });
  }
  growing.clear();
  const index: JobIndex = {
    revision,
    size: jobIds.length,
    jobIds: Int32Array.from(jobIds),
    brand: Uint8Array.from(brand),
    brands,
    publishedAt: Float64Array.from(publishedAt),
    expiresAt: Float64Array.from(expiresAt),
    organization: Int32Array.from(organization),
    remoteOption: Int32Array.from(remoteOption),
    yearsOfExperience: Int32Array.from(yearsOfExperience),
    yearlySalary: Float64Array.from(yearlySalary),
    config: Uint8Array.from(config),
    titles,
    employmentTypes: { start: Int32Array.from(employmentStart), values: Int32Array.from(employment) },
    occupations: { start: Int32Array.from(occupationStart), values: Int32Array.from(occupations) },
    latitudes: { start: Int32Array.from(locationStart), values: Float64Array.from(latitudes) },
    longitudes: Float64Array.from(longitudes),
    administrativeAreas,
    countryCodes,
    lexemes: [...postings.keys()].sort(),
    postings,
    organizationIndustries: new Map(),
    maxTermId: 0,
    maxOrganizationId: 0,
    organizationNames: new Map(),
    terms: new Map(),
  };

  const industries = await db.execute<{ organization_id: number; term_id: number }>(
    sql`select organization_id, term_id from organization_industries`,
  );
  for (const { organization_id: organization, term_id: term } of industries.rows) {
    const list = index.organizationIndustries.get(organization) ?? [];
    list.push(term);
    index.organizationIndustries.set(organization, list);
  }
  const organizations = await db.execute<{ id: number; name: string }>(sql`
    select o.id, o.name from organizations o where o.id in (select organization_id from jobs where state = 'published')`);
  for (const { id, name } of organizations.rows) index.organizationNames.set(id, name);
  const terms = await db.execute<{
    id: number;
    vocabulary: string;
    slug: string | null;
    parent_id: number | null;
    label_de: string;
    label_en: string | null;
    label_fr: string | null;
  }>(sql`select id, vocabulary, slug, parent_id, label_de, label_en, label_fr from taxonomy_terms
    where vocabulary in ('remote_option', 'employment_type', 'industry', 'occupational_field', 'years_of_experience')`);
  for (const term of terms.rows) {
    index.terms.set(term.id, {
      vocabulary: term.vocabulary,
      slug: term.slug,
      parentId: term.parent_id,
      labels: { de: term.label_de, en: term.label_en, fr: term.label_fr },
    });
  }
  let maxOrganization = 0;
  for (const organization of index.organization) maxOrganization = Math.max(maxOrganization, organization);
  for (const organization of index.organizationIndustries.keys()) {
    maxOrganization = Math.max(maxOrganization, organization);
  }
  let maxTerm = 0;
  for (const id of index.terms.keys()) maxTerm = Math.max(maxTerm, id);
  for (const values of [
    index.employmentTypes.values,
    index.occupations.values,
    index.remoteOption,
    index.yearsOfExperience,
  ]) {
    for (const id of values) maxTerm = Math.max(maxTerm, id);
  }
  for (const terms of index.organizationIndustries.values()) for (const id of terms) maxTerm = Math.max(maxTerm, id);
  index.maxOrganizationId = maxOrganization;
  index.maxTermId = maxTerm;
  return index;
}

interface Holder {
  index: JobIndex | null;
  /** The last count of published jobs, taken because it was more than the limit then (no index). */
  tooMany: { revision: string; published: number } | null;
  building: Promise<void> | null;
  /** After a failed build, the next one waits until then (milliseconds since the epoch). */
  retryAt: number;
}

const holders = new WeakMap<Database, Holder>();
const retryAfterMs = 60_000;

function holderOf(db: Database): Holder {
  let holder = holders.get(db);
  if (!holder) {
    holder = { index: null, tooMany: null, building: null, retryAt: 0 };
    holders.set(db, holder);
  }
  return holder;
}

function startBuild(db: Database, holder: Holder, maxJobs: number): Promise<void> {
  holder.building ??= buildJobIndex(db, maxJobs)
    .then((built) => {
      if ('tooMany' in built) {
        // Let the old copy go: it is stale, and the memory is what the limit protects.
        holder.index = null;
        if (holder.tooMany === null) {
          log('search').warn(
            `${built.published} published jobs are more than SEARCH_INDEX_MAX_JOBS (${maxJobs}): no in-memory job index, searches run in the database`,
          );
        }
        holder.tooMany = { revision: built.revision, published: built.published };
      } else {
        holder.index = built;
        holder.tooMany = null;
      }
    })
    .catch((error: unknown) => {
      holder.retryAt = Date.now() + retryAfterMs;
      logUnexpected('search', 'building the job index failed; searches run in the database', error);
    })
    .finally(() => {
      holder.building = null;
    });
  return holder.building;
}

export interface CurrentJobIndexOptions {
  /** Build until the index is current instead of answering null at once. */
  wait?: boolean;
  /**
   * More published jobs than this and no index is built or kept, so that a worker never builds a copy it
   * cannot hold; SEARCH_INDEX_MAX_JOBS by default (the search and the similar jobs alike).
   */
  maxJobs?: number;
  /** The revision as this request read it (read once per request: graphql/loaders.ts), else read here. */
  readRevision?: () => Promise<string>;
}

/**
 * The index when it holds the database's current revision; otherwise null (and a build starts in the
 * background), or, with `wait`, builds until it is current. Always null while the database holds more
 * published jobs than `maxJobs` (counted again when the revision changes).
 */
export async function currentJobIndex(db: Database, options: CurrentJobIndexOptions = {}): Promise<JobIndex | null> {
  const holder = holderOf(db);
  const maxJobs = options.maxJobs ?? getConfig().SEARCH_INDEX_MAX_JOBS;
  for (let attempt = 0; ; attempt++) {
    const revision =
      attempt === 0 && options.readRevision ? await options.readRevision() : await readSearchRevision(db);
    if (holder.index?.revision === revision) {
      if (holder.index.size <= maxJobs) return holder.index;
      holder.index = null;
    }
    if (holder.tooMany?.revision === revision && holder.tooMany.published > maxJobs) return null;
    if (!options.wait) {
      if (Date.now() >= holder.retryAt) void startBuild(db, holder, maxJobs);
      return null;
    }
    if (attempt >= 3) throw new Error('the job index did not catch up with the database');
    await startBuild(db, holder, maxJobs);
  }
}
