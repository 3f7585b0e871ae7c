/**
 * Places in SQL, for the SQL engine of every entity: distances and the GiST-indexed box of a radius over
 * a location table's latitude and longitude columns (job_locations, organization_locations, …).
 */
import { sql, type SQL } from 'drizzle-orm';
import { earthRadiusKm } from '../../lib/search/resolve-location.ts';

/** earthdistance's earth() is 6378.168 km: its box must be a little larger to cover our radius. */
const earthBoxFactor = (6378.168 / earthRadiusKm) * 1.001;

/** Great-circle distance in km from a point to the location `alias` (haversine on plain columns: cheap). */
export function distanceFrom(lat: number, lon: number, alias = 'l'): SQL {
  const l = sql.raw(alias);
  const cosLat = Math.cos((lat * Math.PI) / 180);
  return sql`(${2 * earthRadiusKm}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${l}.latitude - ${lat}::float8) / 2), 2)
    + ${cosLat}::float8 * cos(radians(${l}.latitude)) * power(sin(radians(${l}.longitude - ${lon}::float8) / 2), 2)))))`;
}

/** The GiST-indexed box around the point (earthdistance's metres), over the location `alias`. */
export function inEarthBox(lat: number, lon: number, radiusKm: number, alias = 'l'): SQL {
  const l = sql.raw(alias);
  return sql`earth_box(ll_to_earth(${lat}::float8, ${lon}::float8), ${radiusKm * 1000 * earthBoxFactor}::float8) @> ll_to_earth(${l}.latitude, ${l}.longitude)`;
}

/** Within `radiusKm` of the point: the box (for the index), then the exact distance. */
export function withinRadius(lat: number, lon: number, radiusKm: number, alias = 'l'): SQL {
  return sql`${inEarthBox(lat, lon, radiusKm, alias)} and ${distanceFrom(lat, lon, alias)} <= ${radiusKm}::float8`;
}

/** `1, 2, 3` for `in (…)`. */
export function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}
