/**
 * The visibility rules of organization profiles (issue 15): an unpublished profile is not found for
 * visitors but shown with a banner to its members and staff, and a job of an unpublished organization
 * names it without a link and without a logo. The API on both databases, the pages on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import {
  organizationFaqs,
  organizationGalleryImages,
  organizations,
  organizationVideos,
} from '../../src/server/db/schema/organizations';
import { createTestBackend, type TestBackend } from '../support/backend';
import { BrowserSession } from '../support/browser-session';
import { createJob, createOrganization, createUser, uniqueEmail, type TestUser } from '../support/factories';
import { reservePort, startServer, type RunningServer } from '../support/server';

const day = 24 * 60 * 60 * 1000;

describe.each(testDialects)('organization profile visibility on %s', (dialect) => {
  let backend: TestBackend;
  let member: TestUser;
  let staff: TestUser;
  let stranger: TestUser;
  let draftJob: { id: number };
  let published: { id: number };
  let openJob: { id: number };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    member = await createUser(db, { roles: ['recruiter'] });
    stranger = await createUser(db, { roles: ['recruiter'] });
    staff = await createUser(db, { roles: ['administrator'] });
    const draft = await createOrganization(db, {
      name: 'Entwurf AG',
      published: false,
      members: [member],
      logoUrl: '/media/logos/1.svg',
    });
    draftJob = await createJob(db, { organization: draft });
    published = await createOrganization(db, { name: 'Offen GmbH', published: true, logoUrl: '/media/logos/2.svg' });
    openJob = await createJob(db, { organization: published, title: 'Offene Stelle' });
    await createJob(db, { organization: published, title: 'Entwurfsstelle', state: 'draft' });
    await createJob(db, { organization: published, title: 'Abgelaufen', expiresAt: new Date(Date.now() - day) });
  });
  afterAll(() => backend?.dispose());

  const as = async (user?: TestUser) => (user ? backend.tokenFor(user) : undefined);
  const jobOrganization = async (user?: TestUser) =>
    (
      await backend.post<{ job: { organization: { name: string; viewable: boolean; logo: { url: string } | null } } }>(
        {
          query: 'query j($id: Int!) { job(id: $id) { organization { name viewable logo { url } } } }',
          variables: { id: draftJob.id },
        },
        { token: await as(user) },
      )
    ).body.data?.job.organization;

  it('names the unpublished organization of a job without a page or logo for visitors and strangers', async () => {
    for (const user of [undefined, stranger]) {
      expect(await jobOrganization(user)).toEqual({ name: 'Entwurf AG', viewable: false, logo: null });
    }
  });

  it('lets members and staff open it, with its logo', async () => {
    for (const user of [member, staff]) {
      const organization = await jobOrganization(user);
      expect(organization?.viewable).toBe(true);
      expect(organization?.logo?.url).toMatch(/^\/media\/logos\/1\.svg\?style=medium_squared/);
    }
  });

  it('lists a profile’s open jobs only: no drafts, nothing expired', async () => {
    const { body } = await backend.post<{
      organizationProfile: { openJobCount: number; openJobs: { total: number; jobs: { id: number; title: string }[] } };
    }>({
      query:
        'query p($id: Int!) { organizationProfile(id: $id) { openJobCount openJobs { total jobs { id title } } } }',
      variables: { id: published.id },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.organizationProfile).toEqual({
      openJobCount: 1,
      openJobs: { total: 1, jobs: [{ id: openJob.id, title: 'Offene Stelle' }] },
    });
  });
});

describe('organization profile pages on postgres', () => {
  const password = 'correct-horse-battery';
  let database: TestDatabase;
  let server: RunningServer;
  let memberEmail: string;
  let staffEmail: string;
  let draft: { id: number };
  let full: { id: number };
  let draftJob: { id: number };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const { db } = database.handle;
    memberEmail = uniqueEmail('profile-member');
    staffEmail = uniqueEmail('profile-staff');
    const member = await createUser(db, { email: memberEmail, password, roles: ['recruiter'] });
    await createUser(db, { email: staffEmail, password, roles: ['administrator'] });
    draft = await createOrganization(db, {
      name: 'Geheim GmbH',
      path: '/organization/geheim',
      published: false,
      members: [member],
      activeFor: [member],
    });
    draftJob = await createJob(db, { organization: draft, title: 'Stelle bei Geheim' });
    full = await createOrganization(db, {
      name: 'Voll AG',
      alternativeName: 'Voll',
      path: '/organization/voll',
      published: true,
      website: 'https://voll.example',
      linkedin: 'https://www.linkedin.com/company/voll',
      presentation: '<p>Wir machen <strong>alles</strong>.</p>',
    });
    for (const organization of [draft, full]) {
      await db
        .update(organizations)
        .set({ logoUrl: `/media/logos/${organization.id}.svg`, coverUrl: `/media/covers/${organization.id}.svg` })
        .where(eq(organizations.id, organization.id));
    }
    await db.insert(organizationGalleryImages).values(
      [1, 2].map((n) => ({
        organizationId: full.id,
        imageUrl: `/media/gallery/${full.id}-${n}.svg`,
        alt: `Bild ${n}`,
      })),
    );
    await db.insert(organizationVideos).values({
      organizationId: full.id,
      coverTitle: 'Unser Team',
      source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    await db.insert(organizationFaqs).values({ organizationId: full.id, question: 'Homeoffice?', answer: 'Ja.' });
    await createJob(db, { organization: full, title: 'Volle Stelle' });
    const port = await reservePort();
    server = await startServer({
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      FRONTEND: 'tagblatt',
      DATABASE_URL: database.databaseUrl!,
      AUTH_SECRET: 'organization-profiles-secret-0123456789abcdef',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  async function signedIn(email: string): Promise<BrowserSession> {
    const session = new BrowserSession(server.url);
    await session.signIn(email, password);
    return session;
  }

  it('shows every section of a full profile, JSON-LD Organization and no video player before a click', async () => {
    const response = await fetch(`${server.url}/organization/voll`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Voll AG<\/h1>/);
    expect(html).toContain(`src="/media/covers/${full.id}.svg"`);
    expect(html).toContain(`src="/media/gallery/${full.id}-2.svg"`);
    expect(html).toContain('Homeoffice?');
    expect(html).toContain('Volle Stelle');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('data-video-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('noindex');
    const [jsonLd] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Voll AG',
      url: `${server.url}/organization/voll`,
      logo: jsonLd!.logo,
      description: 'Wir machen alles .',
      sameAs: ['https://voll.example', 'https://www.linkedin.com/company/voll'],
    });
    expect(jsonLd!.logo).toContain(`${server.url}/media/logos/${full.id}.svg?style=medium_squared`);
    for (const path of [`/media/covers/${full.id}.svg`, `/media/gallery/${full.id}-1.svg`]) {
      const image = await fetch(`${server.url}${path}`);
      expect(image.status, path).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/svg+xml');
    }
  });

  it('answers 404 for an unpublished profile and its pictures to visitors', async () => {
    expect((await fetch(`${server.url}/organization/geheim`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/covers/${draft.id}.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/logos/${draft.id}.svg`)).status).toBe(404);
  });

  it('shows an unpublished profile with a banner, not indexed, to its members and staff', async () => {
    for (const email of [memberEmail, staffEmail]) {
      const response = await (await signedIn(email)).get('/organization/geheim');
      expect(response.status, email).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Geheim GmbH<\/h1>/);
      expect(html).toContain('noch nicht veröffentlicht');
      expect(html).toContain('noindex');
      expect(html).not.toContain('application/ld+json');
    }
  });

  it('names the unpublished employer on its job page without a link and without a logo', async () => {
    const html = await (await fetch(`${server.url}/job/${draftJob.id}`)).text();
    expect(html).toContain('Stelle bei Geheim');
    expect(html).toMatch(/class="job__employer"[^>]*>\s*Geheim GmbH\s*</);
    expect(html).not.toContain('href="/organization/geheim"');
    expect(html).not.toContain(`/media/logos/${draft.id}.svg`);
  });
});
