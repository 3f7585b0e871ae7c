/**
 * Visitors see their own brand, in their language: locale-prefixed links on the trilingual brand, a
 * language switch that keeps the page and the search, an honest answer for a place the brand cannot
 * search, and no other brand's jobs or organizations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { createTranslator } from '../../src/i18n';
import { isWithin } from '../../src/lib/search/resolve-location';
import { get, startServer, type RunningServer } from '../support/server';
import { asHtml } from '../support/html';

let jobregio: RunningServer;
let suedjobs: RunningServer;

beforeAll(async () => {
  [jobregio, suedjobs] = await Promise.all([
    startServer({ FRONTEND: 'jobregio' }),
    startServer({ FRONTEND: 'suedjobs' }),
  ]);
});
afterAll(async () => {
  await Promise.all([jobregio?.stop(), suedjobs?.stop()]);
});

const decode = (href: string) => href.replace(/&amp;/g, '&');

async function page(server: RunningServer, path: string): Promise<{ status: number; html: string }> {
  const response = await get(`${server.url}${path}`);
  return { status: response.status, html: await response.text() };
}

const teaserLinks = (source: string) =>
  [...source.matchAll(/<h3 class="job-teaser__title">\s*<a href="([^"]+)"/g)].map((match) => decode(match[1]!));

const languageLinks = (source: string) =>
  Object.fromEntries(
    [...source.matchAll(/<a href="([^"]+)" hreflang="([^"]+)" lang="[^"]+"/g)].map((match) => [
      match[2]!,
      decode(match[1]!),
    ]),
  );

async function graphql<T>(server: RunningServer, query: string, frontend?: string): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(frontend ? { frontend } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe('locale prefixes on the trilingual brand', () => {
  it.each([
    ['de', '/de/jobs'],
    ['en-GB', '/en-GB/jobs'],
    ['fr', '/fr/emploi'],
  ])('job links in %s search results carry the locale prefix and lead to the job', async (locale, path) => {
    const listing = await page(jobregio, path);
    expect(listing.status).toBe(200);
    const links = teaserLinks(listing.html);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`/${locale}/`), link).toBe(true);
    const job = await page(jobregio, links[0]!);
    expect(job.status).toBe(200);
    expect(job.html).toContain(`<html lang="${locale}"`);
    // The employer and the similar jobs on the job page keep the prefix too.
    const employer = /<p class="job__employer"[^>]*>\s*<a href="([^"]+)"/.exec(job.html)?.[1];
    expect(employer?.startsWith(`/${locale}/organization/`), employer).toBe(true);
    const similar = [...job.html.matchAll(/<li class="card"[^>]*>\s*<a href="([^"]+)"/g)].map((match) => match[1]!);
    expect(similar.length).toBeGreaterThan(0);
    for (const link of similar) expect(link.startsWith(`/${locale}/`), link).toBe(true);
  });
});

describe('the language switch', () => {
  it('links the same search in every language, the path translated and the query kept', async () => {
    const query = '?search=Pflege&location=Freiburg+im+Breisgau&sort=publish_date_desc';
    const listing = await page(jobregio, `/de/jobs${query}`);
    expect(listing.status).toBe(200);
    expect(languageLinks(listing.html)).toEqual({
      de: `/de/jobs${query}`,
      'en-GB': `/en-GB/jobs${query}`,
      fr: `/fr/emploi${query}`,
    });
    const french = await page(jobregio, `/fr/emploi${query}`);
    expect(french.status).toBe(200);
    expect(french.html).toContain('value="Pflege"');
    expect(languageLinks(french.html).de).toBe(`/de/jobs${query}`);
  });

  it('translates category paths and keeps the query of pages behind the route lookup', async () => {
    const category = await page(jobregio, '/en-GB/jobs/gesundheit-soziales?remoteOptions=1');
    expect(languageLinks(category.html)).toMatchObject({ fr: '/fr/emploi/gesundheit-soziales?remoteOptions=1' });
    const landing = await page(jobregio, '/de/pflege-jobs-stuttgart?utm_source=newsletter');
    expect(languageLinks(landing.html)).toEqual({
      de: '/de/pflege-jobs-stuttgart?utm_source=newsletter',
      'en-GB': '/en-GB/pflege-jobs-stuttgart?utm_source=newsletter',
      fr: '/fr/pflege-jobs-stuttgart?utm_source=newsletter',
    });
  });
});

describe('a place the brand cannot search', () => {
  const t = createTranslator('de');
  const bounds = brands.suedjobs.autocompleteBounds!;
  const suggestionsOf = (source: string) =>
    [...source.matchAll(/<a href="([^"]+)" data-place-suggestion>([^<]+)<\/a>/g)].map((match) => ({
      href: decode(match[1]!),
      label: match[2]!,
    }));
  const inArea = (href: string) => {
    const params = new URL(href, 'http://x').searchParams;
    return isWithin({ lat: Number(params.get('lat')), lon: Number(params.get('lon')) }, bounds);
  };

  it('shows no jobs for an unknown name, says so and offers similar places of the area', async () => {
    const listing = await page(suedjobs, '/jobs?search=Pflege&location=Stutgart');
    expect(listing.status).toBe(200);
    expect(listing.html).toContain(asHtml(t('search.locationUnknown', { place: 'Stutgart' })));
    expect(listing.html).toContain(asHtml(t('search.locationDidYouMean')));
    expect(teaserLinks(listing.html)).toEqual([]);
    expect(listing.html).toMatch(/<h1>0 /);
    expect(listing.html).toContain('<meta name="robots" content="noindex');
    const suggestions = suggestionsOf(listing.html);
    expect(suggestions[0]?.label).toBe('Stuttgart');
    expect(suggestions.length).toBeLessThanOrEqual(5);
    // The suggestion is the same search at that place.
    const stuttgart = await page(suedjobs, suggestions[0]!.href);
    expect(stuttgart.status).toBe(200);
    expect(new URL(suggestions[0]!.href, 'http://x').searchParams.get('search')).toBe('Pflege');
    expect(stuttgart.html).not.toContain('id="location-notice"');
    expect(stuttgart.html).toMatch(/<h1>[^<]*Stuttgart/);
  });

  it('shows no jobs for a place outside the area, with up to five places of the area nearby', async () => {
    for (const query of ['location=M%C3%BCnchen', 'location=M%C3%BCnchen&lat=48.13743&lon=11.57549']) {
      const listing = await page(suedjobs, `/jobs?${query}`);
      expect(listing.status, query).toBe(200);
      expect(listing.html).toContain(asHtml(t('search.locationOutside', { place: 'München', brand: 'SüdJobs' })));
      expect(teaserLinks(listing.html), query).toEqual([]);
      expect(listing.html).toContain('<meta name="robots" content="noindex');
      const suggestions = suggestionsOf(listing.html);
      expect(suggestions).toHaveLength(5);
      for (const { href, label } of suggestions) expect(inArea(href), label).toBe(true);
      const nearby = await page(suedjobs, suggestions[0]!.href);
      expect(nearby.status).toBe(200);
      expect(teaserLinks(nearby.html).length).toBeGreaterThan(0);
    }
  });

  it('says when bare coordinates lie outside the area', async () => {
    const listing = await page(suedjobs, '/jobs?lat=52.52&lon=13.405');
    expect(listing.status).toBe(200);
    expect(listing.html).toContain(asHtml(t('search.locationOutsideUnnamed', { brand: 'SüdJobs' })));
    expect(teaserLinks(listing.html)).toEqual([]);
  });

  it('answers in the visitor’s language on the trilingual brand', async () => {
    const listing = await page(jobregio, '/en-GB/jobs?location=Qwzxkvb');
    expect(listing.status).toBe(200);
    expect(listing.html).toContain(asHtml(createTranslator('en-GB')('search.locationUnknown', { place: 'Qwzxkvb' })));
    expect(listing.html).toContain(asHtml(createTranslator('en-GB')('search.locationCheckSpelling')));
  });
});

describe('brand isolation', () => {
  interface Hit {
    job: { id: number; url: string; organization: { id: number; urlNoPrefix: string } };
  }
  const hitsQuery =
    '{ searchJobs(input: { pageSize: 3 }) { items { job { id url organization { id urlNoPrefix } } } } }';

  it('shows another brand’s jobs, organizations and logos nowhere on the site', async () => {
    // Both brands live in the server's one database: the tagblatt brand's entities, asked for as tagblatt.
    const { searchJobs } = await graphql<{ searchJobs: { items: Hit[] } }>(suedjobs, hitsQuery, 'tagblatt;de');
    const foreign = searchJobs.items[0]!.job;
    const own = (await graphql<{ searchJobs: { items: Hit[] } }>(suedjobs, hitsQuery)).searchJobs.items[0]!.job;
    for (const path of [
      foreign.url,
      `/job/${foreign.id}`,
      foreign.organization.urlNoPrefix,
      `/organization/${foreign.organization.id}`,
      `/media/logos/${foreign.organization.id}.svg`,
    ]) {
      expect((await get(`${suedjobs.url}${path}`)).status, path).toBe(404);
    }
    for (const path of [own.url, own.organization.urlNoPrefix, `/media/logos/${own.organization.id}.svg`]) {
      expect((await get(`${suedjobs.url}${path}`)).status, path).toBe(200);
    }
    // The bare id of an own job is its page too: itself, or (issue 19) a redirect to the job's one path.
    const byId = await get(`${suedjobs.url}/job/${own.id}`);
    if (own.url === `/job/${own.id}`) expect(byId.status).toBe(200);
    else expect([byId.status, byId.headers.get('location')]).toEqual([301, own.url]);
  });

  it('answers null in the API for another brand’s job and organization', async () => {
    const { searchJobs } = await graphql<{ searchJobs: { items: Hit[] } }>(suedjobs, hitsQuery, 'tagblatt;de');
    const foreign = searchJobs.items[0]!.job;
    const query = `{
      job(id: ${foreign.id}) { id }
      organizationProfile(id: ${foreign.organization.id}) { id }
      byPath: organizationProfile(path: "${foreign.organization.urlNoPrefix}") { id }
      similarJobs(jobId: ${foreign.id}) { id }
      getRoutInfo(slug: "${foreign.url}") { __typename }
    }`;
    expect(await graphql(suedjobs, query)).toEqual({
      job: null,
      organizationProfile: null,
      byPath: null,
      similarJobs: [],
      getRoutInfo: { __typename: 'RouteError' },
    });
    const asOwner = await graphql<{ job: unknown; organizationProfile: unknown }>(suedjobs, query, 'tagblatt;de');
    expect(asOwner).toMatchObject({ job: { id: foreign.id }, organizationProfile: { id: foreign.organization.id } });
    const latest = await graphql<{ latestJobs: { jobs: { id: number }[] } }>(
      suedjobs,
      '{ latestJobs(limit: 50) { jobs { id } } }',
    );
    expect(latest.latestJobs.jobs.map((job) => job.id)).not.toContain(foreign.id);
  });
});
