/**
 * The job posting pages over HTTP (issue 13): sign-in first for every one of them, recruiters get the form
 * and the manager, applicants and recruiters are turned away from what is not theirs, and the manager's
 * actions refuse a post without the page's CSRF token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, locationOf } from '../support/browser-session';
import { recruiterRegistrationForm, uniqueEmail } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const password = 'correct-horse-battery';

beforeAll(async () => {
  server = await startServer({ FRONTEND: 'jobregio', REGISTRATIONS_PER_IP: '40' });
});
afterAll(async () => {
  await server?.stop();
});

const browser = () => new BrowserSession(server.url);

async function signedInRecruiter(): Promise<BrowserSession> {
  const session = browser();
  const email = uniqueEmail('job-pages');
  const csrfToken = await session.pageCsrfToken('/de/user/register/recruiter');
  const registered = await session.post(
    '/de/user/register/recruiter',
    recruiterRegistrationForm({ csrfToken, email, password, companyName: 'Seiten Test GmbH' }),
  );
  expect(registered.status).toBe(303);
  await session.signIn(email, password, '/de/dashboard');
  return session;
}

async function signedInApplicant(): Promise<BrowserSession> {
  const session = browser();
  const email = uniqueEmail('job-pages-applicant');
  const csrfToken = await session.pageCsrfToken('/de/user/register');
  expect(
    (await session.post('/de/user/register', { csrfToken, email, password, passwordConfirm: password })).status,
  ).toBe(303);
  await session.signIn(email, password, '/de/dashboard');
  return session;
}

describe('job posting pages', () => {
  it('send anonymous visitors to sign-in with SessionRequired and the page to come back to', async () => {
    for (const path of [
      '/job-manager/new',
      '/job-manager',
      '/job-manager?state=published',
      '/job-manager/edit/12',
      '/job-manager/moderation',
      '/job-manager/moderation/12',
      '/job/wizard?job=12',
    ]) {
      const response = await browser().get(`/de${path}`);
      expect(response.status, path).toBe(302);
      const login = new URL(locationOf(response, server.url), server.url);
      expect(login.pathname, path).toBe('/de/user/login');
      expect(login.searchParams.get('error'), path).toBe('SessionRequired');
      expect(login.searchParams.get('callbackUrl'), path).toBe(`/de${path}`);
    }
  });

  it('link "Stellenanzeige aufgeben" on the front page to the job form', async () => {
    const html = await (await browser().get('/de/')).text();
    expect(html).toMatch(/<a class="button" href="\/de\/job-manager\/new"[^>]*>\s*Stellenanzeige aufgeben\s*<\/a>/);
  });

  it('give a recruiter the job form with the brand’s job types (template and link here), and the job manager', async () => {
    const session = await signedInRecruiter();
    const form = await session.get('/de/job-manager/new');
    expect(form.status).toBe(200);
    expect(form.headers.get('cache-control')).toContain('no-store');
    const html = await form.text();
    expect(html).toContain('<h1>Stellenanzeige aufgeben</h1>');
    // The second brand offers template and link jobs only.
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*value="job_per_link"/);
    expect(html).not.toMatch(/<input[^>]*value="job_per_file"/);
    // The job form island (the session watcher is another island of every signed-in page).
    expect(html).toMatch(/<astro-island[^>]+component-url="[^"]*JobForm/);
    expect(html).toContain('Seiten Test GmbH');

    const manager = await session.get('/de/job-manager');
    expect(manager.status).toBe(200);
    const managerHtml = await manager.text();
    expect(managerHtml).toContain('Noch keine Stellenanzeigen.');
    // The manager is plain HTML: no form island.
    expect(managerHtml).not.toMatch(/component-url="[^"]*JobForm/);
  });

  it('refuse a manager action without the page’s CSRF token, and an unknown job to edit', async () => {
    const session = await signedInRecruiter();
    const refused = await session.post('/de/job-manager', { action: 'withdraw', id: '1', csrfToken: 'forged' });
    expect(refused.status).toBe(400);
    const edit = await session.get('/de/job-manager/edit/999999');
    expect(edit.status).toBe(404);
    expect(await edit.text()).toContain('Diese Stellenanzeige gibt es nicht, oder Sie dürfen sie nicht bearbeiten.');
  });

  it('tell applicants that only employers post jobs, and keep the moderation queue to staff', async () => {
    const applicant = await signedInApplicant();
    const form = await applicant.get('/de/job-manager/new');
    expect(form.status).toBe(403);
    const html = await form.text();
    expect(html).toContain('Stellenanzeigen können nur Arbeitgeber aufgeben.');
    expect(html).not.toMatch(/component-url="[^"]*JobForm/);

    const recruiter = await signedInRecruiter();
    const queue = await recruiter.get('/de/job-manager/moderation');
    expect(queue.status).toBe(403);
    expect(await queue.text()).toContain('Diese Seite ist nur für die Redaktion.');
  });
});
