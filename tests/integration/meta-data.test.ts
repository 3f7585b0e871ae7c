/**
 * Meta data of the content pages (issue 19) on the built server over PostgreSQL demo data: each job,
 * organization and landing page has its own description from its content, og:title, og:description,
 * og:url (its canonical URL on the public origin) and twitter:card; other spellings of a content's path
 * (another slug before a job's id, capitals, a trailing slash) redirect permanently to its one path instead
 * of naming themselves canonical; a multilingual page names x-default; a filtered listing without clean
 * facets is noindex and not titled just "Jobs".
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { metaDescriptionOf } from '../../src/lib/seo';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { ensureDemoData } from '../../src/server/seed/seed-database';
import { startServer, type RunningServer } from '../support/server';

const siteUrl = 'https://jobs.example';
let database: TestDatabase;
let tagblatt: RunningServer;
let jobregio: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await ensureDemoData(database.handle.db, { jobs: 200, organizations: 30, seed: 42 });
  const env = {
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'meta-data-secret-0123456789abcdefghijkl',
    SITE_URL: siteUrl,
  };
  tagblatt = await startServer({ ...env, FRONTEND: 'tagblatt' });
  jobregio = await startServer({ ...env, FRONTEND: 'jobregio' });
}, 240_000);
afterAll(async () => {
  await Promise.all([tagblatt?.stop(), jobregio?.stop()]);
  await database?.dispose();
});

const get = (server: RunningServer, path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

/** The value of a <meta name|property=…> (decoded), or null. */
function meta(html: string, name: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : null;
}
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;

async function row<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await database.handle.db.execute<T>(query);
  const [first] = result.rows as T[];
  if (!first) throw new Error('no demo row');
  return first;
}

const openJob = () =>
  row<{ id: number; path: string; description: string }>(sql`
    select j.id, a.path, j.description from jobs j
    join path_aliases a on a.target_kind = 'Job' and a.target_id = j.id and a.language = 'de'
    where j.frontend = 'tagblatt' and j.state = 'published' and (j.expires_at is null or j.expires_at > now())
      and j.description is not null
    order by j.id limit 1`);

describe('each page kind has its own description and sharing tags', () => {
  it('a job page: its text as description, og and twitter tags, og:url its canonical URL', async () => {
    const job = await openJob();
    const response = await get(tagblatt, job.path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const description = meta(html, 'description');
    expect(description).toBe(metaDescriptionOf(job.description));
    expect(description).not.toBe(brands.tagblatt.tagline.de);
    expect(canonicalOf(html)).toBe(`${siteUrl}${job.path}`);
    expect(meta(html, 'og:url')).toBe(`${siteUrl}${job.path}`);
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:title')).toBeTruthy();
    expect(meta(html, 'twitter:card')).toMatch(/^summary(_large_image)?$/);
    const image = meta(html, 'og:image');
    if (image !== null) expect(image.startsWith(`${siteUrl}/`)).toBe(true);
  });

  it('an organization page: its presentation as description', async () => {
    const organization = await row<{ path: string; presentation: string; name: string }>(sql`
      select path, presentation, name from organizations
      where frontend = 'tagblatt' and published and path is not null and presentation is not null order by id limit 1`);
    const html = await (await get(tagblatt, organization.path)).text();
    expect(meta(html, 'description')).toBe(metaDescriptionOf(organization.presentation));
    expect(meta(html, 'og:title')).toBe(organization.name);
    expect(meta(html, 'og:url')).toBe(`${siteUrl}${organization.path}`);
    expect(meta(html, 'twitter:card')).not.toBeNull();
  });

  it('a landing page: its introduction as description, unless stored tags say otherwise', async () => {
    const page = await row<{ path: string; intro_html: string; stored: string | null }>(sql`
      select p.path, p.intro_html,
        (select tag->>'value' from seo_metatags m, jsonb_array_elements(m.tags) tag
          where m.path = p.path and m.language = 'de' and tag->>'meta' = 'description' limit 1) as stored
      from landing_pages p where p.published and p.language = 'de' and p.intro_html is not null order by p.id limit 1`);
    const html = await (await get(tagblatt, page.path)).text();
    expect(meta(html, 'description')).toBe(page.stored ?? metaDescriptionOf(page.intro_html));
    expect(meta(html, 'og:url')).toBe(`${siteUrl}${page.path}`);
  });

  it('a multilingual page names every locale and x-default', async () => {
    const html = await (await get(jobregio, '/en-GB/jobs')).text();
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
      ([, hreflang, href]) => [hreflang, href],
    );
    expect(alternates).toEqual([
      ['de', `${siteUrl}/de/jobs`],
      ['en-GB', `${siteUrl}/en-GB/jobs`],
      ['fr', `${siteUrl}/fr/emploi`],
      ['x-default', `${siteUrl}/de/jobs`],
    ]);
  });
});

describe('duplicate paths of content redirect to its one path', () => {
  it('another slug, the bare id, capitals and a trailing slash of a job go to its path with the query kept', async () => {
    const job = await openJob();
    for (const duplicate of [`/job/xyz-${job.id}`, `/job/${job.id}`, job.path.toUpperCase(), `${job.path}/`]) {
      const response = await get(tagblatt, duplicate);
      expect(response.status, duplicate).toBe(301);
      expect(response.headers.get('location'), duplicate).toBe(job.path);
    }
    const tracked = await get(tagblatt, `/job/xyz-${job.id}?utm_source=mail`);
    expect(tracked.headers.get('location')).toBe(`${job.path}?utm_source=mail`);
    expect((await get(tagblatt, job.path)).status).toBe(200);
  });

  it('an organization with a trailing slash and a landing page in capitals', async () => {
    const organization = await row<{ id: number; path: string }>(sql`
      select id, path from organizations where frontend = 'tagblatt' and published and path is not null order by id limit 1`);
    for (const duplicate of [`${organization.path}/`, `/organization/${organization.id}`]) {
      const response = await get(tagblatt, duplicate);
      expect(response.status, duplicate).toBe(301);
      expect(response.headers.get('location')).toBe(organization.path);
    }
    const page = await row<{ path: string }>(sql`
      select path from landing_pages where published and language = 'de' order by id limit 1`);
    const response = await get(tagblatt, page.path.toUpperCase());
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(page.path);
  });
});

describe('filtered listings', () => {
  it('a listing with a filter that is no clean facet is noindex and not titled just "Jobs"', async () => {
    const html = await (await get(tagblatt, '/jobs?minSalary=30000')).text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title).not.toBe(`Jobs | ${brands.tagblatt.name}`);
    expect(title).toContain('Gefilterte Jobs');
    expect(canonicalOf(html)).toBeNull();
  });
});
