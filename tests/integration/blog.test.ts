/**
 * The blog (issue 19 part 1), over GraphQL on both databases: published posts 10 a page newest first, the
 * category and tag listings, drafts and scheduled posts invisible to visitors until their time (and the
 * page cache's content version moving at that time), brand isolation, the staff-only writes with field
 * errors in the visitor's language and a sanitised body, images re-encoded to 1000×500 WebP and limited per
 * user and hour, the Atom feed's validity and the blog's URLs in the sitemap.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { blogFeedXml } from '../../src/features/blog/blog-feed';
import { getBlogPost, listBlogPosts, listStaffBlogPosts, saveBlogPost } from '../../src/features/blog/operations';
import { sitemapEntries, sitemapSections } from '../../src/features/sitemaps/operations';
import { createBackendClient } from '../../src/lib/backend-client';
import { getConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db';
import { blogPosts, type NewBlogPost } from '../../src/server/db/schema/content';
import { readFile } from '../../src/server/storage/file-storage';
import { testDialects } from '../../src/server/db/testing';
import { contentVersionReader } from '../../src/server/page-cache/content-version';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createUser, unique, type TestUser } from '../support/factories';
import { parseXml } from '../support/xml-schema';

const minute = 60_000;
const atom = 'http://www.w3.org/2005/Atom';

function post(frontend: NewBlogPost['frontend'], index: number, values: Partial<NewBlogPost> = {}): NewBlogPost {
  return {
    frontend,
    slug: unique(`beitrag-${index}`).toLowerCase(),
    title: `Beitrag ${index}`,
    teaser: `Anriss ${index}`,
    bodyHtml: `<p>Text ${index}</p>`,
    author: 'Katharina Weber',
    category: index % 2 === 0 ? 'personalwesen' : 'ausbildung',
    tags: index % 3 === 0 ? ['bewerbung', 'karriere'] : ['karriere'],
    publishedAt: new Date(Date.now() - (index + 1) * 60 * minute),
    ...values,
  };
}

describe.each(testDialects)('the blog on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let staff: TestUser;
  let recruiter: TestUser;
  let uploads: string;
  const tagblatt = { headers: { frontend: 'tagblatt;de' } };

  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'blog-uploads-'));
    process.env.UPLOAD_DIR = uploads;
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    await db.delete(blogPosts);
    // Twelve published posts of tagblatt (1 newest … 12 oldest), a draft, one of another brand.
    await db
      .insert(blogPosts)
      .values([
        ...Array.from({ length: 12 }, (_, index) => post('tagblatt', index + 1)),
        post('tagblatt', 99, { slug: 'entwurf', publishedAt: null, title: 'Entwurf' }),
        post('suedjobs', 1, { slug: 'sued', title: 'Süd' }),
      ]);
    staff = await createUser(db, { roles: ['site_admin'] });
    recruiter = await createUser(db, { roles: ['recruiter'] });
  }, 120_000);
  afterAll(async () => {
    await backend?.dispose();
    await rm(uploads, { recursive: true, force: true });
  });

  /** The files in the upload directory. */
  const storedFiles = async () =>
    (await readdir(uploads, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());

  const list = async (variables: { first?: number; page?: number; category?: string; tag?: string }) =>
    (await backend.request(listBlogPosts, variables, tagblatt)).body.data!.blogPosts;

  const save = async (user: TestUser | null, input: Record<string, unknown>, id?: number) =>
    (
      await backend.request(
        saveBlogPost,
        { id: id ?? null, input: input as never },
        { ...tagblatt, ...(user ? { token: await backend.tokenFor(user) } : {}) },
      )
    ).body;

  it('lists the published posts 10 a page, newest first, with teaser fields', async () => {
    const first = await list({});
    expect(first.totalCount).toBe(12);
    expect(first.pageCount).toBe(2);
    expect(first.posts.map((item) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Beitrag ${i + 1}`));
    expect(first.posts[0]).toMatchObject({ excerpt: 'Anriss 1', author: 'Katharina Weber' });
    expect(first.posts[0]!.url).toMatch(/^\/blog\/beitrag-1-/);
    const second = await list({ page: 2 });
    expect(second.posts.map((item) => item.title)).toEqual(['Beitrag 11', 'Beitrag 12']);
    expect((await list({ page: 3 })).posts).toEqual([]);
  });

  it('lists a category and a tag', async () => {
    const category = await list({ category: 'personalwesen' });
    expect(category.posts.map((item) => item.title)).toEqual([
      'Beitrag 2',
      'Beitrag 4',
      'Beitrag 6',
      'Beitrag 8',
      'Beitrag 10',
      'Beitrag 12',
    ]);
    expect(category.posts[0]!.category).toEqual({
      slug: 'personalwesen',
      label: 'Personalwesen',
      url: '/blog/category/personalwesen',
    });
    const tag = await list({ tag: 'bewerbung' });
    expect(tag.posts.map((item) => item.title)).toEqual(['Beitrag 3', 'Beitrag 6', 'Beitrag 9', 'Beitrag 12']);
  });

  it('keeps drafts and other brands’ posts from visitors, and shows them to staff', async () => {
    expect((await list({ first: 50 })).posts.map((item) => item.title)).not.toContain('Entwurf');
    const draft = await backend.request(getBlogPost, { slug: 'entwurf' }, tagblatt);
    expect(draft.body.data!.blogPost).toBeNull();
    expect((await backend.request(getBlogPost, { slug: 'sued' }, tagblatt)).body.data!.blogPost).toBeNull();
    const sued = await backend.request(getBlogPost, { slug: 'sued' }, { headers: { frontend: 'suedjobs;de' } });
    expect(sued.body.data!.blogPost?.title).toBe('Süd');
    // A brand without a blog has no posts.
    const jobregio = await backend.request(listBlogPosts, {}, { headers: { frontend: 'jobregio;de' } });
    expect(jobregio.body.data!.blogPosts.totalCount).toBe(0);
    const staffList = await backend.request(
      listStaffBlogPosts,
      {},
      { ...tagblatt, token: await backend.tokenFor(staff) },
    );
    expect(staffList.body.data!.staffBlogPosts.posts[0]).toMatchObject({ title: 'Entwurf', status: 'DRAFT' });
  });

  it('shows a post with reading time, tags and related posts of its category or tags', async () => {
    const [sixth] = (await list({ category: 'personalwesen' })).posts.filter((item) => item.title === 'Beitrag 6');
    const page = await backend.request(getBlogPost, { slug: sixth!.slug }, tagblatt);
    const shown = page.body.data!.blogPost!;
    expect(shown).toMatchObject({ readingMinutes: 1, bodyHtml: '<p>Text 6</p>', language: 'de' });
    expect(shown.tags.map((tag) => tag.url)).toEqual(['/blog/tag/bewerbung', '/blog/tag/karriere']);
    expect(shown.related).toHaveLength(3);
    expect(shown.related.map((item) => item.title)).not.toContain('Beitrag 6');
    expect(shown.relatedJobs).toEqual([]);
  });

  it('refuses writes to visitors and non-staff users', async () => {
    const anonymous = await save(null, { title: 'X', status: 'publish' });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const byRecruiter = await save(recruiter, { title: 'X', status: 'publish' });
    expect(byRecruiter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const staffList = await backend.request(
      listStaffBlogPosts,
      {},
      { ...tagblatt, token: await backend.tokenFor(recruiter) },
    );
    expect(staffList.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await list({ first: 50 })).posts.map((item) => item.title)).not.toContain('X');
  });

  it('refuses bad input with field errors in the visitor’s language, writing nothing', async () => {
    const before = (await list({ first: 50 })).totalCount;
    const refused = await save(staff, {
      title: '  ',
      status: 'publish',
      category: 'astrologie',
      tags: ['Zwei Worte!'],
      slug: 'Mit Leerzeichen',
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fieldErrors = refused.errors?.[0]?.extensions?.fieldErrors as Record<string, string>;
    expect(fieldErrors.title).toBe('Bitte geben Sie einen Titel ein.');
    expect(fieldErrors.category).toBe('Bitte wählen Sie eine Kategorie aus der Liste.');
    expect(fieldErrors['tags.0']).toMatch(/Schlagwörter/);
    expect(fieldErrors.slug).toMatch(/Adresse/);
    const taken = await save(staff, { title: 'Doppelt', slug: 'entwurf', status: 'draft' });
    expect((taken.errors?.[0]?.extensions?.fieldErrors as Record<string, string>).slug).toBe(
      'Diese Adresse hat bereits ein anderer Artikel.',
    );
    expect((await list({ first: 50 })).totalCount).toBe(before);
  });

  it('saves a staff post with a sanitised body and a slug from its title', async () => {
    const saved = await save(staff, {
      title: 'Gute Fragen im Vorstellungsgespräch',
      bodyHtml: '<p onclick="steal()">Fragen <script>alert(1)</script>stellen</p>',
      category: 'personalwesen',
      tags: ['bewerbung'],
      status: 'publish',
    });
    expect(saved.errors).toBeUndefined();
    const written = saved.data!.saveBlogPost;
    expect(written).toMatchObject({ slug: 'gute-fragen-im-vorstellungsgespraech', status: 'PUBLISHED' });
    expect(written.bodyHtml).toBe('<p>Fragen stellen</p>');
    const again = await save(staff, { title: 'Gute Fragen im Vorstellungsgespräch', status: 'draft' });
    expect(again.data!.saveBlogPost.slug).toBe('gute-fragen-im-vorstellungsgespraech-2');
    // Back to a draft: gone from the blog.
    await save(staff, { title: written.title, status: 'draft' }, written.id);
    const shown = await backend.request(getBlogPost, { slug: written.slug }, tagblatt);
    expect(shown.body.data!.blogPost).toBeNull();
  });

  it('publishes a scheduled post at its time, and the content version moves then', async () => {
    const reader = contentVersionReader(db);
    const readVersion = async () => (await reader()).tag;
    const publishAt = new Date(Date.now() + 2_500);
    const saved = await save(staff, {
      title: 'Geplanter Beitrag',
      category: 'ausbildung',
      tags: ['geplant'],
      status: 'publish',
      publishAt: publishAt.toISOString(),
    });
    expect(saved.data!.saveBlogPost.status).toBe('SCHEDULED');
    const versionBefore = await readVersion();
    const titles = async (variables: Record<string, string>) =>
      (await list({ first: 50, ...variables })).posts.map((item) => item.title);
    expect(await titles({})).not.toContain('Geplanter Beitrag');
    expect(await titles({ tag: 'geplant' })).toEqual([]);
    expect(await readVersion()).toBe(versionBefore);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() - Date.now()) + 300));
    expect(await readVersion()).not.toBe(versionBefore);
    expect((await titles({}))[0]).toBe('Geplanter Beitrag');
    expect((await titles({ category: 'ausbildung' }))[0]).toBe('Geplanter Beitrag');
    expect(await titles({ tag: 'geplant' })).toEqual(['Geplanter Beitrag']);
  });

  const upload = async (user: TestUser, bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: 'mutation ($file: File!) { uploadBlogImage(file: $file) { url width height } }',
        variables: { file: null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([bytes], name, { type: 'image/png' }));
    const response = await backend.server.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { frontend: 'tagblatt;de', authorization: `Bearer ${await backend.tokenFor(user)}` },
      body: form,
    });
    return (await response.json()) as GraphQLResponseBody<{ uploadBlogImage: { url: string } }>;
  };

  it('re-encodes an uploaded image as a 1000×500 WebP and refuses what is no image', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const uploaded = await upload(staff, new Uint8Array(png), 'bild.png');
    expect(uploaded.errors).toBeUndefined();
    const url = uploaded.data!.uploadBlogImage.url;
    expect(url).toMatch(/^\/media\/blog\/[0-9a-f]{32}\.webp$/);
    const stored = await readFile({ key: url.split('/').pop()!, directory: uploads });
    const metadata = await sharp(stored!).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1000, height: 500 });
    const text = await upload(staff, new Uint8Array(Buffer.from('not an image at all')), 'bild.png');
    expect((text.errors?.[0]?.extensions?.fieldErrors as Record<string, string>).file).toMatch(/JPG/);
    const byRecruiter = await upload(recruiter, new Uint8Array(png), 'bild.png');
    expect(byRecruiter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses an image upload beyond the hourly limit per user, storing nothing for it', async () => {
    const uploader = await createUser(db, { roles: ['site_admin'] });
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#aa3366' } })
        .png()
        .toBuffer(),
    );
    const max = getConfig().RATE_LIMIT_UPLOADS_PER_HOUR;
    const storedBefore = (await storedFiles()).length;
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await upload(uploader, png, 'bild.png')).errors, `upload ${attempt + 1}`).toBeUndefined();
    }
    expect(await storedFiles()).toHaveLength(storedBefore + max);
    const refused = await upload(uploader, png, 'bild.png');
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.message).toBe(
      'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann noch einmal.',
    );
    expect(refused.data).toBeNull();
    expect(await storedFiles()).toHaveLength(storedBefore + max);
    // The limit is the uploader's own: another staff member still uploads.
    expect((await upload(staff, png, 'bild.png')).errors).toBeUndefined();
  });

  it('writes a well-formed Atom feed of the newest posts with absolute links', async () => {
    const client = createBackendClient({
      transport: {
        kind: 'http',
        endpoint: 'http://localhost/graphql',
        fetch: async (url, init) => backend.server.fetch(new Request(url, init), {}),
      },
      frontend: { name: 'tagblatt', locale: 'de' },
    });
    const xml = await blogFeedXml({
      backend: client,
      brand: brands.tagblatt,
      locale: 'de',
      origin: 'https://jobs.example',
      title: 'Ratgeber',
    });
    const feed = parseXml(xml);
    expect(feed).toMatchObject({ ns: atom, local: 'feed' });
    const entries = feed.children.filter((child) => child.local === 'entry');
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const names = entry.children.map((child) => child.local);
      for (const required of ['title', 'id', 'updated', 'link']) expect(names).toContain(required);
      const href = entry.children.find((child) => child.local === 'link')!.attributes.find((a) => a.local === 'href');
      expect(href?.value).toMatch(/^https:\/\/jobs\.example\/blog\/[^/]+$/);
    }
    const titles = entries.map((entry) => entry.children.find((child) => child.local === 'title')!.text);
    expect(titles).not.toContain('Entwurf');
    expect(titles).not.toContain('Süd');
    expect(feed.children.find((child) => child.local === 'id')?.text).toBe('https://jobs.example/blog');
  });

  it('lists the published posts of the brand in its blog sitemap', async () => {
    const sections = (await backend.request(sitemapSections, { kinds: ['BLOG'] }, tagblatt)).body.data!.sitemapSections;
    const [chunk] = sections[0]!.chunks;
    const page = await backend.request(sitemapEntries, { kind: 'BLOG', first: 100 }, tagblatt);
    const paths = page.body.data!.sitemapEntries.entries.map((entry) => entry.path);
    const published = (await list({ first: 50 })).posts.map((item) => item.url);
    expect(chunk!.count).toBe(published.length);
    expect(paths.sort()).toEqual(published.sort());
    expect(paths).not.toContain('/blog/entwurf');
    const jobregio = await backend.request(
      sitemapSections,
      { kinds: ['BLOG'] },
      { headers: { frontend: 'jobregio;de' } },
    );
    expect(jobregio.body.data!.sitemapSections[0]!.chunks).toEqual([]);
  });
});
