/**
 * Social sign-in end to end: the built server talks to a real OpenID Connect server (`oidc-provider`) on
 * loopback that stands in for Google (`GOOGLE_ISSUER`) and LinkedIn (`LINKEDIN_ISSUER`). Discovery,
 * authorization, code exchange, ID token validation and the session all run over HTTP; the only shortcut is
 * the provider's interaction step, which logs the chosen account in and grants consent without a form.
 * The app runs on PostgreSQL so the test can look at the analytics events it stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../src/server/db/schema/analytics';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { users } from '../../src/server/db/schema/users';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { BrowserSession } from '../support/browser-session';
import { recruiterRegistrationForm, unique, uniqueEmail } from '../support/factories';
import { startOidcProvider, type OidcAccount, type TestOidcProvider } from '../support/oidc-provider';
import { reservePort, startServer, type RunningServer } from '../support/server';

const google = { clientId: 'jobboard-test-google', clientSecret: 'jobboard-test-google-secret-0123456789' };
const linkedin = { clientId: 'jobboard-test-linkedin', clientSecret: 'jobboard-test-linkedin-secret-012345678' };

let oidc: TestOidcProvider;
let server: RunningServer;
let database: TestDatabase;
let mailDir: string;

beforeAll(async () => {
  oidc = await startOidcProvider();
  mailDir = mkdtempSync(join(tmpdir(), 'jobboard-oidc-mail-'));
  database = await createTestDatabase('postgres');
  const port = await reservePort();
  // One server stands in for both providers, each with its own client.
  server = await startServer({
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    // A brand with applicant accounts: a new address signs up (tagblatt refuses that, see the e2e tests).
    FRONTEND: 'jobregio',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'oidc-test-secret-0123456789abcdefghijklmn',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
    LINKEDIN_CLIENT_ID: linkedin.clientId,
    LINKEDIN_CLIENT_SECRET: linkedin.clientSecret,
    LINKEDIN_ISSUER: oidc.issuer,
    MAIL_DIR: mailDir,
  });
  oidc.register([
    { ...google, redirectUris: [`${server.url}/api/auth/callback/google`] },
    { ...linkedin, redirectUris: [`${server.url}/api/auth/callback/linkedin`] },
  ]);
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await oidc?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
});

/** Adds a provider account and makes it the one the provider logs in next. */
function providerAccount(account: OidcAccount): void {
  oidc.loginAs(oidc.addAccount(account));
}

/**
 * A browser: one cookie jar for both servers (cookies do not separate ports, as in a browser), a path
 * check, and redirects followed by hand so each hop is visible.
 */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  private cookieHeader(url: URL): string {
    return [...this.jar]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private remember(response: Response): void {
    for (const raw of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = raw.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const expired = attributes.some(
        (a) => /^max-age=(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (value === '' || expired) this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }

  value(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  set(name: string, value: string): void {
    this.jar.set(name, { value, path: '/' });
  }

  async request(url: URL, init: RequestInit = {}): Promise<Response> {
    const cookie = this.cookieHeader(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects from a response; returns every URL visited after it and the last response. */
  async follow(first: Response, from: URL): Promise<{ visited: URL[]; last: Response }> {
    const visited: URL[] = [];
    let response = first;
    let url = from;
    for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
      if (hops > 20) throw new Error('too many redirects');
      const location = response.headers.get('location');
      if (!location) throw new Error(`redirect without Location from ${url.href}`);
      url = new URL(location, url);
      visited.push(url);
      response = await this.request(url);
    }
    return { visited, last: response };
  }
}

/** Starts a social sign-in on the app and follows it through the provider and back. */
async function signInWith(providerId: 'google' | 'linkedin', browser: Browser, callbackUrl = '/') {
  const app = new URL(server.url);
  const csrf = await browser.request(new URL('/api/auth/csrf', app));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signinUrl = new URL(`/api/auth/signin/${providerId}`, app);
  const start = await browser.request(signinUrl, {
    method: 'POST',
    headers: { origin: app.origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl }).toString(),
  });
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get('location')!);
  return { authorization, ...(await browser.follow(start, signinUrl)) };
}

interface SessionBody {
  user?: { id: string; email: string; name: string };
  jwt?: string;
  signupStart?: { method: string } | null;
}

async function sessionOf(browser: Browser) {
  const response = await browser.request(new URL('/api/auth/session', server.url));
  return (await response.json()) as SessionBody | null;
}

/** What the browser's signup-start recorder sends (src/stores/signup-start.ts). */
function postEvent(browser: Browser, body: unknown, headers: Record<string, string> = {}) {
  return browser.request(new URL('/api/analytics/events', server.url), {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const eventRows = (name: 'sign_up_start' | 'login', userId: number) =>
  database.handle.db
    .select({ userId: analyticsEvents.userId, dimensions: analyticsEvents.dimensions })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, name), eq(analyticsEvents.userId, userId)));

/** An e-mail/password recruiter, address not verified. */
async function registerWithPassword(email: string): Promise<void> {
  const session = new BrowserSession(server.url);
  const csrfToken = await session.pageCsrfToken('/de/user/register/recruiter');
  const password = 'correct-horse-battery';
  const response = await session.post('/de/user/register/recruiter', {
    csrfToken,
    ...recruiterRegistrationForm({ email, password, companyName: `${unique('Werkzeug')} GmbH` }),
  });
  expect(response.status).toBe(303);
}

describe('social sign-in through an OpenID Connect server on loopback', () => {
  it('offers LinkedIn and Google (configured, enabled by the brand) in the brand order, both as OIDC', async () => {
    const response = await fetch(`${server.url}/api/auth/providers`);
    const body = (await response.json()) as Record<string, { type: string }>;
    expect(Object.keys(body)).toEqual(['credentials', 'linkedin', 'google']);
    expect(body.google!.type).toBe('oidc');
    expect(body.linkedin!.type).toBe('oidc');
    const login = await (await fetch(`${server.url}/user/login`)).text();
    const buttons = [...login.matchAll(/data-provider="(\w+)"/g)].map((match) => match[1]);
    expect(buttons).toEqual(['linkedin', 'google']);
  });

  it('signs a new user in: authorization code with PKCE, ID token, session with the verified address', async () => {
    const email = uniqueEmail('oidc-new');
    providerAccount({ email, emailVerified: true, givenName: 'Olga', familyName: 'Idc' });
    const browser = new Browser();
    const { authorization, visited, last } = await signInWith('google', browser, '/de/dashboard');

    expect(authorization.origin).toBe(oidc.issuer);
    expect(authorization.searchParams.get('client_id')).toBe(google.clientId);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/google`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('scope')).toContain('email');

    const callback = visited.find((url) => url.pathname === '/api/auth/callback/google');
    expect(callback?.origin).toBe(server.url);
    expect(callback?.searchParams.get('code')).toBeTruthy();
    expect(callback?.searchParams.get('iss')).toBe(oidc.issuer);
    expect(visited.some((url) => url.origin === oidc.issuer && url.pathname.startsWith('/interaction/'))).toBe(true);
    // Back on the app at the callback URL, signed in.
    expect(visited.at(-1)!.origin).toBe(server.url);
    expect(visited.at(-1)!.pathname).not.toContain('/user/login');
    expect(last.status).toBeLessThan(500);
    expect(browser.has('authjs.session-token')).toBe(true);

    const session = await sessionOf(browser);
    expect(session?.user?.email).toBe(email);
    expect(session?.jwt).toBeTruthy();
    // SPEC section 4: this session created the user, so it carries the signup-start flag.
    expect(session?.signupStart).toEqual({ method: 'google' });

    // The second sign-in with the same provider account finds the same user; it is no sign-up.
    const again = new Browser();
    await signInWith('google', again);
    const second = await sessionOf(again);
    expect(second?.user?.id).toBe(session!.user!.id);
    expect(second?.signupStart).toBeNull();
    // The first session keeps its flag while it lives.
    expect((await sessionOf(browser))?.signupStart).toEqual({ method: 'google' });
  });

  it('links a provider account to an existing user when the provider verified the address', async () => {
    const email = uniqueEmail('oidc-link');
    await registerWithPassword(email);
    providerAccount({ email, emailVerified: true, givenName: 'Linus', familyName: 'Ked' });
    const browser = new Browser();
    await signInWith('google', browser);
    const session = await sessionOf(browser);
    expect(session?.user?.email).toBe(email);
    // Linking an existing user is no sign-up.
    expect(session?.signupStart).toBeNull();
  });

  it('signs in with LinkedIn through LINKEDIN_ISSUER (state check, secret posted) and links Google by address', async () => {
    const email = uniqueEmail('oidc-linkedin');
    providerAccount({ email, emailVerified: true, givenName: 'Lina', familyName: 'Kedin' });
    const browser = new Browser();
    const { authorization, visited } = await signInWith('linkedin', browser);

    expect(authorization.origin).toBe(oidc.issuer);
    expect(authorization.searchParams.get('client_id')).toBe(linkedin.clientId);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/linkedin`);
    // Auth.js's LinkedIn provider checks state only: no PKCE.
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.has('code_challenge')).toBe(false);
    expect(visited.some((url) => url.pathname === '/api/auth/callback/linkedin')).toBe(true);
    // LinkedIn wants the client secret in the token request's body (Auth.js's provider sends it there).
    expect(oidc.tokenRequests.at(-1)).toEqual({ clientId: linkedin.clientId, method: 'client_secret_post' });
    const session = await sessionOf(browser);
    expect(session?.user?.email).toBe(email);
    expect(session?.signupStart).toEqual({ method: 'linkedin' });

    // The same verified address from Google reaches the same user, and is no sign-up.
    providerAccount({ email, emailVerified: true, givenName: 'Lina', familyName: 'Kedin' });
    const viaGoogle = new Browser();
    await signInWith('google', viaGoogle);
    expect(oidc.tokenRequests.at(-1)).toEqual({ clientId: google.clientId, method: 'client_secret_basic' });
    const linked = await sessionOf(viaGoogle);
    expect(linked?.user?.id).toBe(session!.user!.id);
    expect(linked?.signupStart).toBeNull();
  });

  it('does not link to an existing user when the provider did not verify the address', async () => {
    const email = uniqueEmail('oidc-unverified');
    await registerWithPassword(email);
    providerAccount({ email, emailVerified: false, givenName: 'Mallory', familyName: 'Claim' });
    const browser = new Browser();
    const { visited } = await signInWith('google', browser);

    const end = visited.find((url) => url.origin === server.url && url.pathname.endsWith('/user/login'));
    expect(end?.searchParams.get('error')).toBe('OAuthAccountNotLinked');
    expect(browser.has('authjs.session-token')).toBe(false);
    expect(await sessionOf(browser)).toBeNull();
  });
});

describe('signup-start event (POST /api/analytics/events)', () => {
  const signupStart = { event: 'sign_up_start', method: 'google' };

  it('stores one event for the session of a new social sign-up and refuses everything else', async () => {
    providerAccount({
      email: uniqueEmail('oidc-signup-start'),
      emailVerified: true,
      givenName: 'Sina',
      familyName: 'Start',
    });
    const browser = new Browser();
    await signInWith('google', browser);
    const session = await sessionOf(browser);
    expect(session?.signupStart).toEqual({ method: 'google' });
    const userId = Number(session!.user!.id);

    const anonymous = await postEvent(new Browser(), signupStart);
    expect(anonymous.status).toBe(401);
    expect(await postEvent(browser, signupStart, { origin: 'https://evil.example' })).toHaveProperty('status', 403);
    const wrongEvent = await postEvent(browser, { event: 'purchase', method: 'google' });
    expect(wrongEvent.status).toBe(400);
    expect(((await wrongEvent.json()) as { message: string }).message).toContain("event must be 'sign_up_start'");
    const wrongMethod = await postEvent(browser, { event: 'sign_up_start', method: 'myspace' });
    expect(wrongMethod.status).toBe(400);
    expect((await postEvent(browser, '{"event":')).status).toBe(400);
    expect((await postEvent(browser, signupStart, { 'content-type': 'text/plain' })).status).toBe(400);
    expect(await eventRows('sign_up_start', userId)).toEqual([]);

    const recorded = await postEvent(browser, signupStart);
    expect(recorded.status).toBe(204);
    // Another tab that had not seen the localStorage key yet: still one event.
    expect((await postEvent(browser, signupStart)).status).toBe(204);
    expect(await eventRows('sign_up_start', userId)).toEqual([{ userId, dimensions: { method: 'google' } }]);

    // The user's next sign-in carries no flag, so it has no signup-start to report.
    const later = new Browser();
    await signInWith('google', later);
    expect((await sessionOf(later))?.signupStart).toBeNull();
    const refused = await postEvent(later, signupStart);
    expect(refused.status).toBe(403);
    expect(await eventRows('sign_up_start', userId)).toHaveLength(1);
  });

  it('refuses the event of a session whose user was deleted since', async () => {
    providerAccount({ email: uniqueEmail('oidc-deleted'), emailVerified: true, givenName: 'Del', familyName: 'Eted' });
    const browser = new Browser();
    await signInWith('google', browser);
    const userId = Number((await sessionOf(browser))!.user!.id);
    await database.handle.db.delete(users).where(eq(users.id, userId));
    const response = await postEvent(browser, signupStart);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(
      'This account no longer exists. Sign in again.',
    );
  });

  it('stores the dispatch event of a page request in the same table and redirects without it', async () => {
    providerAccount({
      email: uniqueEmail('oidc-dispatch'),
      emailVerified: true,
      givenName: 'Dita',
      familyName: 'Spatch',
    });
    const browser = new Browser();
    await signInWith('google', browser);
    const userId = Number((await sessionOf(browser))!.user!.id);
    const landing = await browser.request(new URL('/de/jobs?dispatch=login&destination=%2Fde%2Fdashboard', server.url));
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/de/jobs?destination=%2Fde%2Fdashboard');
    expect(await eventRows('login', userId)).toEqual([{ userId, dimensions: { path: '/de/jobs' } }]);
  });
});

/**
 * Issue 18: a social sign-up agrees to the registration's terms. Runs last: from here on the database has a
 * terms text, and a new address must start from the registration page (its social buttons sit below it).
 */
describe('social sign-up from the registration page (terms consent and creation source)', () => {
  let infoId = 0;

  beforeAll(async () => {
    const { db } = database.handle;
    const [info] = await db
      .insert(consentInfos)
      .values({ type: 'terms', placement: 'registration', optIn: true })
      .returning();
    infoId = info!.id;
    await db.insert(consentInfoRevisions).values([
      { infoId, revision: 1, language: 'de', text: 'AGB 1' },
      { infoId, revision: 2, language: 'de', text: 'AGB 2' },
      { infoId, revision: 2, language: 'en', text: 'Terms 2' },
    ]);
  });

  /** The registration page's social form: its hidden fields, posted as the browser would. */
  async function signUpFromRegistration(
    browser: Browser,
    page: string,
    creationSource: string,
    beforeProvider: () => void = () => undefined,
  ) {
    const app = new URL(server.url);
    const pageUrl = new URL(page, app);
    const html = await (await browser.follow(await browser.request(pageUrl), pageUrl)).last.text();
    const section = html.slice(html.indexOf('data-social-sign-up'));
    const form = /<form method="post" action="\/api\/auth\/signin\/google">([\s\S]*?)<\/form>/.exec(section)?.[1];
    expect(form).toBeTruthy();
    const fields = Object.fromEntries(
      [...form!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(([, name, value]) => [
        name!,
        value!.replaceAll('&amp;', '&'),
      ]),
    );
    expect(fields.terms).toBe('accepted');
    expect(fields.csrfToken).toBeTruthy();
    // The page's inline script fills the creation source from session storage; here the test does.
    const signinUrl = new URL('/api/auth/signin/google', app);
    const start = await browser.request(signinUrl, {
      method: 'POST',
      headers: { origin: app.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, creationSource }).toString(),
    });
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location')!).origin).toBe(oidc.issuer);
    expect(browser.has('jobboard.social-sign-up')).toBe(true);
    beforeProvider();
    return browser.follow(start, signinUrl);
  }

  const consentsOf = (userId: number) =>
    database.handle.db
      .select({ record: consentRecords, revision: consentInfoRevisions })
      .from(consentRecords)
      .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
      .where(eq(consentRecords.userId, userId));

  it('a new address from the sign-in page is sent to register; from the registration page it signs up with consent', async () => {
    const email = uniqueEmail('oidc-terms');
    providerAccount({ email, emailVerified: true, givenName: 'Tera', familyName: 'Ms' });
    const refused = new Browser();
    const { visited } = await signInWith('google', refused, '/de/dashboard');
    const end = visited.find((url) => url.origin === server.url && url.pathname.endsWith('/user/login'));
    expect(end?.searchParams.get('error')).toBe('SocialSignUpTerms');
    expect(await sessionOf(refused)).toBeNull();
    expect(await database.handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const browser = new Browser();
    const { visited: hops } = await signUpFromRegistration(browser, '/en-gb/user/register', 'newsletter_autumn');
    expect(hops.at(-1)!.pathname).toMatch(/^\/en-gb\/.*dashboard/i);
    // The callback used the cookie up.
    expect(browser.has('jobboard.social-sign-up')).toBe(false);
    const session = await sessionOf(browser);
    expect(session?.user?.email).toBe(email);
    expect(session?.signupStart).toEqual({ method: 'google' });
    const userId = Number(session!.user!.id);
    const [user] = await database.handle.db.select().from(users).where(eq(users.id, userId));
    expect(user?.creationSource).toBe('newsletter_autumn');
    const consents = await consentsOf(userId);
    expect(consents).toHaveLength(1);
    expect(consents[0]!.record).toMatchObject({ infoId, mail: email, method: 'social', placement: 'registration' });
    expect(consents[0]!.record.verifiedAt).toBeInstanceOf(Date);
    expect(consents[0]!.revision).toMatchObject({ revision: 2, language: 'en' });
  });

  it('an existing account continuing from the registration page signs in and records nothing new', async () => {
    const email = uniqueEmail('oidc-terms-existing');
    await registerWithPassword(email);
    const [before] = await database.handle.db.select().from(users).where(eq(users.email, email));
    const recorded = await consentsOf(before!.id);
    providerAccount({ email, emailVerified: true, givenName: 'Ex', familyName: 'Isting' });
    const browser = new Browser();
    await signUpFromRegistration(browser, '/de/user/register', 'other_source');
    const session = await sessionOf(browser);
    expect(session?.user?.id).toBe(String(before!.id));
    expect(session?.signupStart).toBeNull();
    expect(await consentsOf(before!.id)).toEqual(recorded);
    const [after] = await database.handle.db.select().from(users).where(eq(users.id, before!.id));
    expect(after?.creationSource).toBe(before!.creationSource);
  });

  it('a forged or altered sign-up cookie counts for nothing', async () => {
    const email = uniqueEmail('oidc-terms-forged');
    const browser = new Browser();
    const forge = () => {
      const [payload = '', mac = ''] = browser.value('jobboard.social-sign-up')!.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const altered = Buffer.from(JSON.stringify({ ...claims, creationSource: 'forged' })).toString('base64url');
      browser.set('jobboard.social-sign-up', `${altered}.${mac}`);
    };
    providerAccount({ email, emailVerified: true, givenName: 'For', familyName: 'Ged' });
    const { visited } = await signUpFromRegistration(browser, '/de/user/register', 'real', forge);
    const end = visited.find((url) => url.origin === server.url && url.pathname.endsWith('/user/login'));
    expect(end?.searchParams.get('error')).toBe('SocialSignUpTerms');
    expect(await database.handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
