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
import { addVector, emptyTitles, room, titleNumber, type Postings, type Titles } from './text-index.ts';

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

export interface JobIndex {
  /** The revision the copy holds every change up to (it may hold some later ones too). */
  revision: string;
  /** Documents, removed ones included. */
  size: number;
  /**
   * Documents [0, ordered) are newest first (published_at desc, id desc), as the build read them; those a
   * catch-up appended after them are in the order they came (see `newestFirst`).
   */
  ordered: number;
  /** 1 for a document a catch-up replaced or took out: skipped by every search. */
  removed: Uint8Array;
  removedCount: number;
  /** Job id → its document (the live one). */
  documents: Map<number, number>;
  jobIds: Int32Array;
  /** Index into `brands`. */
  brand: Uint8Array;
  brands: string[];
  /**
   * Per brand (as `brand`) its documents, ascending: a search of one brand walks its own jobs only. The
   * first `length` values are in use.
   */
  brandDocuments: { documents: Int32Array; length: number }[];
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
  /** lower(title), each distinct title once (text-index.ts). */
  titles: Titles;
  /** Per document the number of its title in `titles`. */
  title: Int32Array;
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
  /** One string per distinct administrative area and country code (a million locations name a few hundred). */
  strings: Map<string, string>;
}

/** Jobs read per statement while building: short statements keep PGlite's one connection available. */
const batchSize = 2000;

export async function readSearchRevision(db: Database): Promise<string> {
  const result = await db.execute<{ revision: string | number }>(sql`select revision from search_revision`);
  return String(result.rows[0]?.revision ?? '0');
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

function appendValues<T extends Int32Array | Float64Array>(
  list: PerDocument<T>,
  document: number,
  values: readonly number[],
): PerDocument<T> {
  const from = list.start[document]!;
  const start = room(list.start, document + 2);
  const grown = room(list.values, from + values.length);
  grown.set(values, from);
  start[document + 1] = from + values.length;
  return { start, values: grown };
}

/** An empty index with room for `capacity` documents. */
function emptyIndex(revision: string, capacity: number): JobIndex {
  const perDocument = () => ({ start: new Int32Array(capacity + 1), values: new Int32Array(capacity) });
  return {
    revision,
    size: 0,
    ordered: 0,
    removed: new Uint8Array(capacity),
    removedCount: 0,
    documents: new Map(),
    jobIds: new Int32Array(capacity),
    brand: new Uint8Array(capacity),
    brands: [],
    brandDocuments: [],
    publishedAt: new Float64Array(capacity),
    expiresAt: new Float64Array(capacity),
    organization: new Int32Array(capacity),
    remoteOption: new Int32Array(capacity),
    yearsOfExperience: new Int32Array(capacity),
    yearlySalary: new Float64Array(capacity),
    config: new Uint8Array(capacity),
    titles: emptyTitles(),
    title: new Int32Array(capacity),
    employmentTypes: perDocument(),
    occupations: perDocument(),
    latitudes: { start: new Int32Array(capacity + 1), values: new Float64Array(capacity) },
    longitudes: new Float64Array(capacity),
    administrativeAreas: [],
    countryCodes: [],
    lexemes: [],
    postings: new Map(),
    organizationIndustries: new Map(),
    maxTermId: 0,
    maxOrganizationId: 0,
    organizationNames: new Map(),
    terms: new Map(),
    strings: new Map(),
  };
}

/**
 * Appends a job as the next document (the arrays grow when full); `onNewLexeme` hears of each lexeme the
 * index had no postings for.
 */
function appendDocument(index: JobIndex, row: JobRow, onNewLexeme: (lexeme: string) => void): void {
  const document = index.size;
  const capacity = document + 1;
  const interned = (value: string | null): string | null => {
    if (value === null) return null;
    const known = index.strings.get(value);
    if (known !== undefined) return known;
    index.strings.set(value, value);
    return value;
  };
  let brandNumber = index.brands.indexOf(row.frontend);
  if (brandNumber < 0) {
    brandNumber = index.brands.push(row.frontend) - 1;
    index.brandDocuments.push({ documents: new Int32Array(1024), length: 0 });
  }
  const ofBrand = index.brandDocuments[brandNumber]!;
  ofBrand.documents = room(ofBrand.documents, ofBrand.length + 1);
  ofBrand.documents[ofBrand.length++] = document;
  index.jobIds = room(index.jobIds, capacity);
  index.jobIds[document] = row.id;
  index.documents.set(row.id, document);
  index.removed = room(index.removed, capacity);
  index.removed[document] = 0;
  index.brand = room(index.brand, capacity);
  index.brand[document] = brandNumber;
  index.publishedAt = room(index.publishedAt, capacity);
  index.publishedAt[document] = Number(row.published);
  index.expiresAt = room(index.expiresAt, capacity);
  index.expiresAt[document] = row.expires === null ? Number.POSITIVE_INFINITY : Number(row.expires);
  index.organization = room(index.organization, capacity);
  index.organization[document] = row.organization_id;
  index.maxOrganizationId = Math.max(index.maxOrganizationId, row.organization_id);
  index.remoteOption = room(index.remoteOption, capacity);
  index.remoteOption[document] = row.remote_option_id ?? 0;
  index.yearsOfExperience = room(index.yearsOfExperience, capacity);
  index.yearsOfExperience[document] = row.years_of_experience_id ?? 0;
  index.yearlySalary = room(index.yearlySalary, capacity);
  index.yearlySalary[document] = row.salary === null ? Number.NaN : Number(row.salary);
  index.config = room(index.config, capacity);
  index.config[document] = Math.max(0, textSearchConfigs.indexOf(row.search_config as TextSearchConfig));
  index.title = room(index.title, capacity);
  index.title[document] = titleNumber(index.titles, row.title.toLowerCase());
  const employment = row.employment ?? [];
  const occupations = row.occupations ?? [];
  index.employmentTypes = appendValues(index.employmentTypes, document, employment);
  index.occupations = appendValues(index.occupations, document, occupations);
  for (const id of [...employment, ...occupations, row.remote_option_id ?? 0, row.years_of_experience_id ?? 0]) {
    index.maxTermId = Math.max(index.maxTermId, id);
  }
  const locations = row.locations ?? [];
  const firstLocation = index.latitudes.start[document]!;
  index.latitudes = appendValues(
    index.latitudes,
    document,
    locations.map((location) => location.lat),
  );
  index.longitudes = room(index.longitudes, firstLocation + locations.length);
  for (const [at, location] of locations.entries()) {
    index.longitudes[firstLocation + at] = location.lon;
    index.administrativeAreas[firstLocation + at] = interned(location.area);
    index.countryCodes[firstLocation + at] = interned(location.country);
  }
  addVector(index.postings, document, row.vector, onNewLexeme);
  index.size = capacity;
}

/**
 * The jobs with these ids that are published, with what the index keeps of them (at most `limit`). The ids
 * go as one array parameter: any number of them.
 */
async function readJobRows(db: Database, ids: readonly number[], limit?: number): Promise<JobRow[]> {
  if (ids.length === 0) return [];
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
    where j.id = any(${`{${ids.join(',')}}`}::int[]) and j.state = 'published' and j.published_at is not null
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`);
  return fetched.rows.map((row) => ({ ...row, id: Number(row.id), organization_id: Number(row.organization_id) }));
}

/** The industries of organizations (rows of organization_industries), for the organizations they name. */
function setIndustries(index: JobIndex, rows: readonly { organization_id: number; term_id: number }[]): void {
  for (const organization of new Set(rows.map((row) => Number(row.organization_id)))) {
    index.organizationIndustries.set(organization, []);
    index.maxOrganizationId = Math.max(index.maxOrganizationId, organization);
  }
  for (const { organization_id: organization, term_id: term } of rows) {
    index.organizationIndustries.get(Number(organization))!.push(term);
    index.maxTermId = Math.max(index.maxTermId, term);
  }
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
  // The order first (one sort), then the jobs by id in batches of that order.
  const order = await db.execute<{ id: number }>(sql`
    select id from jobs where state = 'published' and published_at is not null order by published_at desc, id desc`);
  const ordered = order.rows.map((row) => Number(row.id));
  const index = emptyIndex(revision, ordered.length);
  for (let from = 0; from < ordered.length; from += batchSize) {
    const ids = ordered.slice(from, from + batchSize);
    const byId = new Map((await readJobRows(db, ids)).map((row) => [row.id, row]));
    for (const id of ids) {
      // Changed since the order was read: the revision read first makes this copy stale anyway.
      const row = byId.get(id);
      if (row) appendDocument(index, row, () => {});
    }
    // Let pages waiting for the database (and the event loop) go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  index.ordered = index.size;
  // Postings without the room for growth; catch-ups grow the ones they append to.
  for (const postings of index.postings.values()) postings.bytes = postings.bytes.slice(0, postings.length);
  for (const list of [index.employmentTypes, index.occupations]) {
    list.values = list.values.slice(0, list.start[index.size]);
  }
  index.latitudes.values = index.latitudes.values.slice(0, index.latitudes.start[index.size]);
  index.longitudes = index.longitudes.slice(0, index.latitudes.start[index.size]);
  index.lexemes = [...index.postings.keys()].sort();

  const industries = await db.execute<{ organization_id: number; term_id: number }>(
    sql`select organization_id, term_id from organization_industries`,
  );
  setIndustries(index, industries.rows);
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
  for (const id of index.terms.keys()) index.maxTermId = Math.max(index.maxTermId, id);
  return index;
}

/** Whether document a comes before document b in the date order (published_at desc, id desc). */
function isNewer(index: JobIndex, a: number, b: number): boolean {
  const difference = index.publishedAt[a]! - index.publishedAt[b]!;
  return difference > 0 || (difference === 0 && index.jobIds[a]! > index.jobIds[b]!);
}

/**
 * Documents given in ascending order, newest first: the built ones are in that order already, the few a
 * catch-up appended after them are sorted and merged in.
 */
export function newestFirst<T extends ArrayLike<number>>(index: JobIndex, documents: T): T | number[] {
  let split = documents.length;
  while (split > 0 && documents[split - 1]! >= index.ordered) split -= 1;
  if (split === documents.length) return documents;
  const appended: number[] = [];
  for (let at = split; at < documents.length; at++) appended.push(documents[at]!);
  appended.sort((a, b) => (isNewer(index, a, b) ? -1 : isNewer(index, b, a) ? 1 : 0));
  const merged: number[] = [];
  let built = 0;
  let next = 0;
  while (built < split || next < appended.length) {
    if (next === appended.length || (built < split && isNewer(index, documents[built]!, appended[next]!))) {
      merged.push(documents[built++]!);
    } else merged.push(appended[next++]!);
  }
  return merged;
}

/**
 * More changed jobs to read back than this since the copy's revision, and a new copy is built instead. Jobs
 * that are no longer published cost nothing to read back (the job runner's archiving names thousands at
 * once after a pause, migration 0035): only those still published count.
 */
const catchUpLimit = 5000;

/** Jobs appended by catch-ups, or removed from the copy, beyond which a new copy is built (in the background). */
function wantsCompaction(index: JobIndex): boolean {
  const slack = Math.max(2000, index.ordered >> 4);
  return index.size - index.ordered > slack || index.removedCount > slack;
}

/**
 * Brings the copy up to the database's current revision with the changes search_changes lists since the
 * copy's revision (migration 0010): the changed jobs are read again (one statement) and replace their
 * documents. False when that cannot be done and a new copy must be built: the list was pruned past the
 * copy, names something other than jobs and industries (taxonomy terms, an organization's name), or is too
 * long, or another build replaced the copy meanwhile.
 */
async function catchUp(db: Database, holder: Holder, index: JobIndex): Promise<boolean> {
  // One statement: the counter and the changes up to it (a change committed later has a higher revision).
  const changes = await db.execute<{
    revision: string | number;
    pruned_through: string | number;
    job_id: number | null;
    organization_id: number | null;
    listed: boolean;
  }>(sql`
    select r.revision, r.pruned_through, c.job_id, c.organization_id, c.revision is not null as listed
    from search_revision r
    left join lateral (
      select distinct job_id, organization_id, 0 as revision from search_changes
      where revision > ${index.revision} and revision <= r.revision
    ) c on true`);
  const first = changes.rows[0];
  const target = String(first?.revision ?? '0');
  if (BigInt(first?.pruned_through ?? 0) > BigInt(index.revision)) return false;
  const jobIds = new Set<number>();
  const organizationIds = new Set<number>();
  for (const change of changes.rows) {
    if (!change.listed) continue;
    if (change.job_id !== null) jobIds.add(Number(change.job_id));
    else if (change.organization_id !== null) organizationIds.add(Number(change.organization_id));
    else return false;
  }
  const rows = await readJobRows(db, [...jobIds], catchUpLimit + 1);
  if (rows.length > catchUpLimit) return false;
  const unnamed = [...new Set(rows.map((row) => row.organization_id))].filter(
    (organization) => !index.organizationNames.has(organization),
  );
  const names =
    unnamed.length === 0
      ? []
      : (
          await db.execute<{ id: number; name: string }>(
            sql`select id, name from organizations where id in (${sql.join(
              unnamed.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).rows;
  const industries =
    organizationIds.size === 0
      ? []
      : (
          await db.execute<{ organization_id: number; term_id: number }>(
            sql`select organization_id, term_id from organization_industries where organization_id in (${sql.join(
              [...organizationIds].map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).rows;
  // Applied at once (no await from here on): a search sees the copy before or after, never half of it.
  if (holder.index !== index || BigInt(index.revision) >= BigInt(target)) return holder.index === index;
  for (const id of jobIds) {
    const document = index.documents.get(id);
    if (document === undefined) continue;
    index.removed[document] = 1;
    index.removedCount += 1;
    index.documents.delete(id);
  }
  for (const row of rows) {
    appendDocument(index, row, (lexeme) => {
      let low = 0;
      let high = index.lexemes.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (index.lexemes[middle]! < lexeme) low = middle + 1;
        else high = middle;
      }
      index.lexemes.splice(low, 0, lexeme);
    });
  }
  for (const { id, name } of names) index.organizationNames.set(Number(id), name);
  for (const organization of organizationIds) index.organizationIndustries.delete(organization);
  setIndustries(index, industries);
  index.revision = target;
  return true;
}

interface Holder {
  index: JobIndex | null;
  /** The last count of published jobs, taken because it was more than the limit then (no index). */
  tooMany: { revision: string; published: number } | null;
  building: Promise<void> | null;
  /** After a failed build, the next one waits until then (milliseconds since the epoch). */
  retryAt: number;
  catchingUp: Promise<boolean> | null;
  /** The revision of a copy that could not catch up: it waits for the new copy. */
  stuckAt: string | null;
}

const holders = new WeakMap<Database, Holder>();
const retryAfterMs = 60_000;

function holderOf(db: Database): Holder {
  let holder = holders.get(db);
  if (!holder) {
    holder = { index: null, tooMany: null, building: null, retryAt: 0, catchingUp: null, stuckAt: null };
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
        // A compaction may finish behind the copy it replaces: the next search catches it up.
        holder.index = built;
        holder.tooMany = null;
        holder.stuckAt = null;
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

/** Catches the held copy up (one catch-up at a time); true when it is at `revision` or later. */
async function caughtUp(db: Database, holder: Holder, index: JobIndex, revision: string): Promise<boolean> {
  if (holder.stuckAt === index.revision) return false;
  for (let attempt = 0; attempt < 2; attempt++) {
    holder.catchingUp ??= catchUp(db, holder, index)
      .catch((error: unknown) => {
        // As a failed build: the search runs in the database, and a new copy is built.
        logUnexpected('search', 'catching the job index up failed; it is rebuilt', error);
        return false;
      })
      .finally(() => {
        holder.catchingUp = null;
      });
    if (!(await holder.catchingUp)) {
      if (holder.index === index) holder.stuckAt = index.revision;
      return false;
    }
    if (holder.index !== index) return false;
    if (BigInt(index.revision) >= BigInt(revision)) return true;
  }
  return false;
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
 * The index when it holds the database's current revision (after catching up with the changes since its
 * own, see `catchUp`); otherwise null (and a build starts in the background), or, with `wait`, builds
 * until it is current. Always null while the database holds more published jobs than `maxJobs` (counted
 * again when the revision changes).
 */
export async function currentJobIndex(db: Database, options: CurrentJobIndexOptions = {}): Promise<JobIndex | null> {
  const holder = holderOf(db);
  const maxJobs = options.maxJobs ?? getConfig().SEARCH_INDEX_MAX_JOBS;
  for (let attempt = 0; ; attempt++) {
    const revision =
      attempt === 0 && options.readRevision ? await options.readRevision() : await readSearchRevision(db);
    const index = holder.index;
    if (index && (BigInt(index.revision) >= BigInt(revision) || (await caughtUp(db, holder, index, revision)))) {
      if (index.size - index.removedCount <= maxJobs) {
        if (wantsCompaction(index) && Date.now() >= holder.retryAt) void startBuild(db, holder, maxJobs);
        return index;
      }
      holder.index = null;
    } else if (index && holder.index !== index && attempt < 3) {
      // A new copy replaced this one while it caught up: try with that.
      continue;
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

/** How long search_changes keeps a change: a copy older than that is rebuilt instead of caught up. */
export const searchChangesKeptMs = 60 * 60 * 1000;

/**
 * Deletes the changes older than `searchChangesKeptMs` and remembers the newest revision deleted in
 * search_revision.pruned_through (a copy at or below it cannot catch up). Run by the recurring task.
 */
export async function pruneSearchChanges(db: Database): Promise<number> {
  const pruned = await db.execute<{ deleted: number | string }>(sql`
    with deleted as (
      delete from search_changes
      where created_at < now() - make_interval(secs => ${searchChangesKeptMs / 1000})
      returning revision
    ), noted as (
      update search_revision set pruned_through = greatest(pruned_through, (select max(revision) from deleted))
      where exists (select 1 from deleted)
      returning 1
    )
    select count(*) as deleted from deleted`);
  return Number(pruned.rows[0]?.deleted ?? 0);
}
