/**
 * Sitemaps and robots.txt (issue 19).
 *
 * Over GraphQL on both databases: the sitemap operations list exactly the indexable URLs of the brand
 * (open jobs, published organizations, published landing pages of the language, job categories with open
 * jobs; nothing expired, archived, unreviewed, scheduled, unpublished, of another brand or marked noindex),
 * with hreflang alternates on the multilingual brand, and a kind splits into files of at most N URLs.
 *
 * Over HTTP on the built server (PostgreSQL, one server per brand on the same demo data): every sitemap
 * validates against the sitemaps.org schemas bundled in tests/fixtures/sitemaps (read by the strict parser
 * and schema validator of tests/support/xml-schema.ts: no XSD validator is installed), lists exactly the
 * indexable URLs on the public origin, is kept until the content changes, and robots.txt names the index on
 * every brand without a locale redirect.
 */
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import type { Brand } from '../../brands/types';
import { sitemapEntries, sitemapSections } from '../../src/features/sitemaps/operations';
import { localizePath } from '../../src/lib/routing/resolve-request';
import type { Database } from '../../src/server/db';
import { landingPages, pathAliases, seoMetatags } from '../../src/server/db/schema/content';
import { jobOccupationalFields } from '../../src/server/db/schema/jobs';
import { organizations } from '../../src/server/db/schema/organizations';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/db/testing';
import { listSitemapEntries, listSitemapSections } from '../../src/server/modules/sitemaps/list-sitemap-entries';
import { ensureDemoData } from '../../src/server/seed/seed-database';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createJob, createOrganization, unique } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';
import { parseXml, SchemaSet, type XmlElement } from '../support/xml-schema';

const fixtures = join(import.meta.dirname, '../fixtures/sitemaps');
const schemas = new SchemaSet(['sitemap.xsd', 'siteindex.xsd', 'xhtml-link.xsd'].map((file) => join(fixtures, file)));
const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const day = 86_400_000;

describe('the bundled schemas and their validator', () => {
  const urlset = (inner: string) =>
    `<?xml version="1.0"?><urlset xmlns="${sitemapNs}" xmlns:xhtml="http://www.w3.org/1999/xhtml">${inner}</urlset>`;

  it('accept a sitemap with lastmod and hreflang links', () => {
    const xml = urlset(
      '<url><loc>https://jobs.example/job/1</loc><lastmod>2026-11-26T10:00:00Z</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://jobs.example/de/job/1"/></url>',
    );
    expect(schemas.validate(parseXml(xml))).toEqual([]);
  });

  it('refuse what the schemas forbid, and malformed XML', () => {
    for (const inner of [
      '',
      '<url><lastmod>2026-11-26</lastmod></url>',
      '<url><loc>https://jobs.example/a</loc><lastmod>26.11.2026</lastmod></url>',
      '<url><loc>https://jobs.example/a</loc><priority>1.5</priority></url>',
      '<url><loc>http://a.b</loc></url>',
      '<url><loc>https://jobs.example/a</loc><lastmod>2026-11-26</lastmod><loc>https://jobs.example/b</loc></url>',
      '<url><loc>https://jobs.example/a</loc><xhtml:link rel="alternate" hreflang="de"/></url>',
      '<url><loc>https://jobs.example/a</loc><xhtml:meta/></url>',
      '<sitemap><loc>https://jobs.example/a</loc></sitemap>',
    ]) {
      expect(schemas.validate(parseXml(urlset(inner))), inner).not.toEqual([]);
    }
    for (const bad of [
      urlset('<url><loc>https://jobs.example/a?b=1&c=2</loc></url>'),
      urlset('<url><loc>https://jobs.example/a</loc></URL>'),
      `${urlset('')}<urlset/>`,
      '<urlset xmlns:a="x"><a:url/><b:url/></urlset>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
  });
});

/** Every URL a sitemap names, with its lastmod and alternates. */
function urlsOf(
  document: XmlElement,
): { loc: string; lastmod: string | undefined; alternates: Record<string, string> }[] {
  return document.children.map((url) => {
    const field = (local: string) =>
      url.children.find((child) => child.ns === sitemapNs && child.local === local)?.text;
    const alternates: Record<string, string> = {};
    for (const link of url.children.filter((child) => child.local === 'link')) {
      const attribute = (name: string) => link.attributes.find((candidate) => candidate.local === name)?.value ?? '';
      alternates[attribute('hreflang')] = attribute('href');
    }
    return { loc: field('loc') ?? '', lastmod: field('lastmod'), alternates };
  });
}

interface Fixture {
  open: number[];
  openJobregio: number;
  hidden: number[];
  organization: number;
  hiddenOrganizations: number[];
  landingDe: number;
  landingEn: number;
  hiddenLanding: number;
  categoryTerm: number;
}

async function categoryTerm(db: Database, slug: string): Promise<number> {
  const [existing] = await db.select().from(taxonomyTerms).where(eq(taxonomyTerms.slug, slug));
  if (existing) return existing.id;
  const [term] = await db
    .insert(taxonomyTerms)
    .values({ vocabulary: 'occupational_field', slug, labelDe: slug })
    .returning();
  return term!.id;
}

/** Content of every kind, indexable and not, on two brands. */
async function createContent(db: Database): Promise<Fixture> {
  const tagblatt = await createOrganization(db, {
    frontend: 'tagblatt',
    published: true,
    path: `/organization/${unique('acme')}`,
  });
  const unpublished = await createOrganization(db, { frontend: 'tagblatt', published: false });
  const jobregio = await createOrganization(db, { frontend: 'jobregio', published: true });
  const open = await createJob(db, { organization: tagblatt, expiresAt: new Date(Date.now() + 30 * day) });
  const openWithoutAlias = await createJob(db, { organization: tagblatt });
  const noindexed = await createJob(db, { organization: tagblatt });
  await db.insert(pathAliases).values([
    { path: `/job/pflegekraft-${open.id}`, targetKind: 'Job', targetId: open.id, language: 'de' },
    { path: `/job/geheim-${noindexed.id}`, targetKind: 'Job', targetId: noindexed.id, language: 'de' },
  ]);
  await db.insert(seoMetatags).values({
    path: `/job/geheim-${noindexed.id}`,
    language: 'de',
    tags: [{ meta: 'robots', value: 'noindex, nofollow' }],
  });
  const hidden = [
    await createJob(db, { organization: tagblatt, expiresAt: new Date(Date.now() - day) }),
    await createJob(db, { organization: tagblatt, state: 'archived' }),
    await createJob(db, { organization: tagblatt, state: 'needs_review', publishedAt: null }),
    await createJob(db, { organization: tagblatt, state: 'scheduled', publishedAt: new Date(Date.now() + day) }),
    noindexed,
  ];
  const openJobregio = await createJob(db, { organization: jobregio });
  const term = await categoryTerm(db, 'gesundheit-soziales');
  await db.insert(jobOccupationalFields).values([
    { jobId: open.id, termId: term },
    { jobId: openJobregio.id, termId: term },
  ]);
  // A category whose only job has expired: its listing is empty, so noindex.
  const emptyTerm = await categoryTerm(db, 'oeffentlicher-dienst');
  await db.insert(jobOccupationalFields).values({ jobId: hidden[0]!.id, termId: emptyTerm });
  const [landingDe, landingEn, hiddenLanding] = await db
    .insert(landingPages)
    .values([
      {
        path: `/${unique('pflege-jobs-stuttgart')}`,
        title: 'Pflege-Jobs in Stuttgart',
        language: 'de',
        published: true,
      },
      { path: `/${unique('care-jobs-stuttgart')}`, title: 'Care jobs in Stuttgart', language: 'en', published: true },
      { path: `/${unique('entwurf')}`, title: 'Entwurf', language: 'de', published: false },
    ])
    .returning();
  return {
    open: [open.id, openWithoutAlias.id],
    openJobregio: openJobregio.id,
    hidden: hidden.map((job) => job.id),
    organization: tagblatt.id,
    hiddenOrganizations: [unpublished.id, jobregio.id],
    landingDe: landingDe!.id,
    landingEn: landingEn!.id,
    hiddenLanding: hiddenLanding!.id,
    categoryTerm: term,
  };
}

describe.each(testDialects)('the sitemap operations on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let content: Fixture;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    content = await createContent(db);
  }, 120_000);
  afterAll(() => backend?.dispose());

  async function paths(kind: 'JOBS' | 'ORGANIZATIONS' | 'LANDING_PAGES' | 'JOB_CATEGORIES', frontend: string) {
    const headers = { frontend };
    const sections = (await backend.request(sitemapSections, {}, { headers })).body.data!.sitemapSections;
    const chunks = sections.find((section) => section.kind === kind)!.chunks;
    const entries = [];
    for (const [index, chunk] of chunks.entries()) {
      const page = await backend.request(sitemapEntries, { kind, page: index + 1, first: chunk.count }, { headers });
      entries.push(...page.body.data!.sitemapEntries.entries);
    }
    return entries;
  }

  it('lists exactly the open jobs of the brand under the path the site links them by', async () => {
    const entries = await paths('JOBS', 'tagblatt;de');
    expect(entries.map((entry) => entry.path).sort()).toEqual(
      [`/job/pflegekraft-${content.open[0]}`, `/job/${content.open[1]}`].sort(),
    );
    expect(entries.every((entry) => entry.lastModified !== null && entry.alternates.length === 0)).toBe(true);
  });

  it('lists published organizations, landing pages of the language and categories with open jobs', async () => {
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, content.organization));
    expect((await paths('ORGANIZATIONS', 'tagblatt;de')).map((entry) => entry.path)).toEqual([organization!.path]);
    const [landing] = await db.select().from(landingPages).where(eq(landingPages.id, content.landingDe));
    expect((await paths('LANDING_PAGES', 'tagblatt;de')).map((entry) => entry.path)).toEqual([landing!.path]);
    expect((await paths('JOB_CATEGORIES', 'tagblatt;de')).map((entry) => entry.path)).toEqual([
      '/jobs/gesundheit-soziales',
    ]);
  });

  it('gives every URL of the multilingual brand its path in each locale', async () => {
    const entries = await paths('JOBS', 'jobregio;en-GB');
    expect(entries.map(({ path, alternates }) => ({ path, alternates }))).toEqual([
      {
        path: `/job/${content.openJobregio}`,
        alternates: ['de', 'en-GB', 'fr'].map((locale) => ({ locale, path: `/job/${content.openJobregio}` })),
      },
    ]);
    expect(Number.isNaN(Date.parse(entries[0]!.lastModified ?? ''))).toBe(false);
    const [landingEn] = await db.select().from(landingPages).where(eq(landingPages.id, content.landingEn));
    expect((await paths('LANDING_PAGES', 'jobregio;en-GB')).map((entry) => entry.path)).toEqual([landingEn!.path]);
    expect(await paths('ORGANIZATIONS', 'jobregio;fr')).toHaveLength(1);
  });

  it('splits a kind into files of at most the limit, whose pages together list every URL once', async () => {
    for (let index = 0; index < 5; index += 1) {
      await createJob(db, { organization: { id: content.organization, name: 'x', frontend: 'tagblatt' } });
    }
    const options = { db, brand: brands.tagblatt, locale: 'de' as const, input: {} };
    const sections = await listSitemapSections({ ...options, size: 3 });
    const chunks = sections.find((section) => section.kind === 'JOBS')!.chunks;
    // Eight published jobs: the one whose stored tags say noindex counts in its file's range but is not listed.
    expect(chunks.map((chunk) => chunk.count)).toEqual([3, 3, 2]);
    const listed: number[] = [];
    for (const index of chunks.keys()) {
      // Each file from its start, in pages of two, stopping at the file's size as the endpoint does.
      let remaining = 3;
      let page = await listSitemapEntries({ ...options, size: 3, input: { kind: 'JOBS', page: index + 1, first: 2 } });
      for (;;) {
        listed.push(...page.entries.map((entry) => entry.id));
        remaining -= page.scanned;
        if (page.nextAfter === null || remaining <= 0) break;
        page = await listSitemapEntries({
          ...options,
          size: 3,
          input: { kind: 'JOBS', after: page.nextAfter, first: Math.min(2, remaining) },
        });
      }
    }
    const beyond = await listSitemapEntries({ ...options, size: 3, input: { kind: 'JOBS', page: 4, first: 2 } });
    expect(beyond).toEqual({ entries: [], scanned: 0, nextAfter: null });
    const expected = await db.execute<{ id: number }>(
      sql`select id from jobs where frontend = 'tagblatt' and state = 'published' and (expires_at is null or expires_at > now()) and id <> ${content.hidden[4]!} order by id`,
    );
    expect(listed).toEqual(expected.rows.map((row) => Number(row.id)));
  });

  it('refuses a page larger than 10,000 URLs', async () => {
    const { body } = await backend.request(sitemapEntries, { kind: 'JOBS', first: 10_001 });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('sitemaps and robots.txt over HTTP on every brand', () => {
  const siteUrl = 'https://jobs.example';
  let database: TestDatabase;
  const servers = new Map<string, RunningServer>();
  let content: Fixture;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await ensureDemoData(database.handle.db, { jobs: 200, organizations: 30, seed: 42 });
    content = await createContent(database.handle.db);
    for (const brand of Object.values(brands)) {
      servers.set(
        brand.id,
        await startServer({
          DATABASE_URL: database.databaseUrl!,
          AUTH_SECRET: 'sitemaps-secret-0123456789abcdefghijkl',
          SITE_URL: siteUrl,
          FRONTEND: brand.id,
        }),
      );
    }
  }, 240_000);
  afterAll(async () => {
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await database?.dispose();
  });

  const get = (brand: Brand, path: string, headers: Record<string, string> = {}) =>
    fetch(`${servers.get(brand.id)!.url}${path}`, { headers, redirect: 'manual' });

  /** The URLs each sitemap of the brand lists (every file validated), by the sitemap's path. */
  async function crawl(brand: Brand) {
    const index = await get(brand, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect(indexXml).toContain('<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>');
    const indexDocument = parseXml(indexXml);
    expect(schemas.validate(indexDocument)).toEqual([]);
    const files = urlsOf(indexDocument);
    const lists = new Map<string, ReturnType<typeof urlsOf>>();
    for (const file of files) {
      expect(file.loc.startsWith(`${siteUrl}/`)).toBe(true);
      expect(file.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const url = new URL(file.loc);
      const response = await get(brand, url.pathname + url.search);
      expect(response.status, file.loc).toBe(200);
      const document = parseXml(await response.text());
      expect(schemas.validate(document), file.loc).toEqual([]);
      lists.set(url.pathname + url.search, urlsOf(document));
    }
    return lists;
  }

  /** The open jobs of a brand as the site links them in a language: its alias there (or for all), else /job/<id>. */
  async function expectedJobPaths(brandId: string, language = 'de'): Promise<string[]> {
    const result = await database.handle.db.execute<{ path: string }>(sql`
      select coalesce(
        (select a.path from path_aliases a where a.target_kind = 'Job' and a.target_id = j.id
          and (a.language = ${language} or a.language is null) order by a.language nulls last limit 1),
        '/job/' || j.id) as path
      from jobs j
      where j.frontend = ${brandId} and j.state = 'published' and (j.expires_at is null or j.expires_at > now())
        and j.published_at <= now()`);
    return result.rows.map((row) => row.path).filter((path) => path !== `/job/geheim-${content.hidden[4]}`);
  }

  it('the one-locale brands list exactly their indexable URLs on the public origin', async () => {
    const db = database.handle.db;
    for (const brand of [brands.tagblatt, brands.suedjobs]) {
      const lists = await crawl(brand);
      const jobUrls = (lists.get('/jobs/sitemap.xml') ?? []).map((url) => url.loc).sort();
      const expectedJobs = (await expectedJobPaths(brand.id)).map(
        (path) => `${siteUrl}${localizePath(path, 'de', brand)}`,
      );
      expect(jobUrls).toEqual(expectedJobs.sort());
      for (const id of content.hidden)
        expect(jobUrls.some((url) => url.endsWith(`-${id}`) || url.endsWith(`/${id}`))).toBe(false);

      const organizationRows = await db
        .select({ id: organizations.id, path: organizations.path })
        .from(organizations)
        .where(sql`${organizations.frontend} = ${brand.id} and ${organizations.published}`);
      expect((lists.get('/organizations/sitemap.xml') ?? []).map((url) => url.loc).sort()).toEqual(
        organizationRows
          .map((row) => `${siteUrl}${localizePath(row.path ?? `/organization/${row.id}`, 'de', brand)}`)
          .sort(),
      );
      const landingRows = await db
        .select({ path: landingPages.path })
        .from(landingPages)
        .where(sql`${landingPages.published} and ${landingPages.language} = 'de'`);
      expect((lists.get('/landing-pages/sitemap.xml') ?? []).map((url) => url.loc).sort()).toEqual(
        landingRows.map((row) => `${siteUrl}${row.path}`).sort(),
      );
      const categories = (lists.get('/job-categories/sitemap.xml') ?? []).map((url) => url.loc);
      expect(categories.length).toBeGreaterThan(0);
      for (const url of [...lists.values()].flat()) expect(url.alternates).toEqual({});
    }
  });

  it('every URL listed is a page that answers 200 and may be indexed', async () => {
    const lists = await crawl(brands.tagblatt);
    const sample = [...lists.values()].flatMap((urls) => urls.slice(0, 4));
    expect(sample.length).toBeGreaterThan(8);
    for (const { loc } of sample) {
      const url = new URL(loc);
      const response = await get(brands.tagblatt, url.pathname + url.search);
      const html = await response.text();
      expect(response.status, loc).toBe(200);
      expect(html, loc).not.toContain('name="robots" content="noindex');
      expect(html, loc).toContain(`<link rel="canonical" href="${loc}"`);
    }
  });

  it('the multilingual brand has a sitemap per locale with hreflang alternates and x-default', async () => {
    const brand = brands.jobregio;
    const lists = await crawl(brand);
    for (const locale of brand.locales) expect(lists.has(`/${locale}/jobs/sitemap.xml`), locale).toBe(true);
    expect(lists.has('/jobs/sitemap.xml')).toBe(false);
    const expected = await expectedJobPaths(brand.id, 'fr');
    const french = lists.get('/fr/jobs/sitemap.xml')!;
    expect(french.map((url) => url.loc).sort()).toEqual(expected.map((path) => `${siteUrl}/fr${path}`).sort());
    for (const url of french) {
      expect(Object.keys(url.alternates)).toEqual(['de', 'en-GB', 'fr', 'x-default']);
      expect(url.alternates.fr).toBe(url.loc);
      expect(url.alternates['x-default']).toBe(url.alternates.de);
    }
    const categories = lists.get('/fr/job-categories/sitemap.xml')!;
    expect(categories.every((url) => url.loc.startsWith(`${siteUrl}/fr/emploi/`))).toBe(true);
    expect((await get(brand, '/jobs/sitemap.xml')).status).toBe(404);
  });

  it('keeps a sitemap until the content changes, and answers a revalidation with 304', async () => {
    const brand = brands.tagblatt;
    const first = await get(brand, '/organizations/sitemap.xml');
    const firstXml = await first.text();
    const second = await get(brand, '/organizations/sitemap.xml');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.text()).toBe(firstXml);
    const tag = second.headers.get('etag')!;
    expect((await get(brand, '/organizations/sitemap.xml', { 'if-none-match': tag })).status).toBe(304);

    await database.handle.db
      .update(organizations)
      .set({ published: false })
      .where(eq(organizations.id, content.organization));
    const changed = await get(brand, '/organizations/sitemap.xml', { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    const [row] = await database.handle.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, content.organization));
    expect(firstXml).toContain(`${siteUrl}${row!.path}<`);
    expect(await changed.text()).not.toContain(`${siteUrl}${row!.path}<`);
  });

  it('answers 404 for a page past the last file and for sitemaps of other spellings', async () => {
    for (const path of [
      '/jobs/sitemap.xml?page=2',
      '/de/jobs/sitemap.xml',
      '/blog-posts/sitemap.xml',
      '/api/sitemap',
    ]) {
      expect((await get(brands.tagblatt, path)).status, path).toBe(404);
    }
  });

  it('serves the stylesheet that makes sitemaps readable', async () => {
    const response = await get(brands.suedjobs, '/sitemap.xsl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xsl; charset=utf-8');
    const stylesheet = parseXml(await response.text());
    expect(stylesheet.local).toBe('stylesheet');
  });

  it('robots.txt names the sitemap index on every brand, without a locale redirect', async () => {
    for (const brand of Object.values(brands)) {
      const response = await get(brand, '/robots.txt', { 'accept-language': 'fr' });
      expect(response.status, brand.id).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await response.text();
      expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml\n`);
      expect(text).toMatch(/^User-agent: \*$/m);
      expect(text).toContain('Disallow: /api/\n');
      const dashboard = brand.locales.length > 1 ? `/${brand.locales[0]}/dashboard` : '/dashboard';
      expect(text).toContain(`Disallow: ${dashboard}\n`);
      expect(text).not.toMatch(/^Disallow: \/$/m);
    }
  });
});
