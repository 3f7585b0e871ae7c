/**
 * Fuzzing the job search URL against a running server: whatever the page, facet, text, place, coordinate
 * and sort values (unicode, NUL and other control characters, huge numbers, junk), the answer is never a
 * 5xx, and neither is the page a redirect leads to. About 300 requests; fast-check prints the seed and the
 * smallest failing URL when one fails.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startServer, type RunningServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
  // The southern brand: bounded autocomplete, so places outside its area are part of the input space.
  server = await startServer({ FRONTEND: 'suedjobs' });
});
afterAll(() => server?.stop());

const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '%', '\u0000', '\u001b', '\u007f', '\u0085', '\ufeff', '\ud800', '𝔘𝔩𝔪', '../..', '<script>'),
);

const bigNumber = fc.oneof(
  fc.integer({ min: -1000, max: 3000 }).map(String),
  fc.constantFrom('0', '-1', '1e9', '2.5', '2147483647', '2147483648', '9007199254740993', '99999999999999999999'),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
);

const text = fc.oneof(
  fc.constantFrom('Pflege', 'Bäcker (m/w/d)', 'C++ & C#', '"Pflege Fachkraft"', '-Zeitarbeit', 'a OR b', 'a\u0000b'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 95, maxLength: 110 }),
  fc.string({ minLength: 195, maxLength: 260 }),
  junk,
);

const place = fc.oneof(
  fc.constantFrom('Ulm', 'München', 'Stutgart', 'Berlin', 'Bayern', 'Deutschland', 'Elsass', 'Qwzxkv', 'Ulm\u0000'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ minLength: 99, maxLength: 130 }),
);

const coordinate = fc.oneof(
  fc.double().map(String),
  fc.double({ min: -200, max: 200, noNaN: true }).map((value) => value.toFixed(5)),
  fc.constantFrom('48.4', '9.99', '91', '-181', 'NaN', 'Infinity', '1e308', ''),
  junk,
);

const facetValues = fc.array(fc.oneof(bigNumber, fc.constantFrom('1,2,3', '3,a', ' 7 ', '0x10'), junk), {
  maxLength: 4,
});

const searchParams = fc.record(
  {
    search: text,
    title: text,
    location: place,
    lat: coordinate,
    lon: coordinate,
    locationType: fc.oneof(fc.constantFrom('city', 'administrative_area', 'country'), junk),
    radius: fc.oneof(fc.constantFrom('5', '25', '50', '100', '200'), bigNumber, junk),
    remoteOptions: facetValues,
    employmentType: facetValues,
    industry: facetValues,
    occupations: facetValues,
    yearsOfExperience: facetValues,
    company: facetValues,
    minSalary: fc.oneof(bigNumber, junk),
    sort: fc.oneof(fc.constantFrom('relevancy', 'publish_date_desc'), junk),
    page: fc.oneof(bigNumber, junk),
    utm_source: junk,
  },
  { requiredKeys: [] },
);

const path = fc.oneof(
  fc.constant('/jobs'),
  fc.constantFrom('/jobs/gesundheit-soziales', '/jobs/minijobs', '/Jobs/IT', '/jobs/gibt-es-nicht'),
  // encodeURIComponent refuses lone surrogates; a browser would send U+FFFD for them.
  junk.map((segment) => `/jobs/${encodeURIComponent(segment.replace(/[\ud800-\udfff]/g, '\ufffd'))}`),
);

function urlOf(pathname: string, params: Record<string, string | string[]>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, one);
  }
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

describe('job search URLs', () => {
  it('never answer with a 5xx, nor does the page a redirect leads to', async () => {
    let requests = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(path, searchParams, async (pathname, params) => {
        const url = urlOf(pathname, params);
        const response = await get(`${server.url}${url}`);
        requests += 1;
        await response.arrayBuffer();
        expect(response.status, url).toBeLessThan(500);
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          const target = await get(new URL(location, server.url).href);
          requests += 1;
          await target.arrayBuffer();
          expect(target.status, `${url} → ${location}`).toBeLessThan(500);
        }
      }),
      // SEARCH_FUZZ_RUNS=5000 for a longer hunt by hand.
      { numRuns: Number(process.env.SEARCH_FUZZ_RUNS ?? 200) },
    );
    // The server is still up and well.
    expect(server.process.exitCode).toBeNull();
    expect((await get(`${server.url}/jobs`)).status).toBe(200);
    console.info(`search fuzz: ${requests} requests in ${Date.now() - started} ms`);
  }, 600_000);
});
