/**
 * The in-memory engine of the job search (decision 0008): answered from the index of job-index.ts with the
 * rules of the SQL engine (sql-job-engine.ts): the base set (brand, open, text, title, salary, category,
 * place), the facets by the rules of facets.ts, the page in the requested order.
 *
 * Relevance: the share of the search words found in the title (×10, as in the database) plus, per word,
 * the weight of the best field the word was found in (title 1, organization 0.4, skills 0.2, description
 * 0.1; the weights ts_rank is given in the database), averaged over the words.
 */
import { earthRadiusKm } from '../../lib/search/resolve-location.ts';
import type { Database } from '../db/index.ts';
import type { EngineQuery, SearchEngine } from './engine.ts';
import { localizedText } from '../../i18n/index.ts';
import { rankFacets } from './facets.ts';
import { currentJobIndex, newestFirst, type JobIndex } from './job-index.ts';
import { prepareTerms, textMatches, titlesContaining, type IndexTerm } from './text-index.ts';
import { hasPhrase, type JobFilter } from './job-filter.ts';
import { jobFacetFields, type JobFacetField, type JobSearchHit, type JobSearchResult } from './types.ts';

/**
 * The in-memory engine: it answers while the index is current (`wait`: once it is), and never phrases,
 * which need word positions, nor on a database with more than `maxJobs` published jobs (no index then).
 */
export function indexJobEngine(
  db: Database,
  options: { wait: boolean; maxJobs: number },
): SearchEngine<JobFilter, JobFacetField, JobSearchHit> {
  return {
    name: 'index',
    async search(query) {
      // Phrases need word positions, which only the database keeps.
      if (hasPhrase(query.filter)) return null;
      const index = await currentJobIndex(db, options);
      return index && searchIndex(index, query, Date.now());
    },
  };
}

const kmPerDegree = (Math.PI * earthRadiusKm) / 180;
/** Rank value of a weight code of job-index.ts (1 description … 4 title). */
const weightValue = [0, 0.1, 0.2, 0.4, 1];

function distanceKm(lat: number, lon: number, cosLat: number, latitude: number, longitude: number): number {
  const toRadians = Math.PI / 180;
  const a =
    Math.sin(((latitude - lat) * toRadians) / 2) ** 2 +
    cosLat * Math.cos(latitude * toRadians) * Math.sin(((longitude - lon) * toRadians) / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** `title`: the number of the document's title (text-index.ts, Titles). */
function rankOf(positive: readonly IndexTerm[], d: number, config: number, title: number): number {
  if (positive.length === 0) return 0;
  let inTitle = 0;
  let weights = 0;
  for (const term of positive) {
    if (term.inTitle !== null && term.inTitle[title] === 1) inTitle += 1;
    const own = term.own[config] ?? term.any;
    if (own) weights += weightValue[own[d]!] ?? 0;
  }
  return (inTitle / positive.length) * 10 + weights / positive.length;
}

/**
 * The first `count` of `ordered` by `rank`, highest first, in their order in `ordered` among equal ranks
 * (as a stable sort would give them), without sorting every hit: a heap of the best `count` so far.
 */
export function bestRanked(ordered: ArrayLike<number>, rank: (d: number) => number, count: number): number[] {
  const size = Math.min(count, ordered.length);
  if (size <= 0) return [];
  // Heap entries are positions in `ordered`; the root is the worst of the kept ones.
  const ranks = new Float64Array(size);
  const positions = new Int32Array(size);
  const worse = (a: number, b: number) =>
    ranks[a]! < ranks[b]! || (ranks[a] === ranks[b] && positions[a]! > positions[b]!);
  const swap = (a: number, b: number) => {
    [ranks[a], ranks[b]] = [ranks[b]!, ranks[a]!];
    [positions[a], positions[b]] = [positions[b]!, positions[a]!];
  };
  const siftDown = (from: number, length: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < length && worse(left, worst)) worst = left;
      if (right < length && worse(right, worst)) worst = right;
      if (worst === at) return;
      swap(at, worst);
      at = worst;
    }
  };
  let length = 0;
  for (let position = 0; position < ordered.length; position++) {
    const value = rank(ordered[position]!);
    if (length < size) {
      ranks[length] = value;
      positions[length] = position;
      let at = length++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(at, parent)) break;
        swap(at, parent);
        at = parent;
      }
    } else if (value > ranks[0]!) {
      // Later positions lose ties: only a higher rank displaces the worst kept.
      ranks[0] = value;
      positions[0] = position;
      siftDown(0, length);
    }
  }
  const kept = Array.from({ length }, (_, at) => at).sort(
    (a, b) => ranks[b]! - ranks[a]! || positions[a]! - positions[b]!,
  );
  return kept.map((at) => ordered[positions[at]!]!);
}

/** The values (array positions) with a count. */
function* nonZero(counts: Int32Array): Generator<{ value: number; count: number }> {
  for (let value = 0; value < counts.length; value++) {
    if (counts[value]! > 0) yield { value, count: counts[value]! };
  }
}

export function searchIndex(
  index: JobIndex,
  query: EngineQuery<JobFilter, JobFacetField>,
  now: number,
): JobSearchResult {
  const { filter: search, facets: selection } = query;
  const brand = search.brandId === undefined ? -1 : index.brands.indexOf(search.brandId);
  const noBrandJobs = search.brandId !== undefined && brand < 0;
  const groups = search.text ? prepareTerms(index, search.text) : null;
  const positive = groups ? groups.flat().filter((term) => !term.negated) : [];

  // Category: an occupational field with this slug or a parent with it.
  let category: Set<number> | null = null;
  if (search.category !== undefined) {
    category = new Set();
    for (const [id, term] of index.terms) {
      if (term.vocabulary !== 'occupational_field') continue;
      const parent = term.parentId === null ? undefined : index.terms.get(term.parentId);
      if (term.slug === search.category || parent?.slug === search.category) category.add(id);
    }
  }

  // Facet selections: bit i of a document's mask is set when it satisfies selection i. Values are ids;
  // counts and selections are arrays indexed by them (the hot loop below must not allocate).
  const termSlots = index.maxTermId + 1;
  const bit = selection.bits;
  const marks = (field: JobFacetField, slots: number) => {
    const marked = new Uint8Array(slots);
    for (const value of selection.values(field)) if (value < slots) marked[value] = 1;
    return marked;
  };
  const remoteSelected = marks('remoteOptions', termSlots);
  const experienceSelected = marks('yearsOfExperience', termSlots);
  const employmentSelected = marks('employmentType', termSlots);
  const occupationSelected = marks('occupations', termSlots);
  const companySelected = marks('company', index.maxOrganizationId + 1);
  const industrySelected = marks('industry', termSlots);
  const industryOrganizations = new Uint8Array(index.maxOrganizationId + 1);
  for (const [organization, terms] of index.organizationIndustries) {
    if (terms.some((term) => industrySelected[term] === 1)) industryOrganizations[organization] = 1;
  }

  const location = search.location;
  const radius = location?.kind === 'radius' ? location : null;
  const cosLat = radius ? Math.cos((radius.lat * Math.PI) / 180) : 0;
  const latitudeSpan = radius ? radius.radiusKm / kmPerDegree + 1e-6 : 0;
  const { latitudes, longitudes, employmentTypes, occupations } = index;

  const remoteCounts = new Int32Array(termSlots);
  const experienceCounts = new Int32Array(termSlots);
  const employmentCounts = new Int32Array(termSlots);
  const occupationCounts = new Int32Array(termSlots);
  const companyCounts = new Int32Array(index.maxOrganizationId + 1);
  const industryByOrganization = new Int32Array(index.maxOrganizationId + 1);
  // A job alert digest's window (after, until]: the jobs published in it.
  const publishedAfter = search.published ? search.published.after.getTime() : -Infinity;
  const publishedUntil = search.published ? search.published.until.getTime() : Infinity;
  const titleAllowed = search.title === '' ? null : titlesContaining(index.titles, search.title);
  // The brand's own documents (ascending, so newest first as the index), or all of them.
  const ofBrand = brand >= 0 ? index.brandDocuments[brand]! : null;
  const brandDocuments = ofBrand?.documents ?? null;
  const walked = noBrandJobs ? 0 : (ofBrand?.length ?? index.size);
  // The hits in index order (at most the documents walked).
  const hits = new Int32Array(walked);
  let hitCount = 0;

  for (let at = 0; at < walked; at++) {
    const d = brandDocuments === null ? at : brandDocuments[at]!;
    if (index.removed[d] === 1) continue;
    if (index.publishedAt[d]! > now || index.expiresAt[d]! <= now) continue;
    if (index.publishedAt[d]! <= publishedAfter || index.publishedAt[d]! > publishedUntil) continue;
    if (search.minYearlySalary !== undefined && !(index.yearlySalary[d]! >= search.minYearlySalary)) continue;
    const title = index.title[d]!;
    if (titleAllowed !== null && titleAllowed[title] !== 1) continue;
    if (groups && !textMatches(groups, d, index.config[d]!, title)) continue;
    if (category) {
      let found = false;
      for (let at = occupations.start[d]!; at < occupations.start[d + 1]!; at++) {
        if (category.has(occupations.values[at]!)) found = true;
      }
      if (!found) continue;
    }
    if (location) {
      let found = false;
      for (let at = latitudes.start[d]!; at < latitudes.start[d + 1]! && !found; at++) {
        switch (location.kind) {
          case 'radius': {
            const latitude = latitudes.values[at]!;
            if (Math.abs(latitude - location.lat) > latitudeSpan) break;
            found = distanceKm(location.lat, location.lon, cosLat, latitude, longitudes[at]!) <= location.radiusKm;
            break;
          }
          case 'area':
            found = location.values.includes(index.administrativeAreas[at] ?? '');
            break;
          case 'country':
            found = index.countryCodes[at] === location.code;
            break;
        }
      }
      if (!found) continue;
    }

    const organization = index.organization[d]!;
    const remote = index.remoteOption[d]!;
    const experience = index.yearsOfExperience[d]!;
    let mask = 0;
    if (remoteSelected[remote] === 1) mask |= bit.remoteOptions;
    if (experienceSelected[experience] === 1) mask |= bit.yearsOfExperience;
    if (companySelected[organization] === 1) mask |= bit.company;
    if (industryOrganizations[organization] === 1) mask |= bit.industry;
    const employmentEnd = employmentTypes.start[d + 1]!;
    for (let at = employmentTypes.start[d]!; at < employmentEnd; at++) {
      if (employmentSelected[employmentTypes.values[at]!] === 1) mask |= bit.employmentType;
    }
    const occupationEnd = occupations.start[d + 1]!;
    for (let at = occupations.start[d]!; at < occupationEnd; at++) {
      if (occupationSelected[occupations.values[at]!] === 1) mask |= bit.occupations;
    }
    if (selection.isHit(mask)) hits[hitCount++] = d;
    if (remote !== 0 && selection.countsFor(mask, bit.remoteOptions)) remoteCounts[remote]! += 1;
    if (experience !== 0 && selection.countsFor(mask, bit.yearsOfExperience)) experienceCounts[experience]! += 1;
    if (selection.countsFor(mask, bit.company)) companyCounts[organization]! += 1;
    if (selection.countsFor(mask, bit.industry)) industryByOrganization[organization]! += 1;
    if (selection.countsFor(mask, bit.employmentType)) {
      for (let at = employmentTypes.start[d]!; at < employmentEnd; at++)
        employmentCounts[employmentTypes.values[at]!]! += 1;
    }
    if (selection.countsFor(mask, bit.occupations)) {
      for (let at = occupations.start[d]!; at < occupationEnd; at++) occupationCounts[occupations.values[at]!]! += 1;
    }
  }
  const industryCounts = new Int32Array(termSlots);
  for (const [organization, terms] of index.organizationIndustries) {
    const count = industryByOrganization[organization] ?? 0;
    if (count > 0) for (const term of terms) industryCounts[term]! += count;
  }
  const counts: Record<JobFacetField, Int32Array> = {
    remoteOptions: remoteCounts,
    yearsOfExperience: experienceCounts,
    company: companyCounts,
    industry: industryCounts,
    employmentType: employmentCounts,
    occupations: occupationCounts,
  };

  // The page: hits newest first; relevance orders them by rank, newest first among equal ranks.
  const offset = (query.page - 1) * query.pageSize;
  const ordered = newestFirst(index, hits.subarray(0, hitCount));
  const rank = (d: number) => rankOf(positive, d, index.config[d]!, index.title[d]!);
  const page =
    groups && query.byRank
      ? bestRanked(ordered, rank, offset + query.pageSize).slice(offset)
      : Array.from(ordered.slice(offset, offset + query.pageSize));
  const items: JobSearchHit[] = page.map((d) => {
    let distance: number | null = null;
    if (radius) {
      for (let at = latitudes.start[d]!; at < latitudes.start[d + 1]!; at++) {
        const km = distanceKm(radius.lat, radius.lon, cosLat, latitudes.values[at]!, longitudes[at]!);
        if (distance === null || km < distance) distance = km;
      }
    }
    return { jobId: index.jobIds[d]!, distanceKm: distance, rank: groups ? rank(d) : 0 };
  });

  const labelOf = (field: JobFacetField, value: number): string | undefined => {
    if (field === 'company') return index.organizationNames.get(value);
    const term = index.terms.get(value);
    return term && localizedText(term.labels, query.locale);
  };
  const facets = rankFacets({
    fields: jobFacetFields,
    counts: (field) => nonZero(counts[field]),
    labelOf,
    locale: query.locale,
    limit: query.facetValueLimit,
  });
  return { total: hitCount, page: query.page, pageSize: query.pageSize, items, facets };
}

/**
 * Per category slug (in the given order) the open jobs of the brand in it, by the search's rule of a
 * category (an occupational field with the slug, or whose parent has it): count-job-categories.ts.
 */
export function countCategoriesInIndex(
  index: JobIndex,
  brandId: string,
  slugs: readonly string[],
  now: number,
): number[] {
  const counts = new Array<number>(slugs.length).fill(0);
  const brand = index.brands.indexOf(brandId);
  if (brand < 0) return counts;
  // Per occupational field: the bits of the categories it belongs to (itself or its parent).
  const categoriesOf = new Int32Array(index.maxTermId + 1);
  for (const [id, term] of index.terms) {
    if (term.vocabulary !== 'occupational_field') continue;
    const parent = term.parentId === null ? undefined : index.terms.get(term.parentId);
    for (const [position, slug] of slugs.entries()) {
      if (term.slug === slug || parent?.slug === slug) categoriesOf[id]! |= 1 << position;
    }
  }
  const { documents, length } = index.brandDocuments[brand]!;
  const { start, values } = index.occupations;
  for (let at = 0; at < length; at++) {
    const d = documents[at]!;
    if (index.removed[d] === 1 || index.publishedAt[d]! > now || index.expiresAt[d]! <= now) continue;
    let mask = 0;
    for (let field = start[d]!; field < start[d + 1]!; field++) mask |= categoriesOf[values[field]!] ?? 0;
    for (let position = 0; mask !== 0; position++, mask >>>= 1) if (mask & 1) counts[position]! += 1;
  }
  return counts;
}
