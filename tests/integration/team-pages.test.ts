/**
 * The team pages over HTTP on the built server (issue 15 part 4), on PostgreSQL: the invitation page says
 * clearly when a link is forged, expired, used or for another account and leads anonymous visitors to
 * sign-in and back; the team page offers changes to the owner only, and refuses a member's forged POST.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import { organizationInvitations } from '../../src/server/db/schema/team';
import { organizations } from '../../src/server/db/schema/users';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { signInvitationToken } from '../../src/server/modules/organization-team/invitation-links';
import { BrowserSession } from '../support/browser-session';
import { createOrganization, createUser, uniqueEmail, type TestUser } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

const secret = 'team-pages-secret-0123456789abcdefghijkl';
const password = 'correct-horse-battery';
const t = createTranslator('de');
let database: TestDatabase;
let server: RunningServer;
let tempDir: string;
let owner: TestUser;
let colleague: TestUser;
let invitee: TestUser;
let organizationId: number;

/** Escapes what Astro escapes in text, so page text can be found in the HTML. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  tempDir = await mkdtemp(join(tmpdir(), 'jobboard-team-pages-'));
  const { db } = database.handle;
  owner = await createUser(db, { roles: ['recruiter'], password });
  colleague = await createUser(db, { roles: ['recruiter'], password });
  invitee = await createUser(db, { email: uniqueEmail('invitee'), roles: ['recruiter'], password });
  const organization = await createOrganization(db, {
    name: 'Seiten GmbH',
    members: [{ user: owner, isOwner: true }, colleague],
    activeFor: [owner, colleague],
  });
  organizationId = organization.id;
  server = await startServer({
    FRONTEND: 'tagblatt',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: secret,
    SITE_URL: 'https://tagblatt.example',
    MAIL_DIR: join(tempDir, 'mail'),
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await rm(tempDir, { recursive: true, force: true });
});

async function signedIn(user: TestUser): Promise<BrowserSession> {
  const session = new BrowserSession(server.url);
  await session.signIn(user.email, password, '/dashboard');
  expect((await session.session())?.user.email).toBe(user.email);
  return session;
}

async function invitation(email: string, expiresAt = new Date(Date.now() + 86_400_000)) {
  const [row] = await database.handle.db
    .insert(organizationInvitations)
    .values({ organizationId, email, locale: 'de', tokenKey: crypto.randomUUID(), expiresAt })
    .returning();
  return { row: row!, token: signInvitationToken(new TextEncoder().encode(secret), row!) };
}

const pagePath = (token: string) => `/user/invitation?token=${encodeURIComponent(token)}`;

describe('team pages', () => {
  it('the invitation page refuses forged, expired and used links with a clear message', async () => {
    const visitor = new BrowserSession(server.url);
    const forged = await visitor.get(pagePath(`1.a.${'A'.repeat(43)}`));
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain(html(t('team.error.invalidLink')));
    expect(forged.headers.get('cache-control')).toBe('private, no-store');

    const expired = await invitation(invitee.email, new Date(Date.now() - 60_000));
    const expiredPage = await visitor.get(pagePath(expired.token));
    expect(expiredPage.status).toBe(410);
    expect(await expiredPage.text()).toContain(html(t('team.error.linkExpired')));

    // Anonymous: what it is for, and sign-in that leads back to it.
    const valid = await invitation(invitee.email);
    const anonymousPage = await (await visitor.get(pagePath(valid.token))).text();
    expect(anonymousPage).toContain('Seiten GmbH');
    expect(anonymousPage).toContain(`href="/user/login?callbackUrl=${encodeURIComponent(pagePath(valid.token))}"`);

    // Another account cannot accept it; the invited one can, once.
    const stranger = await signedIn(colleague);
    const strangerCsrf = await stranger.pageCsrfToken(pagePath(valid.token));
    const refused = await stranger.post(pagePath(valid.token), { csrfToken: strangerCsrf });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(html(t('team.error.otherAccount', { email: invitee.email })));

    const session = await signedIn(invitee);
    const csrfToken = await session.pageCsrfToken(pagePath(valid.token));
    const accepted = await session.post(pagePath(valid.token), { csrfToken });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain(html(t('invitation.accepted', { organization: 'Seiten GmbH' })));
    const used = await session.get(pagePath(valid.token));
    expect(used.status).toBe(410);
    expect(await used.text()).toContain(html(t('team.error.linkUsed')));
  });

  it('the team page lets only the owner change the team; a member’s forged POST changes nothing', async () => {
    const ownerPage = await (await (await signedIn(owner)).get('/dashboard/team')).text();
    expect(ownerPage).toContain('id="team-invite"');
    expect(ownerPage).toContain('value="transfer"');

    const member = await signedIn(colleague);
    const memberPage = await (await member.get('/dashboard/team')).text();
    expect(memberPage).toContain(html(t('team.readOnly')));
    expect(memberPage).not.toContain('id="team-invite"');
    expect(memberPage).not.toContain('value="transfer"');

    // The page has no form for a member; the page token is the session's Auth.js CSRF token.
    const csrfToken = await member.csrfToken();
    const forged = await member.post('/dashboard/team', {
      csrfToken,
      organizationId: String(organizationId),
      id: String(colleague.id),
      action: 'transfer',
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(html(t('team.error.ownerOnly')));
    const [row] = await database.handle.db
      .select({ owner: organizations.ownerUserId })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(row?.owner).toBe(owner.id);

    const address = uniqueEmail('forged');
    const invite = await member.post('/dashboard/team', {
      csrfToken,
      organizationId: String(organizationId),
      action: 'invite',
      email: address,
    });
    expect(invite.status).toBe(403);
    const rows = await database.handle.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.email, address));
    expect(rows).toEqual([]);
  });
});
