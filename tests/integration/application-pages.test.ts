/**
 * Applications over HTTP on the built server (issue 14), on PostgreSQL with the brand that shows recruiters
 * their applications (suedjobs): the job page's apply button without JavaScript, the apply page, the file
 * download route for exactly the applicant, the job's organization and staff, the applicant's and the
 * recruiter's dashboards and the recruiter's status marking with the page's CSRF token.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFiles, applications } from '../../src/server/db/schema/applications';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { storeFile } from '../../src/server/storage/file-storage';
import { BrowserSession } from '../support/browser-session';
import { createJob, createOrganization, createUser, type TestUser } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let uploadDir: string;
const password = 'correct-horse-battery';
const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let rita: TestUser; // recruiter of the job's organization
let otto: TestUser; // recruiter of another organization
let ann: TestUser; // the applicant
let ben: TestUser; // another applicant
let jobId: number;
let applicationId: number;
let fileId: number;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-application-pages-'));
  const { db } = database.handle;
  rita = await createUser(db, { roles: ['recruiter'], password });
  otto = await createUser(db, { roles: ['recruiter'], password });
  ann = await createUser(db, { roles: ['applicant'], password, firstName: 'Ann', lastName: 'Arbeit' });
  ben = await createUser(db, { roles: ['applicant'], password });
  const acme = await createOrganization(db, {
    name: 'Acme Süd GmbH',
    frontend: 'suedjobs',
    members: [{ user: rita, isOwner: true }],
  });
  await createOrganization(db, { frontend: 'suedjobs', members: [{ user: otto, isOwner: true }] });
  jobId = (
    await createJob(db, {
      organization: { id: acme.id, name: acme.name, frontend: 'suedjobs' },
      title: 'Schreiner (m/w/d)',
      applicationWorkflow: 'on_site',
    })
  ).id;
  const stored = await storeFile({ data: pdf, extension: 'pdf', directory: uploadDir });
  const [application] = await db
    .insert(applications)
    .values({
      jobId,
      frontend: 'suedjobs',
      userId: ann.id,
      firstName: 'Ann',
      lastName: 'Arbeit',
      email: ann.email,
      locale: 'de',
      idempotencyKey: crypto.randomUUID(),
      mailsSentAt: new Date(),
    })
    .returning();
  applicationId = application!.id;
  const [file] = await db
    .insert(applicationFiles)
    .values({
      applicationId,
      jobId,
      uploadToken: 'b'.repeat(32),
      uploadedBy: ann.id,
      kind: 'cv',
      fileName: 'Lebenslauf Ann.pdf',
      mimeType: 'application/pdf',
      sizeBytes: stored.size,
      storageKey: stored.key,
    })
    .returning();
  fileId = file!.id;
  server = await startServer({
    FRONTEND: 'suedjobs',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'application-pages-secret-0123456789abcdef',
    SITE_URL: 'https://suedjobs.example',
    UPLOAD_DIR: uploadDir,
    MAIL_DIR: join(uploadDir, 'mail'),
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await rm(uploadDir, { recursive: true, force: true });
});

async function signedIn(user: TestUser): Promise<BrowserSession> {
  const session = new BrowserSession(server.url);
  await session.signIn(user.email, password, '/dashboard');
  expect((await session.session())?.user.email).toBe(user.email);
  return session;
}

describe('application pages', () => {
  it('give the job page one apply button to the apply page and no script; the apply page its island', async () => {
    const html = await (await new BrowserSession(server.url).get(`/job/${jobId}`)).text();
    expect(html.match(/data-apply="on_site"/g)).toHaveLength(1);
    expect(html).toContain(`href="/job/apply/${jobId}"`);
    expect(html).not.toMatch(/<script[^>]+src=/);
    const apply = await new BrowserSession(server.url).get(`/job/apply/${jobId}`);
    expect(apply.status).toBe(200);
    const page = await apply.text();
    expect(page).toContain('Bewerbung als Schreiner (m/w/d) bei Acme Süd GmbH');
    expect(page).toMatch(/<astro-island[^>]+QuickApply/);
    expect((await new BrowserSession(server.url).get('/job/apply/999999')).status).toBe(404);
  });

  it('serve an application file to the applicant, the organization and nobody else', async () => {
    const path = `/api/application-files/${fileId}`;
    expect((await new BrowserSession(server.url).get(path)).status).toBe(404);
    expect((await (await signedIn(ben)).get(path)).status).toBe(404);
    expect((await (await signedIn(otto)).get(path)).status).toBe(404);
    for (const user of [ann, rita]) {
      const response = await (await signedIn(user)).get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('attachment');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
    }
  });

  it("list the applicant's applications and let the recruiter mark one", async () => {
    const applicantPage = await (await (await signedIn(ann)).get('/dashboard')).text();
    expect(applicantPage).toContain('Meine Bewerbungen');
    expect(applicantPage).toContain('Schreiner (m/w/d)');
    expect(applicantPage).toContain(`href="/api/application-files/${fileId}"`);

    const recruiter = await signedIn(rita);
    const dashboard = await (await recruiter.get('/dashboard')).text();
    expect(dashboard).toContain('Eingegangene Bewerbungen');
    expect(dashboard).toContain(`data-received-application="${applicationId}"`);
    expect(dashboard).toContain('Lebenslauf Ann.pdf');
    // Without the page's token nothing changes.
    const forged = await recruiter.post('/dashboard/applications', { id: String(applicationId), status: 'rejected' });
    expect(forged.status).toBe(303);
    const csrfToken = await recruiter.pageCsrfToken('/dashboard');
    const marked = await recruiter.post('/dashboard/applications', {
      csrfToken,
      id: String(applicationId),
      status: 'shortlisted',
    });
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toContain('marked=1');
    const [row] = await database.handle.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.status).toBe('shortlisted');
    // Another organization's recruiter sees none of it.
    const other = await (await (await signedIn(otto)).get('/dashboard')).text();
    expect(other).not.toContain(`data-received-application="${applicationId}"`);
  });
});
