import { describe, expect, it } from 'vitest';
import { distanceKm, resolveLocation, type LocationSuggestion } from './resolve-location';
import type { LocationFilter } from './search-url';

const ulm: LocationSuggestion = {
  label: 'Ulm',
  lat: 48.39841,
  lon: 9.99155,
  locationType: 'city',
  country: 'DE',
  administrativeArea: 'Baden-Württemberg',
};
const neuUlm: LocationSuggestion = {
  ...ulm,
  label: 'Neu-Ulm',
  lat: 48.39279,
  lon: 10.01112,
  administrativeArea: 'Bayern',
};
const bayern: LocationSuggestion = {
  ...ulm,
  label: 'Bayern',
  lat: 48.9,
  lon: 11.4,
  locationType: 'administrative_area',
};

const gazetteer: Record<string, LocationSuggestion[]> = { ulm: [ulm, neuUlm], bayern: [bayern], 'neu-ulm': [neuUlm] };
const suggest = (query: string) => Promise.resolve(gazetteer[query.toLowerCase()] ?? []);
const typed = (label: string, point: LocationFilter['point'] = null): LocationFilter => ({
  label,
  point,
  locationType: 'city',
  radius: 100,
});

describe('resolveLocation', () => {
  it('has nothing to do without a location', async () => {
    expect(await resolveLocation(null, suggest)).toEqual({ kind: 'none' });
  });

  it('rounds resolved coordinates to what the URL carries', async () => {
    const precise = () => Promise.resolve([{ ...ulm, lat: 48.398412345, lon: 9.991554321 }]);
    expect(await resolveLocation(typed('Ulm'), precise)).toMatchObject({
      location: { point: { lat: 48.39841, lon: 9.99155 } },
    });
  });

  it('resolves a typed name to its first suggestion, with its type', async () => {
    expect(await resolveLocation(typed('ulm'), suggest)).toEqual({
      kind: 'resolved',
      label: 'Ulm',
      location: { label: 'ulm', point: { lat: ulm.lat, lon: ulm.lon }, locationType: 'city', radius: 100 },
    });
    const region = await resolveLocation(typed('Bayern'), suggest);
    expect(region).toMatchObject({ kind: 'resolved', location: { locationType: 'administrative_area' } });
  });

  it('keeps coordinates that belong to the name (a picked suggestion)', async () => {
    const picked = typed('Ulm', { lat: neuUlm.lat, lon: neuUlm.lon });
    // Neu-Ulm is 1.6 km from Ulm: still a suggestion for "Ulm" at exactly those coordinates.
    expect(await resolveLocation(picked, suggest)).toMatchObject({
      kind: 'resolved',
      location: { point: { lat: neuUlm.lat, lon: neuUlm.lon } },
    });
  });

  it('replaces stale coordinates when the name was changed without JavaScript', async () => {
    const stale = typed('Bayern', { lat: ulm.lat, lon: ulm.lon });
    expect(await resolveLocation(stale, suggest)).toMatchObject({
      kind: 'resolved',
      label: 'Bayern',
      location: { point: { lat: 48.9, lon: 11.4 }, locationType: 'administrative_area' },
    });
  });

  it('keeps coordinates whose name nothing is known for', async () => {
    const mine = typed('Mein Standort', { lat: 48, lon: 9 });
    expect(await resolveLocation(mine, suggest)).toMatchObject({
      kind: 'resolved',
      location: { point: { lat: 48, lon: 9 } },
    });
  });

  it('uses bare coordinates as they are', async () => {
    expect(await resolveLocation(typed('', { lat: 48, lon: 9 }), suggest)).toMatchObject({
      kind: 'resolved',
      label: '',
    });
  });

  it('reports a name it cannot find', async () => {
    expect(await resolveLocation(typed('Atlantis'), suggest)).toEqual({ kind: 'unknown', label: 'Atlantis' });
  });

  it('refuses coordinates outside the brand area, named or not', async () => {
    const south = { minLatitude: 47.53, maxLatitude: 49.79, minLongitude: 7.51, maxLongitude: 10.5 };
    const munich = { lat: 48.13743, lon: 11.57549 };
    expect(await resolveLocation(typed('München', munich), suggest, south)).toEqual({
      kind: 'outside',
      label: 'München',
    });
    expect(await resolveLocation(typed('', munich), suggest, south)).toEqual({ kind: 'outside', label: '' });
    expect(await resolveLocation(typed('Ulm'), suggest, south)).toMatchObject({ kind: 'resolved', label: 'Ulm' });
    expect(await resolveLocation(typed('', munich), suggest, null)).toMatchObject({ kind: 'resolved' });
  });
});

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm({ lat: 48.7758, lon: 9.1829 }, { lat: 48.1351, lon: 11.582 })).toBeCloseTo(190, -1);
    expect(distanceKm(ulm, ulm)).toBe(0);
  });
});
