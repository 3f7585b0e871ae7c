/**
 * Similar jobs (below every job page) from the in-memory job index (decision 0008), by the rules of the
 * SQL statement in src/server/modules/jobs/list-similar-jobs.ts: open jobs (published, not expired) of the
 * brand in one of the job's occupational fields, except the job itself; first those with a place inside
 * earthdistance's box of 100 km around the job's first place, nearest first (the smallest distance of any
 * of their places), then the newest others. Ties go newest first (published_at desc, id desc: the order
 * `newestFirst` of job-index.ts gives the documents).
 *
 * The geometry is earthdistance's, computed the way its SQL functions compute it (ll_to_earth, earth_box,
 * earth_distance over a sphere of 6,378,168 m), so the box (a cube, slightly larger than the 100 km circle)
 * lets in the same jobs and the distances order them alike.
 */
import { newestFirst, type JobIndex } from './job-index.ts';

/** Jobs within this distance of the job's first place of work count as nearby (list-similar-jobs.ts). */
export const nearbyRadiusMeters = 100_000;

/** earthdistance's earth(): the radius of its sphere in metres. */
const earth = 6378168;
/** radians() multiplies by RADIANS_PER_DEGREE (0.0174532925199432957692, float.c): the same double. */
const radiansPerDegree = Math.PI / 180;

/** ll_to_earth(latitude, longitude): the point on earthdistance's sphere. */
function toEarth(latitude: number, longitude: number): [number, number, number] {
  const lat = latitude * radiansPerDegree;
  const lon = longitude * radiansPerDegree;
  return [earth * Math.cos(lat) * Math.cos(lon), earth * Math.cos(lat) * Math.sin(lon), earth * Math.sin(lat)];
}

/** gc_to_sec: the straight-line distance of a great-circle distance (earth_box's half edge). */
function greatCircleToSecant(meters: number): number {
  if (meters < 0) return 0;
  if (meters / earth > Math.PI) return 2 * earth;
  return 2 * earth * Math.sin(meters / (2 * earth));
}

/** earth_distance(a, b): sec_to_gc(cube_distance(a, b)). */
function earthDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let axis = 0; axis < 3; axis++) {
    const difference = Math.abs(a[axis]! - b[axis]!);
    sum += difference * difference;
  }
  const secant = Math.sqrt(sum);
  if (secant < 0) return 0;
  if (secant / (2 * earth) > 1) return Math.PI * earth;
  return 2 * earth * Math.asin(secant / (2 * earth));
}

interface Lookups {
  /** Occupational field term id → its documents, ascending. */
  byOccupation: Map<number, number[]>;
  /** The documents listed so far: a catch-up appends documents to the index, and they are added here then. */
  listed: number;
}

const lookups = new WeakMap<JobIndex, Lookups>();

/** Built once per index copy, on first use, and extended by the documents appended since. */
function lookupsOf(index: JobIndex): Lookups {
  let found = lookups.get(index);
  if (!found) {
    found = { byOccupation: new Map(), listed: 0 };
    lookups.set(index, found);
  }
  const { byOccupation } = found;
  const { start, values } = index.occupations;
  for (let document = found.listed; document < index.size; document++) {
    for (let at = start[document]!; at < start[document + 1]!; at++) {
      const term = values[at]!;
      const list = byOccupation.get(term);
      if (list) {
        if (list[list.length - 1] !== document) list.push(document);
      } else byOccupation.set(term, [document]);
    }
  }
  found.listed = index.size;
  return found;
}

/**
 * The ids of the similar jobs, in their order; null when the index cannot answer: the job is not in it
 * (not published: archived or not yet public), and the database must read its fields and places.
 */
export function similarJobIdsFromIndex(
  index: JobIndex,
  options: { jobId: number; brandId: string; limit: number; now: number },
): number[] | null {
  const { byOccupation } = lookupsOf(index);
  const self = index.documents.get(options.jobId);
  if (self === undefined) return null;
  // Another brand's job: nothing, as for a job that does not exist.
  if (index.brands[index.brand[self]!] !== options.brandId) return [];
  const brand = index.brand[self]!;

  // Candidates: the union of the job's fields' documents, newest first.
  const fields = index.occupations;
  const seen = new Set<number>();
  for (let at = fields.start[self]!; at < fields.start[self + 1]!; at++) {
    for (const document of byOccupation.get(fields.values[at]!) ?? []) seen.add(document);
  }
  seen.delete(self);
  const candidates = newestFirst(
    index,
    [...seen]
      .filter(
        (document) =>
          index.removed[document] === 0 && index.brand[document] === brand && index.expiresAt[document]! > options.now,
      )
      .sort((a, b) => a - b),
  );

  const { start, values: latitudes } = index.latitudes;
  const firstPlace = start[self]!;
  if (firstPlace === start[self + 1]) {
    return candidates.slice(0, options.limit).map((document) => index.jobIds[document]!);
  }

  // Nearby: a place inside earth_box(origin, 100 km), ordered by the distance of the nearest place.
  const origin = toEarth(latitudes[firstPlace]!, index.longitudes[firstPlace]!);
  const halfEdge = greatCircleToSecant(nearbyRadiusMeters);
  const low = origin.map((value) => value - halfEdge);
  const high = origin.map((value) => value + halfEdge);
  const near: { document: number; distance: number }[] = [];
  for (const document of candidates) {
    let inBox = false;
    let distance = Number.POSITIVE_INFINITY;
    for (let at = start[document]!; at < start[document + 1]!; at++) {
      const point = toEarth(latitudes[at]!, index.longitudes[at]!);
      if (!inBox) inBox = point.every((value, axis) => value >= low[axis]! && value <= high[axis]!);
      distance = Math.min(distance, earthDistance(origin, point));
    }
    if (inBox) near.push({ document, distance });
  }
  // A stable sort: equal distances stay newest first.
  near.sort((a, b) => a.distance - b.distance);
  const chosen = near.slice(0, options.limit).map((entry) => entry.document);
  if (chosen.length < options.limit) {
    const taken = new Set(chosen);
    for (const document of candidates) {
      if (chosen.length === options.limit) break;
      if (!taken.has(document)) chosen.push(document);
    }
  }
  return chosen.map((document) => index.jobIds[document]!);
}
