/**
 * The GDPR consent modal on the built server (issue 18): decided on the server, so only a signed-in visitor
 * whose consent to the modal's text is outdated gets its island; everybody else gets no script for it, and
 * anonymous pages (which the page cache shares) carry no consent state at all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { BrowserSession } from '../support/browser-session';
import { createUser, type TestUser } from '../support/factories';
import { startMailServer, type TestMailServer } from '../support/mail';
import { startServer, type RunningServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let mail: TestMailServer;
const password = 'correct-horse-battery';
let outdated: TestUser; // agreed to revision 1 of the modal's terms
let current: TestUser; // agreed to revision 2
let never: TestUser; // agreed to nothing yet
let infoId: number;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const { db } = database.handle;
  outdated = await createUser(db, { roles: ['applicant'], password });
  current = await createUser(db, { roles: ['applicant'], password });
  never = await createUser(db, { roles: ['applicant'], password });
  const [info] = await db.insert(consentInfos).values({ type: 'terms', placement: 'modal', optIn: true }).returning();
  infoId = info!.id;
  const [first, , second] = await db
    .insert(consentInfoRevisions)
    .values([
      { infoId, revision: 1, language: 'de', text: '<p>AGB Fassung 1</p>' },
      { infoId, revision: 1, language: 'en', text: '<p>Terms version 1</p>' },
      { infoId, revision: 2, language: 'de', text: '<p>AGB Fassung 2 <script>alert(1)</script></p>' },
      { infoId, revision: 2, language: 'en', text: '<p>Terms version 2</p>' },
    ])
    .returning();
  await db.insert(consentRecords).values([
    { mail: outdated.email, infoId, infoRevisionId: first!.id, userId: outdated.id, verifiedAt: new Date() },
    { mail: current.email, infoId, infoRevisionId: second!.id, userId: current.id, verifiedAt: new Date() },
  ]);
  mail = await startMailServer();
  server = await startServer({
    SMTP_URL: mail.url,
    FRONTEND: 'jobregio',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'consent-pages-secret-0123456789abcdef',
    SITE_URL: 'https://jobregio.example',
  });
});

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
  await database?.dispose();
});

async function signedIn(user: TestUser): Promise<BrowserSession> {
  const session = new BrowserSession(server.url);
  await session.signIn(user.email, password, '/');
  expect((await session.session())?.user.email).toBe(user.email);
  return session;
}

const island = /<astro-island[^>]+GdprConsentModal/;

describe('GDPR consent modal', () => {
  it('is rendered for a visitor with outdated consent, with the latest text in their language, sanitised', async () => {
    const session = await signedIn(outdated);
    const german = await (await session.get('/de/jobs')).text();
    expect(german).toMatch(island);
    expect(german).toContain('AGB Fassung 2');
    expect(german).not.toContain('<script>alert(1)');
    const english = await (await session.get('/en-GB/jobs')).text();
    expect(english).toMatch(island);
    expect(english).toContain('Terms version 2');
    expect(english).toContain('Please accept the terms and conditions');
    expect(english).toContain('Your consent to the latest GDPR changes has been saved.');
  });

  it('loads no script for it for visitors who agreed to the latest text, never agreed, or are anonymous', async () => {
    for (const user of [current, never]) {
      const page = await (await (await signedIn(user)).get('/de/jobs')).text();
      expect(page).not.toMatch(island);
      expect(page).not.toContain('Terms version');
    }
    const response = await new BrowserSession(server.url).get('/de/');
    expect(response.status).toBe(200);
    const anonymous = await response.text();
    expect(anonymous).toContain('</html>');
    expect(anonymous).not.toMatch(island);
    expect(anonymous).not.toMatch(/<script[^>]+src=/);
  });

  it('disappears once the visitor agreed through createGdprUserConsent', async () => {
    const user = await createUser(database.handle.db, { roles: ['applicant'], password });
    const [revision] = await database.handle.db.select().from(consentInfoRevisions).limit(1);
    await database.handle.db
      .insert(consentRecords)
      .values({ mail: user.email, infoId, infoRevisionId: revision!.id, userId: user.id, verifiedAt: new Date() });
    const session = await signedIn(user);
    expect(await (await session.get('/de/')).text()).toMatch(island);
    const jwt = (await session.session())!.jwt;
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}`, origin: server.url },
      body: JSON.stringify({
        query:
          'mutation ($mail: String!, $infoId: Int!) { createGdprUserConsent(mail: $mail, infoId: $infoId) { errors consent { id } } }',
        variables: { mail: user.email, infoId },
      }),
    });
    const body = (await response.json()) as { data: { createGdprUserConsent: { errors: string[] } } };
    expect(body.data.createGdprUserConsent.errors).toEqual([]);
    expect(await (await session.get('/de/')).text()).not.toMatch(island);
  });

  it('lists the consents on the account page and withdraws one with a button; the modal then asks again', async () => {
    const session = await signedIn(current);
    const page = await (await session.get('/de/user/consents')).text();
    expect(page).toContain('Meine Einwilligungen');
    expect(page).toContain('Fassung 2');
    expect(page).toContain('in Ihrem Konto');
    // Without the page's token nothing changes.
    await session.post('/de/user/consents', { infoId: String(infoId) });
    expect(await (await session.get('/de/jobs')).text()).not.toMatch(island);
    const csrfToken = await session.pageCsrfToken('/de/user/consents');
    const withdrawn = await session.post('/de/user/consents', { csrfToken, infoId: String(infoId) });
    expect(withdrawn.status).toBe(303);
    const after = await (await session.get(withdrawn.headers.get('location')!)).text();
    expect(after).toContain('Ihre Einwilligung wurde widerrufen.');
    expect(after).toMatch(/data-consent-withdrawn/);
    expect(await (await session.get('/de/jobs')).text()).toMatch(island);
  });

  it('the double opt-in page asks with a button on GET, confirms only on POST, and refuses a bad link', async () => {
    const anonymous = new BrowserSession(server.url);
    const invalid = await anonymous.get('/de/user/consent/confirm?token=1.c.nonsense');
    const body = await invalid.text();
    expect(invalid.status).toBe(404);
    expect(body).toContain('Dieser Link ist nicht (mehr) gültig.');

    const after = mail.mails.length;
    const given = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        query:
          'mutation ($mail: String!, $infoId: Int!) { createGdprUserConsent(mail: $mail, infoId: $infoId) { consent { id } } }',
        variables: { mail: never.email, infoId },
      }),
    });
    expect(given.status).toBe(200);
    const received = await mail.waitFor(never.email, { after });
    const link = new URL(/https?:\/\/\S+\/user\/consent\/confirm\?token=\S+/.exec(received.text)![0]);
    const path = `${link.pathname}${link.search}`;
    const asked = await (await anonymous.get(path)).text();
    expect(asked).toContain('Einwilligung bestätigen');
    expect(asked).toContain(never.email);
    // GET changed nothing: the modal's consent still does not count (never agreed before either: no modal).
    const [row] = await database.handle.db.select().from(consentRecords).where(eq(consentRecords.mail, never.email));
    expect(row?.verifiedAt).toBeNull();
    const confirmed = await anonymous.post(path, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Danke! Ihre Einwilligung ist bestätigt.');
    const [proven] = await database.handle.db.select().from(consentRecords).where(eq(consentRecords.mail, never.email));
    expect(proven?.verifiedAt).not.toBeNull();
    expect(proven?.userId).toBe(never.id);
  });
});
