/**
 * The in-memory engine of the resume search (issue 17), beside its SQL engine (sql-resume-engine.ts) on the
 * one engine interface: the visible resumes of the database in compact arrays, answered in the process by
 * the same rules (base set of brand, text, place and window; facets by facets.ts; the page in the same
 * order). Counting six facets over tens of thousands of resumes costs the database 50–150 ms a search; the
 * copy answers in a few milliseconds.
 *
 * Freshness: the copy holds the database at a known `resume_search_revision` (migration 0034), which every
 * statement changing the resume tables bumps in its own transaction. A search reads the counter first (one
 * tiny statement); while the copy is older, the SQL engine answers and a new copy is built in the
 * background (short statements, so PGlite's one connection keeps serving pages). Resumes change far less
 * often than they are searched, and a copy of 50,000 resumes is built in about a second.
 *
 * Like the SQL engine, it never reads resume_private: nothing private can reach a hit, its order or a count.
 */
import { sql } from 'drizzle-orm';
import { distanceKm, earthRadiusKm } from '../../lib/search/resolve-location.ts';
import type { Database } from '../db/index.ts';
import { resumeFacetFields, type ResumeFacetField } from '../db/schema/resumes.ts';
import { logUnexpected } from '../log.ts';
import type { EngineQuery, SearchEngine, SearchResult } from './engine.ts';
import { rankFacets } from './facets.ts';
import { hasPhrase } from './job-filter.ts';
import type { ResumeFilter, ResumeSearchHit } from './sql-resume-engine.ts';
import {
  addVector,
  emptyTitles,
  germanConfig,
  prepareTerms,
  textMatches,
  titleNumber,
  type Postings,
  type TextIndex,
  type Titles,
} from './text-index.ts';

export interface ResumeIndex extends TextIndex {
  /** The revision the copy holds every change up to (it may hold some later ones too). */
  revision: string;
  /** Visible resumes, most recently updated first (updated_at desc, id desc: the date order of the search). */
  size: number;
  resumeIds: Int32Array;
  /** Index into `brands`. */
  brand: Uint8Array;
  brands: string[];
  /** Milliseconds since the epoch. */
  visibleSince: Float64Array;
  /** NaN where the resume has no place. */
  latitude: Float64Array;
  longitude: Float64Array;
  region: (string | null)[];
  /** lower(title), '' when none, each distinct title once (text-index.ts). */
  titles: Titles;
  /** Per document the number of its title in `titles`. */
  title: Int32Array;
  /** The facet term ids of document d: terms[termStart[d] … termStart[d + 1]). */
  termStart: Int32Array;
  terms: Int32Array;
  /** Per term id the position of its field in resumeFacetFields, -1 for an unknown id. */
  termField: Int8Array;
  termValues: Map<number, string>;
  lexemes: string[];
  postings: Map<string, Postings>;
}

/** Resumes read per statement while building. */
const batchSize = 2000;

type ResumeRow = {
  id: number;
  frontend: string;
  visible_since: number | string;
  latitude: number | null;
  longitude: number | null;
  region: string | null;
  title: string;
  vector: string;
  terms: number[] | null;
};

export async function readResumeSearchRevision(db: Database): Promise<string> {
  const result = await db.execute<{ revision: string | number }>(sql`select revision from resume_search_revision`);
  return String(result.rows[0]?.revision ?? '0');
}

/** What a build found instead of an index: more visible resumes than the process may hold. */
interface TooManyResumes {
  revision: string;
  tooMany: true;
}

/**
 * Reads the visible resumes at the current revision, in the search's date order, straight into the arrays.
 * With more than `maxResumes` visible resumes it reads none: the SQL engine answers alone then.
 */
export async function buildResumeIndex(db: Database, maxResumes: number): Promise<ResumeIndex | TooManyResumes> {
  // Read before the resumes: a change committed while reading makes the copy older than the counter.
  const revision = await readResumeSearchRevision(db);
  const order = await db.execute<{ id: number }>(
    sql`select id from resumes where visible order by updated_at desc, id desc limit ${maxResumes + 1}`,
  );
  if (order.rows.length > maxResumes) return { revision, tooMany: true };
  const ordered = order.rows.map((row) => Number(row.id));
  const capacity = ordered.length;
  const index: ResumeIndex = {
    revision,
    size: 0,
    resumeIds: new Int32Array(capacity),
    brand: new Uint8Array(capacity),
    brands: [],
    visibleSince: new Float64Array(capacity),
    latitude: new Float64Array(capacity),
    longitude: new Float64Array(capacity),
    region: [],
    titles: emptyTitles(),
    title: new Int32Array(capacity),
    termStart: new Int32Array(capacity + 1),
    terms: new Int32Array(capacity * 8),
    termField: new Int8Array(0),
    termValues: new Map(),
    lexemes: [],
    postings: new Map(),
  };
  const regions = new Map<string, string>();
  for (let from = 0; from < ordered.length; from += batchSize) {
    const ids = ordered.slice(from, from + batchSize);
    const rows = await db.execute<ResumeRow>(sql`
      select r.id, r.frontend, extract(epoch from r.visible_since) * 1000 as visible_since,
        r.latitude, r.longitude, r.region, lower(coalesce(r.title, '')) as title, r.search_vector::text as vector,
        (select array_agg(x.term_id) from resume_facet_links x where x.resume_id = r.id) as terms
      from resumes r
      where r.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and r.visible`);
    const byId = new Map(rows.rows.map((row) => [Number(row.id), row]));
    for (const id of ids) {
      // Hidden or deleted since the order was read: the revision read first makes this copy stale anyway.
      const row = byId.get(id);
      if (row) appendResume(index, row, regions);
    }
    // Let pages waiting for the database (and the event loop) go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  index.terms = index.terms.slice(0, index.termStart[index.size]);
  for (const postings of index.postings.values()) postings.bytes = postings.bytes.slice(0, postings.length);
  index.lexemes = [...index.postings.keys()].sort();
  const terms = await db.execute<{ id: number; field: ResumeFacetField; value: string }>(
    sql`select id, field, value from resume_facet_terms`,
  );
  const maxTermId = terms.rows.reduce((max, term) => Math.max(max, Number(term.id)), 0);
  index.termField = new Int8Array(maxTermId + 1).fill(-1);
  for (const term of terms.rows) {
    index.termField[Number(term.id)] = resumeFacetFields.indexOf(term.field);
    index.termValues.set(Number(term.id), term.value);
  }
  return index;
}

function appendResume(index: ResumeIndex, row: ResumeRow, regions: Map<string, string>): void {
  const d = index.size;
  let brand = index.brands.indexOf(row.frontend);
  if (brand < 0) brand = index.brands.push(row.frontend) - 1;
  index.resumeIds[d] = Number(row.id);
  index.brand[d] = brand;
  index.visibleSince[d] = Number(row.visible_since);
  index.latitude[d] = row.latitude === null ? Number.NaN : Number(row.latitude);
  index.longitude[d] = row.longitude === null ? Number.NaN : Number(row.longitude);
  // One string per region (fifty thousand resumes name a few dozen).
  let region = row.region;
  if (region !== null) {
    region = regions.get(region) ?? region;
    regions.set(region, region);
  }
  index.region[d] = region;
  index.title[d] = titleNumber(index.titles, row.title);
  const terms = row.terms ?? [];
  const from = index.termStart[d]!;
  if (from + terms.length > index.terms.length) {
    const grown = new Int32Array(Math.max(from + terms.length, index.terms.length * 2));
    grown.set(index.terms);
    index.terms = grown;
  }
  index.terms.set(terms.map(Number), from);
  index.termStart[d + 1] = from + terms.length;
  addVector(index.postings, d, row.vector);
  index.size = d + 1;
}

/** The answer of the copy, by the rules of the SQL engine (see resumeStatement). */
export function searchResumeIndex(
  index: ResumeIndex,
  query: EngineQuery<ResumeFilter, ResumeFacetField>,
): SearchResult<ResumeSearchHit, ResumeFacetField> {
  const { filter, facets: selection } = query;
  const brand = index.brands.indexOf(filter.brandId);
  const groups = filter.text ? prepareTerms(index, filter.text) : null;
  const positive = groups ? groups.flat().filter((term) => !term.negated) : [];
  const shownAfter = filter.shown ? filter.shown.after.getTime() : -Infinity;
  const shownUntil = filter.shown ? filter.shown.until.getTime() : Infinity;
  const location = filter.location;
  const radius = location?.kind === 'radius' ? location : null;
  const latitudeSpan = radius ? (radius.radiusKm / ((Math.PI * earthRadiusKm) / 180)) * 1.001 : 0;
  const areas = location?.kind === 'area' ? new Set(location.values) : null;

  // Per term id: the selection bit of its field (for its counts), and the bits of the selections naming it.
  const termSlots = index.termField.length;
  const fieldBit = new Int32Array(termSlots);
  const selectedBits = new Int32Array(termSlots);
  for (let term = 0; term < termSlots; term++) {
    const field = resumeFacetFields[index.termField[term]!];
    if (field !== undefined) fieldBit[term] = selection.bits[field];
  }
  for (const field of selection.selected) {
    for (const term of selection.values(field)) if (term < termSlots) selectedBits[term]! |= selection.bits[field];
  }
  const counts = new Int32Array(termSlots);
  const hits: number[] = [];
  const titleScores = new Float64Array(groups ? index.size : 0);
  const { termStart, terms } = index;

  for (let d = 0; d < index.size && brand >= 0; d++) {
    if (index.brand[d] !== brand) continue;
    if (index.visibleSince[d]! <= shownAfter || index.visibleSince[d]! > shownUntil) continue;
    const title = index.title[d]!;
    if (groups && !textMatches(groups, d, germanConfig, title)) continue;
    if (radius) {
      const latitude = index.latitude[d]!;
      // NaN (no place) fails both comparisons.
      if (!(Math.abs(latitude - radius.lat) <= latitudeSpan)) continue;
      const point = { lat: latitude, lon: index.longitude[d]! };
      if (!(distanceKm(radius, point) <= radius.radiusKm)) continue;
    } else if (areas && !areas.has(index.region[d] ?? '')) continue;

    let mask = 0;
    const end = termStart[d + 1]!;
    for (let at = termStart[d]!; at < end; at++) {
      mask |= selectedBits[terms[at]!] ?? 0;
    }
    if (selection.isHit(mask)) {
      hits.push(d);
      if (groups) {
        let inTitle = 0;
        for (const term of positive) if (term.inTitle !== null && term.inTitle[title] === 1) inTitle += 1;
        titleScores[d] = positive.length > 0 ? (inTitle / positive.length) * 10 : 0;
      }
    }
    for (let at = termStart[d]!; at < end; at++) {
      const term = terms[at]!;
      if (term < termSlots && index.termField[term]! >= 0 && selection.countsFor(mask, fieldBit[term]!)) {
        counts[term]! += 1;
      }
    }
  }

  // The page: hits in date order; relevance re-sorts them by the title score, stable for equal scores.
  const ordered = query.byRank && groups ? [...hits].sort((a, b) => titleScores[b]! - titleScores[a]!) : hits;
  const offset = (query.page - 1) * query.pageSize;
  const items = ordered.slice(offset, offset + query.pageSize).map((d): ResumeSearchHit => ({
    resumeId: index.resumeIds[d]!,
    distanceKm: radius ? distanceKm(radius, { lat: index.latitude[d]!, lon: index.longitude[d]! }) : null,
    rank: groups ? titleScores[d]! : 0,
  }));
  const byField = new Map<ResumeFacetField, { value: number; count: number; label: string }[]>();
  for (let term = 0; term < termSlots; term++) {
    if (counts[term] === 0) continue;
    const field = resumeFacetFields[index.termField[term]!]!;
    const list = byField.get(field) ?? [];
    list.push({ value: term, count: counts[term]!, label: index.termValues.get(term) ?? String(term) });
    byField.set(field, list);
  }
  return {
    total: hits.length,
    page: query.page,
    pageSize: query.pageSize,
    items,
    facets: rankFacets({
      fields: resumeFacetFields,
      counts: (field) => byField.get(field) ?? [],
      locale: query.locale,
      limit: query.facetValueLimit,
    }),
  };
}

interface Holder {
  index: ResumeIndex | null;
  /** The revision at which the database held more visible resumes than this limit (no copy then). */
  tooMany: { revision: string; maxResumes: number } | null;
  building: Promise<void> | null;
  /** After a failed build, the next one waits until then (milliseconds since the epoch). */
  retryAt: number;
}

const holders = new WeakMap<Database, Holder>();
const retryAfterMs = 60_000;

function rebuild(db: Database, holder: Holder, maxResumes: number): Promise<void> {
  holder.building ??= buildResumeIndex(db, maxResumes)
    .then((built) => {
      if ('tooMany' in built) {
        // Let the old copy go: it is stale, and the memory is what the limit protects.
        holder.index = null;
        holder.tooMany = { revision: built.revision, maxResumes };
      } else {
        holder.index = built;
        holder.tooMany = null;
      }
    })
    .catch((error: unknown) => {
      holder.retryAt = Date.now() + retryAfterMs;
      logUnexpected('search', 'building the resume index failed; resume searches run in the database', error);
    })
    .finally(() => {
      holder.building = null;
    });
  return holder.building;
}

/**
 * The copy when it holds the database's current revision; otherwise null (a new copy is built in the
 * background), or, with `wait`, the copy once built (null only when the board holds too many resumes).
 */
export async function currentResumeIndex(
  db: Database,
  options: { wait: boolean; maxResumes: number },
): Promise<ResumeIndex | null> {
  let holder = holders.get(db);
  if (!holder) {
    holder = { index: null, tooMany: null, building: null, retryAt: 0 };
    holders.set(db, holder);
  }
  const revision = await readResumeSearchRevision(db);
  const isCurrent = () =>
    holder.index !== null &&
    BigInt(holder.index.revision) >= BigInt(revision) &&
    holder.index.size <= options.maxResumes;
  const tooMany = () => holder.tooMany?.revision === revision && holder.tooMany.maxResumes === options.maxResumes;
  if (isCurrent()) return holder.index;
  if (tooMany()) return null;
  if (!options.wait) {
    if (Date.now() >= holder.retryAt) void rebuild(db, holder, options.maxResumes);
    return null;
  }
  // A build that started before this search's revision may miss a change the searcher made: once more then.
  for (let attempt = 0; attempt < 2 && !isCurrent() && !tooMany(); attempt++) {
    await (holder.building ?? rebuild(db, holder, options.maxResumes));
  }
  return isCurrent() ? holder.index : null;
}

/** The engine: it answers while the copy is current (`wait`: once it is) and the board within `maxResumes`. */
export function indexResumeEngine(
  db: Database,
  options: { wait: boolean; maxResumes: number },
): SearchEngine<ResumeFilter, ResumeFacetField, ResumeSearchHit> {
  return {
    name: 'index',
    async search(query) {
      // Phrases need word positions, which only the database keeps.
      if (hasPhrase(query.filter)) return null;
      const index = await currentResumeIndex(db, options);
      return index && searchResumeIndex(index, query);
    },
  };
}
