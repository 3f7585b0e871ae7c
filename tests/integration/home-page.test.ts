/**
 * The home page modules over GraphQL on both databases (issues 15 and 19): staff choose the featured,
 * video and top jobs (0–6), featured (0–4) and training (0–50) organizations of their brand; the modules
 * show them in order, leave out what is no longer open or published, follow the brand flags, and a refused
 * choice names its field and writes nothing. Every choice bumps the content revision (page cache).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import { homePage, homePicks, setHomePicks } from '../../src/features/home/operations';
import type { HomePickModule } from '../../src/lib/home/home-picks';
import { jobOccupationalFields, jobs } from '../../src/server/db/schema/jobs';
import { blogPosts } from '../../src/server/db/schema/content';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import { organizations } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createJob, createOrganization, createUser } from '../support/factories';

const german = { frontend: 'tagblatt;de' };
const jobregio = { frontend: 'jobregio;en-GB' };
const day = 86_400_000;
const errorOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions ?? {};

describe.each(testDialects)('The home page modules on %s', (dialect) => {
  let backend: TestBackend;
  const db = () => backend.handle.db;
  let staffToken: string;
  let recruiterToken: string;
  let jobregioStaffToken: string;
  let organization: { id: number; name: string };
  let otherBrandJob: number;

  const newJobs = async (
    count: number,
    values: Parameters<typeof createJob>[1] extends infer T ? Partial<T> : never = {},
  ) =>
    Promise.all(
      Array.from({ length: count }, () => createJob(db(), { organization, ...values }).then((job) => job.id)),
    );
  const newOrganizations = async (count: number, frontend: 'tagblatt' | 'jobregio' = 'tagblatt') => {
    const rows = await db()
      .insert(organizations)
      .values(
        Array.from({ length: count }, (_, index) => ({ name: `Home ${dialect} ${index}`, frontend, published: true })),
      )
      .returning({ id: organizations.id });
    return rows.map((row) => row.id);
  };
  const pick = (module: HomePickModule, ids: number[], token = staffToken, headers = german) =>
    backend.request(setHomePicks, { module, ids }, { token, headers });
  const home = async (headers = german) => {
    const { body } = await backend.request(homePage, {}, { headers });
    expect(body.errors).toBeUndefined();
    return body.data!.homePage;
  };
  const revision = async () => {
    const { rows } = await db().execute<{ revision: string | number }>(sql`select revision from content_revision`);
    return Number(rows[0]?.revision);
  };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const staff = await createUser(db());
    staffToken = await backend.tokenFor({ id: staff.id, roles: ['site_admin'] });
    const recruiter = await createUser(db());
    recruiterToken = await backend.tokenFor({ id: recruiter.id, roles: ['recruiter'] });
    jobregioStaffToken = staffToken;
    organization = await createOrganization(db(), { published: true });
    const other = await createOrganization(db(), { frontend: 'jobregio', published: true });
    otherBrandJob = (await createJob(db(), { organization: { id: other.id, frontend: 'jobregio' } })).id;
  });
  afterAll(() => backend?.dispose());

  it('shows the featured jobs staff chose, in their order, and bumps the content revision', async () => {
    const [first, second, third] = await newJobs(3);
    const before = await revision();
    const { body } = await pick('featured_jobs', [third!, first!, second!]);
    expect(body.errors).toBeUndefined();
    expect(body.data?.setHomePicks.items.map((item) => item.id)).toEqual([third, first, second]);
    expect(await revision()).toBeGreaterThan(before);
    expect((await home()).featuredJobs.map((job) => job.id)).toEqual([third, first, second]);
    // Replacing the choice replaces it; an empty list empties the module (range 0–6).
    await pick('featured_jobs', [second!]);
    expect((await home()).featuredJobs.map((job) => job.id)).toEqual([second]);
    await pick('featured_jobs', []);
    expect((await home()).featuredJobs).toEqual([]);
  });

  it('takes at most 6 jobs per job module and refuses 7 without writing', async () => {
    const six = await newJobs(7);
    expect((await pick('top_jobs', six.slice(0, 6))).body.errors).toBeUndefined();
    const { body } = await pick('top_jobs', six);
    expect(errorOf(body).code).toBe('BAD_USER_INPUT');
    expect(errorOf(body).fieldErrors).toHaveProperty('ids');
    expect((await home()).topJobs.map((job) => job.id)).toEqual(six.slice(0, 6));
    await pick('top_jobs', []);
  });

  it('refuses bad input: duplicates, ids that are no numbers, jobs of another brand, jobs without a video', async () => {
    const [job] = await newJobs(1);
    const duplicate = await pick('featured_jobs', [job!, job!]);
    expect(errorOf(duplicate.body).code).toBe('BAD_USER_INPUT');
    const negative = await pick('featured_jobs', [-3]);
    expect(errorOf(negative.body).code).toBe('BAD_USER_INPUT');
    const foreign = await pick('featured_jobs', [otherBrandJob]);
    expect(errorOf(foreign.body).fieldErrors).toEqual({
      ids: createTranslator('de')('home.picks.error.noJob', { ids: String(otherBrandJob) }),
    });
    const noVideo = await pick('video_jobs', [job!]);
    expect(errorOf(noVideo.body).code).toBe('BAD_USER_INPUT');
    const wrongModule = await backend.post(
      { query: 'mutation { setHomePicks(module: nonsense, ids: [1]) { module } }' },
      { token: staffToken, headers: german },
    );
    expect(wrongModule.body.errors?.length).toBeGreaterThan(0);
    const [video] = await newJobs(1, { videoUrl: 'https://video.example.test/1' });
    expect((await pick('video_jobs', [video!])).body.errors).toBeUndefined();
    expect((await home()).videoJobs.map((row) => row.id)).toEqual([video]);
    expect((await home()).featuredJobs).toEqual([]);
  });

  it('is for staff only: anonymous and recruiters are refused and change nothing', async () => {
    const [job] = await newJobs(1);
    const anonymous = await backend.request(
      setHomePicks,
      { module: 'featured_jobs', ids: [job!] },
      { headers: german },
    );
    expect(errorOf(anonymous.body).code).toBe('UNAUTHENTICATED');
    const recruiter = await pick('featured_jobs', [job!], recruiterToken);
    expect(errorOf(recruiter.body).code).toBe('FORBIDDEN');
    const list = await backend.request(homePicks, {}, { token: recruiterToken, headers: german });
    expect(errorOf(list.body).code).toBe('FORBIDDEN');
    expect((await home()).featuredJobs).toEqual([]);
  });

  it('leaves out chosen jobs that expired or were unpublished', async () => {
    const [open, expiring, unpublished] = await newJobs(3);
    await pick('featured_jobs', [open!, expiring!, unpublished!]);
    await db()
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - day) })
      .where(eq(jobs.id, expiring!));
    await db().update(jobs).set({ state: 'archived' }).where(eq(jobs.id, unpublished!));
    expect((await home()).featuredJobs.map((job) => job.id)).toEqual([open]);
    await pick('featured_jobs', []);
  });

  it('shows the jobs marked top (the product) while staff chose no top jobs', async () => {
    const [marked] = await newJobs(1, { isTop: true });
    const shown = (await home()).topJobs.map((job) => job.id);
    expect(shown).toContain(marked);
    expect(shown.length).toBeLessThanOrEqual(6);
    const [chosen] = await newJobs(1);
    await pick('top_jobs', [chosen!]);
    expect((await home()).topJobs.map((job) => job.id)).toEqual([chosen]);
    await pick('top_jobs', []);
  });

  it('takes 0–4 featured and 0–50 training organizations, published ones of the brand only', async () => {
    const ids = await newOrganizations(51);
    expect(errorOf((await pick('featured_organizations', ids.slice(0, 5))).body).code).toBe('BAD_USER_INPUT');
    expect((await pick('featured_organizations', ids.slice(0, 4))).body.errors).toBeUndefined();
    expect(errorOf((await pick('training_organizations', ids)).body).code).toBe('BAD_USER_INPUT');
    expect((await pick('training_organizations', ids.slice(0, 50))).body.errors).toBeUndefined();
    const page = await home();
    expect(page.featuredOrganizations.map((row) => row.id)).toEqual(ids.slice(0, 4));
    expect(page.trainingOrganizations.map((row) => row.id)).toEqual(ids.slice(0, 50));
    // An unpublished organization cannot be chosen, and one unpublished later is left out.
    const hidden = await createOrganization(db(), { published: false });
    expect(errorOf((await pick('featured_organizations', [hidden.id])).body).code).toBe('BAD_USER_INPUT');
    await db().update(organizations).set({ published: false }).where(eq(organizations.id, ids[0]!));
    expect((await home()).featuredOrganizations.map((row) => row.id)).toEqual(ids.slice(1, 4));
    const [foreign] = await newOrganizations(1, 'jobregio');
    expect(errorOf((await pick('featured_organizations', [foreign!])).body).code).toBe('BAD_USER_INPUT');
  });

  it('follows the brand flags: no training organizations where the brand has none', async () => {
    const [foreign] = await newOrganizations(1, 'jobregio');
    const refused = await pick('training_organizations', [foreign!], jobregioStaffToken, jobregio);
    expect(errorOf(refused.body).fieldErrors).toEqual({
      module: createTranslator('en-GB')('home.picks.error.disabled'),
    });
    expect(await home(jobregio)).toMatchObject({ trainingOrganizations: [] });
    const list = await backend.request(homePicks, {}, { token: jobregioStaffToken, headers: jobregio });
    const training = list.body.data?.homePicks.find((entry) => entry.module === 'training_organizations');
    expect(training).toMatchObject({ enabled: false, max: 50 });
    // Each brand sees its own choice only.
    expect((await home(jobregio)).featuredOrganizations).toEqual([]);
  });

  it('counts the open jobs of each category, through the category or a child field', async () => {
    const [parent] = await db()
      .insert(taxonomyTerms)
      .values({ vocabulary: 'occupational_field', slug: 'gesundheit-soziales', labelDe: 'Gesundheit' })
      .returning();
    const [child] = await db()
      .insert(taxonomyTerms)
      .values({ vocabulary: 'occupational_field', slug: `pflege-${dialect}`, labelDe: 'Pflege', parentId: parent!.id })
      .returning();
    const [direct, viaChild, expired] = await newJobs(3);
    await db()
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - day) })
      .where(eq(jobs.id, expired!));
    await db()
      .insert(jobOccupationalFields)
      .values([
        { jobId: direct!, termId: parent!.id },
        { jobId: viaChild!, termId: child!.id },
        { jobId: viaChild!, termId: parent!.id },
        { jobId: expired!, termId: parent!.id },
      ]);
    const { categories } = await home();
    expect(categories.find((category) => category.slug === 'gesundheit-soziales')?.count).toBe(2);
    expect(categories.find((category) => category.slug === 'oeffentlicher-dienst')?.count).toBe(0);
  });

  it('lists the newest published blog posts of the brand, as its blog lists them, where the brand has a blog', async () => {
    const hour = 3_600_000;
    await db()
      .insert(blogPosts)
      .values([
        { slug: `alt-${dialect}`, title: 'Alt', language: 'de', publishedAt: new Date(Date.now() - 3 * day) },
        { slug: `neu-${dialect}`, title: 'Neu', language: 'de', publishedAt: new Date(Date.now() - hour) },
        { slug: `mitte-${dialect}`, title: 'Mitte', language: 'de', publishedAt: new Date(Date.now() - day) },
        { slug: `aelter-${dialect}`, title: 'Älter', language: 'de', publishedAt: new Date(Date.now() - 5 * day) },
        { slug: `entwurf-${dialect}`, title: 'Entwurf', language: 'de', publishedAt: null },
        { slug: `geplant-${dialect}`, title: 'Geplant', language: 'de', publishedAt: new Date(Date.now() + day) },
        { slug: `english-${dialect}`, title: 'English', language: 'en', publishedAt: new Date(Date.now() - hour) },
      ]);
    const { latestBlogPosts } = await home();
    // Drafts and scheduled posts are left out; /blog lists every language of the brand, and so does this.
    expect(latestBlogPosts.map((post) => post.title)).toEqual(['English', 'Neu', 'Mitte']);
    expect(latestBlogPosts[1]?.url).toBe(`/blog/neu-${dialect}`);
    // jobregio has no blog.
    expect((await home(jobregio)).latestBlogPosts).toEqual([]);
  });
});
