/**
 * The job manager's actions and the staff's moderation pages over HTTP, on PostgreSQL (issue 13): staff
 * see the queue and the form in review mode, a recruiter withdraws a live job from the manager (a plain form
 * post), and a rejected job shows its reason when the recruiter opens it again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { BrowserSession, locationOf } from '../support/browser-session';
import { createJob, createOrganization, createUser, uniqueEmail } from '../support/factories';
import { reservePort, startServer, type RunningServer } from '../support/server';

const password = 'correct-horse-battery';
const day = 24 * 60 * 60 * 1000;
let database: TestDatabase;
let server: RunningServer;
let inReview: { id: number };
let live: { id: number };
let toReject: { id: number };
let recruiterEmail: string;
let staffEmail: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const { db } = database.handle;
  recruiterEmail = uniqueEmail('moderated-recruiter');
  staffEmail = uniqueEmail('moderator');
  const recruiter = await createUser(db, { email: recruiterEmail, password, roles: ['recruiter'] });
  await createUser(db, { email: staffEmail, password, roles: ['job_editor'], firstName: 'Erika', lastName: 'Prüfer' });
  const organization = await createOrganization(db, {
    name: 'Moderiert GmbH',
    published: true,
    owner: recruiter,
    members: [recruiter],
    activeFor: [recruiter],
  });
  const place = {
    locality: 'Tübingen',
    postalCode: '72070',
    countryCode: 'DE',
    latitude: 48.52,
    longitude: 9.05,
  };
  const base = {
    organization,
    description: '<p>Wir suchen Sie.</p>',
    applicationEmails: ['jobs@moderiert.example'],
    locations: [place],
  };
  inReview = await createJob(db, { ...base, title: 'Prüfling (m/w/d)', state: 'needs_review' });
  toReject = await createJob(db, { ...base, title: 'Abzulehnen (m/w/d)', state: 'needs_review' });
  live = await createJob(db, {
    ...base,
    title: 'Live-Stelle (m/w/d)',
    state: 'published',
    publishedAt: new Date(Date.now() - day),
    expiresAt: new Date(Date.now() + 30 * day),
  });
  const port = await reservePort();
  server = await startServer({
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    FRONTEND: 'tagblatt',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'moderation-pages-secret-0123456789abcdef',
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

describe('moderation pages', () => {
  it('list the jobs waiting for review for staff and open one in the form in review mode', async () => {
    const staff = await signedIn(staffEmail);
    const queue = await staff.get('/job-manager/moderation');
    expect(queue.status).toBe(200);
    const html = await queue.text();
    expect(html).toContain('Prüfling (m/w/d)');
    expect(html).toContain(`href="/job-manager/moderation/${inReview.id}"`);
    expect(html).not.toContain('Live-Stelle (m/w/d)');

    const review = await staff.get(`/job-manager/moderation/${inReview.id}`);
    expect(review.status).toBe(200);
    const form = await review.text();
    expect(form).toContain('<h1>Stellenanzeige prüfen</h1>');
    expect(form).toMatch(/<astro-island[^>]+component-url="[^"]*JobForm/);
    for (const text of ['Freigeben', 'Ablehnen', 'Grund der Ablehnung', 'Prüfling (m/w/d)'])
      expect(form).toContain(text);
  });

  it('keep the review of a job from recruiters', async () => {
    const recruiter = await signedIn(recruiterEmail);
    const review = await recruiter.get(`/job-manager/moderation/${inReview.id}`);
    expect(review.status).toBe(403);
    expect(await review.text()).toContain('Diese Seite ist nur für die Redaktion.');
  });

  it('show the recruiter the reason of a rejection when the job is opened again', async () => {
    const staff = await signedIn(staffEmail);
    const token = (await staff.session())!.jwt;
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: 'mutation ($id: Int!, $reason: String!) { rejectJob(id: $id, reason: $reason) { workflowState } }',
        variables: { id: toReject.id, reason: 'Bitte nennen Sie ein Gehalt.' },
      }),
    });
    expect(((await response.json()) as { data: { rejectJob: { workflowState: string } } }).data.rejectJob).toEqual({
      workflowState: 'archived',
    });
    const recruiter = await signedIn(recruiterEmail);
    const edit = await recruiter.get(`/job-manager/edit/${toReject.id}`);
    expect(edit.status).toBe(200);
    const html = await edit.text();
    expect(html).toContain('Bitte nennen Sie ein Gehalt.');
    // The state history says who changed what, and why.
    expect(html).toMatch(/In Prüfung → Archiviert \(Erika Prüfer\)\s*– Bitte nennen Sie ein Gehalt\./);
  });
});

describe('job manager actions', () => {
  it('list the organization’s jobs with state and actions, and withdraw a live job by a form post', async () => {
    const recruiter = await signedIn(recruiterEmail);
    const manager = await (await recruiter.get('/job-manager?state=published')).text();
    expect(manager).toContain('Live-Stelle (m/w/d)');
    expect(manager).not.toContain('Prüfling (m/w/d)');
    const row = new RegExp(`<tr data-job-id="${live.id}">([\\s\\S]*?)</tr>`).exec(manager)?.[1] ?? '';
    expect(row).toContain('Veröffentlicht');
    expect(row).toContain('value="withdraw"');
    expect(row).toContain(`href="/job-manager/edit/${live.id}"`);

    const csrfToken = await recruiter.pageCsrfToken('/job-manager');
    const withdrawn = await recruiter.post('/job-manager?state=published', {
      csrfToken,
      id: String(live.id),
      action: 'withdraw',
    });
    expect(withdrawn.status).toBe(303);
    expect(locationOf(withdrawn, server.url)).toBe('/job-manager?state=published&done=withdraw');
    const [stored] = await database.handle.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, live.id));
    expect(stored?.state).toBe('archived');
    const after = await (await recruiter.get('/job-manager?state=published&done=withdraw')).text();
    expect(after).toContain('Die Anzeige wurde zurückgezogen.');
    expect(after).not.toContain('Live-Stelle (m/w/d)');
  });
});
