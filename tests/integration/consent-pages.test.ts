/**
 * The GDPR consent modal on the built server (issue 18): decided on the server, so only a signed-in visitor
 * whose consent to the modal's text is outdated gets its island; everybody else gets no script for it, and
 * anonymous pages (which the page cache shares) carry no consent state at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { BrowserSession } from '../support/browser-session';
import { createUser, type TestUser } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
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
    { mail: outdated.email, infoId, infoRevisionId: first!.id, userId: outdated.id },
    { mail: current.email, infoId, infoRevisionId: second!.id, userId: current.id },
  ]);
  server = await startServer({
    FRONTEND: 'jobregio',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'consent-pages-secret-0123456789abcdef',
    SITE_URL: 'https://jobregio.example',
  });
});

afterAll(async () => {
  await server?.stop();
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
      .values({ mail: user.email, infoId, infoRevisionId: revision!.id, userId: user.id });
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
});
