/**
 * Accounts against the built server on PostgreSQL (so the test can look into the database while the
 * server runs): what registration writes, that a failed one writes nothing, masquerade and its audit
 * trail, Secure cookies on https and the social sign-in buttons.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masqueradeAudit } from '../../src/server/db/schema/auth';
import { organizations } from '../../src/server/db/schema/organizations';
import { organizationMembers, userRoles, users } from '../../src/server/db/schema/users';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import {
  BrowserSession,
  isHttpOnly,
  isSecure,
  locationOf,
  parseSetCookie,
  sameSiteOf,
} from '../support/browser-session';
import { createUser, recruiterRegistrationForm } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
const siteUrl = 'https://jobregio.example';
const password = 'correct-horse-battery';

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  server = await startServer({
    FRONTEND: 'jobregio',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'accounts-test-secret-0123456789abcdefghij',
    SITE_URL: siteUrl,
    LINKEDIN_CLIENT_ID: 'linkedin-id',
    LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
    FACEBOOK_CLIENT_ID: 'facebook-id',
    FACEBOOK_CLIENT_SECRET: 'facebook-secret',
    // Google has an id but no secret: not offered.
    GOOGLE_CLIENT_ID: 'google-id',
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

/** A browser on the https site: cookies come back Secure, Astro sees the local origin. */
const browser = () => new BrowserSession(server.url);

async function rowCounts() {
  const { db } = database.handle;
  const [userRows] = await db.select({ n: count() }).from(users);
  const [organizationRows] = await db.select({ n: count() }).from(organizations);
  const [memberRows] = await db.select({ n: count() }).from(organizationMembers);
  const [roleRows] = await db.select({ n: count() }).from(userRoles);
  return { users: userRows!.n, organizations: organizationRows!.n, members: memberRows!.n, roles: roleRows!.n };
}

/** Signs in through the credentials callback, on to the dashboard. */
const signIn = (session: BrowserSession, email: string) => session.signIn(email, password, '/de/dashboard');

describe('secure cookies and social sign-in on https', () => {
  it('marks every auth cookie Secure (with __Host-/__Secure- names), HttpOnly and SameSite=Lax', async () => {
    const response = await browser().get('/api/auth/csrf');
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    const csrf = cookies.find((cookie) => cookie.name === '__Host-authjs.csrf-token');
    expect(csrf).toBeDefined();
    expect(isSecure(csrf!)).toBe(true);
    expect(isHttpOnly(csrf!)).toBe(true);
    expect(sameSiteOf(csrf!)).toBe('lax');
    expect(cookies.find((cookie) => cookie.name === '__Secure-authjs.callback-url')).toBeDefined();
  });

  it('offers the configured social providers in the brand’s order', async () => {
    const providers = (await (await browser().get('/api/auth/providers')).json()) as Record<string, unknown>;
    expect(Object.keys(providers)).toEqual(['credentials', 'linkedin', 'facebook']);
    const html = await (await browser().get('/de/user/login')).text();
    const buttons = [...html.matchAll(/data-provider="([a-z]+)"/g)].map((match) => match[1]);
    expect(buttons).toEqual(['linkedin', 'facebook']);
    expect(html).toContain('Weiter mit LinkedIn');
  });
});

describe('recruiter registration', () => {
  it('writes the user, the owned organization, membership, active organization and role in one go', async () => {
    const session = browser();
    const before = await rowCounts();
    const csrfToken = await session.pageCsrfToken('/de/user/register/recruiter');
    const response = await session.post('/de/user/register/recruiter', {
      csrfToken,
      ...recruiterRegistrationForm({ email: 'Rita@Werkzeug.test', password }),
    });
    expect(response.status).toBe(303);
    expect(await rowCounts()).toEqual({
      users: before.users + 1,
      organizations: before.organizations + 1,
      members: before.members + 1,
      roles: before.roles + 1,
    });
    const { db } = database.handle;
    const [user] = await db.select().from(users).where(eq(users.email, 'rita@werkzeug.test'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.emailVerifiedAt).toBeNull();
    const [organization] = await db.select().from(organizations).where(eq(organizations.ownerUserId, user!.id));
    expect(organization).toMatchObject({
      name: 'Schwarzwald Werkzeug GmbH',
      salutation: 'ms',
      firstName: 'Rita',
      lastName: 'Recruiter',
      phone: '+49 761 123456',
      position: 'HR',
      addressLine1: 'Hauptstraße 5',
      addressLine2: null,
      postalCode: '79098',
      locality: 'Freiburg',
      administrativeArea: 'Baden-Württemberg',
      countryCode: 'DE',
      frontend: 'jobregio',
      published: false,
    });
    // Found by the radius search around its town ("Freiburg": the gazetteer's Freiburg im Breisgau).
    expect(organization!.latitude).toBeCloseTo(47.99, 1);
    expect(organization!.longitude).toBeCloseTo(7.85, 1);
    expect(user!.activeOrganizationId).toBe(organization!.id);
    expect(await db.select().from(organizationMembers).where(eq(organizationMembers.userId, user!.id))).toEqual([
      expect.objectContaining({ organizationId: organization!.id }),
    ]);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([
      { userId: user!.id, role: 'recruiter', targetId: String(organization!.id) },
    ]);

    // Signed in, the dashboard shows the organization, credits and job slots through the backend.
    const signedIn = browser();
    expect(locationOf(await signIn(signedIn, 'rita@werkzeug.test'), siteUrl)).toBe('/de/dashboard');
    const html = await (await signedIn.get('/de/dashboard')).text();
    expect(html).toContain('Schwarzwald Werkzeug GmbH');
    expect(html).toContain('id="credits-heading"');
    expect(html).toContain('Kein Guthaben vorhanden.');
    expect(html).not.toContain('There was an error getting your credits.');
    // SPEC section 6: subscription data only where the brand has subscriptions (not on jobregio).
    expect(html).not.toContain('id="slots-heading"');
  });

  it('writes nothing when the registration fails', async () => {
    const before = await rowCounts();
    const session = browser();
    const csrfToken = await session.pageCsrfToken('/de/user/register/recruiter');
    const invalid = await session.post('/de/user/register/recruiter', {
      csrfToken,
      ...recruiterRegistrationForm({ email: 'broken@werkzeug.test', password }),
      postalCode: '!',
      companyName: '',
    });
    expect(invalid.status).toBe(422);
    const html = await invalid.text();
    expect(html).toContain('Bitte geben Sie eine gültige Postleitzahl ein.');
    expect(html).toContain('value="Freiburg"');
    // The same address again, after the first registration: answered like a new one, nothing written.
    const taken = await session.post('/de/user/register/recruiter', {
      csrfToken,
      ...recruiterRegistrationForm({ email: 'rita@werkzeug.test', password }),
    });
    expect(taken.status).toBe(303);
    expect(locationOf(taken, siteUrl)).toBe('/de/user/register/recruiter?registered=1&dispatch=sign_up');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('masquerade', () => {
  let staffId: number;
  let targetId: number;

  beforeAll(async () => {
    const { db } = database.handle;
    const staff = await createUser(db, {
      email: 'editor@jobregio.test',
      password,
      firstName: 'Eda',
      roles: ['job_editor'],
    });
    const target = await createUser(db, {
      email: 'target@example.test',
      password,
      firstName: 'Tim',
      lastName: 'Target',
      verified: false,
      roles: ['applicant'],
    });
    staffId = staff.id;
    targetId = target.id;
  });

  it('lets staff act as a user, shows it on every page, ends with one click and audits both', async () => {
    const session = browser();
    const signedIn = await signIn(session, 'editor@jobregio.test');
    // Signing in makes this browser a known device: a signed cookie, __Host-, Secure, HttpOnly, for a year.
    const device = signedIn.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((cookie) => cookie.name === '__Host-jobboard.device');
    expect(device?.value).toMatch(new RegExp(`^${staffId}\\.[\\w-]{22}\\.[\\w-]{43}$`));
    expect(isSecure(device!) && isHttpOnly(device!)).toBe(true);
    expect(device!.attributes).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    const dashboard = await (await session.get('/de/dashboard')).text();
    expect(dashboard).toContain('id="staff-heading"');
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(dashboard)![1]!;

    const start = await session.post('/de/user/masquerade', { csrfToken, action: 'start', userId: String(targetId) });
    expect(start.status).toBe(303);
    expect((await session.session())?.user.email).toBe('target@example.test');
    for (const path of ['/de/dashboard', '/de/jobs']) {
      const html = await (await session.get(path)).text();
      expect(html).toContain('id="masquerade-banner"');
      expect(html).toContain('Sie handeln als Tim Target (target@example.test) (angemeldet als editor@jobregio.test).');
    }
    // Account changes are not possible while masquerading.
    const change = await session.post('/de/user/account', { csrfToken, action: 'signOutEverywhere' });
    expect(change.status).toBe(200);
    expect(await change.text()).toContain('sind Kontoänderungen nicht möglich');

    const end = await session.post('/de/user/masquerade', { csrfToken, action: 'end' });
    expect(end.status).toBe(303);
    expect((await session.session())?.user.email).toBe('editor@jobregio.test');
    expect(await (await session.get('/de/jobs')).text()).not.toContain('id="masquerade-banner"');

    const audit = await database.handle.db
      .select()
      .from(masqueradeAudit)
      .where(eq(masqueradeAudit.staffUserId, staffId));
    expect(audit.map((entry) => [entry.action, entry.targetUserId])).toEqual([
      ['start', targetId],
      ['end', targetId],
    ]);
  });

  it('lets staff act only as users whose highest role ranks below their own', async () => {
    const { db } = database.handle;
    const administrator = await createUser(db, { email: 'root@jobregio.test', password, roles: ['administrator'] });
    const siteAdmin = await createUser(db, { email: 'site-admin@jobregio.test', password, roles: ['site_admin'] });
    const otherSiteAdmin = await createUser(db, {
      email: 'other-site-admin@jobregio.test',
      password,
      roles: ['site_admin'],
    });
    const audited = async () =>
      (await db.select().from(masqueradeAudit).where(eq(masqueradeAudit.staffUserId, siteAdmin.id))).length;

    const session = browser();
    await signIn(session, 'site-admin@jobregio.test');
    const dashboard = await (await session.get('/de/dashboard')).text();
    expect(dashboard).toContain('id="masquerade-user"');
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(dashboard)![1]!;
    for (const target of [administrator, otherSiteAdmin]) {
      const refused = await session.post('/de/user/masquerade', {
        csrfToken,
        action: 'start',
        userId: String(target.id),
      });
      expect(locationOf(refused, siteUrl)).toBe('/de/dashboard?masquerade=refused');
      expect((await session.session())?.user.email).toBe('site-admin@jobregio.test');
    }
    const notice = await (await session.get('/de/dashboard?masquerade=refused')).text();
    expect(notice).toContain(
      'Redakteure können nur als ein existierender Nutzer handeln, dessen Rolle unter ihrer eigenen steht.',
    );
    expect(await audited()).toBe(0);

    // Lower ranks are fine: a site admin may act as a job editor, an administrator as a site admin.
    const asEditor = await session.post('/de/user/masquerade', { csrfToken, action: 'start', userId: String(staffId) });
    expect(asEditor.status).toBe(303);
    expect((await session.session())?.user.email).toBe('editor@jobregio.test');
    expect(await audited()).toBe(1);
    // The job editor they act as may not start a masquerade of their own (one at a time).
    expect(await (await session.get('/de/dashboard')).text()).not.toContain('id="masquerade-user"');
    await session.post('/de/user/masquerade', { csrfToken, action: 'end' });

    const root = browser();
    await signIn(root, 'root@jobregio.test');
    const rootCsrf = await root.pageCsrfToken('/de/dashboard');
    await root.post('/de/user/masquerade', { csrfToken: rootCsrf, action: 'start', userId: String(siteAdmin.id) });
    expect((await root.session())?.user.email).toBe('site-admin@jobregio.test');

    // Applicants are not offered the masquerade form at all.
    const applicant = browser();
    await signIn(applicant, 'target@example.test');
    expect(await (await applicant.get('/de/dashboard')).text()).not.toContain('id="masquerade-user"');
  });

  it('refuses non-staff and requests without the CSRF token', async () => {
    const session = browser();
    await signIn(session, 'target@example.test');
    const csrfToken = await session.pageCsrfToken('/de/dashboard');
    expect((await session.post('/de/user/masquerade', { action: 'start', userId: String(staffId) })).status).toBe(403);
    const refused = await session.post('/de/user/masquerade', { csrfToken, action: 'start', userId: String(staffId) });
    expect(locationOf(refused, siteUrl)).toBe('/de/dashboard?masquerade=refused');
    expect((await session.session())?.user.email).toBe('target@example.test');
  });
});
