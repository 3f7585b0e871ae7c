/**
 * Authentication over HTTP against the built server (PGlite, mail through a real SMTP server on
 * loopback): Auth.js routes, credentials sign-in, cookies, the sign-in delay, redirects, registration,
 * e-mail verification, password rules, password reset, sign-out and sign-out everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, isHttpOnly, locationOf, parseSetCookie, sameSiteOf } from '../support/browser-session';
import { firstLink, startMailServer, type TestMailServer } from '../support/mail';
import { uniqueEmail } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let mail: TestMailServer;
const password = 'correct-horse-battery';

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({
    FRONTEND: 'jobregio',
    SMTP_URL: mail.url,
    MAIL_FROM: 'JobRegio <jobs@jobregio.example>',
    SIGNIN_FAILURES_PER_ACCOUNT: '5',
    SIGNIN_FAILURES_PER_IP: '60',
    REGISTRATIONS_PER_IP: '40',
  });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const browser = () => new BrowserSession(server.url);

async function registerApplicant(session: BrowserSession, email: string): Promise<Response> {
  const csrfToken = await session.pageCsrfToken('/de/user/register');
  return session.post('/de/user/register', { csrfToken, email, password, passwordConfirm: password });
}

/** A registered applicant whose address is verified through the mailed link. */
async function verifiedApplicant(name: string): Promise<string> {
  const email = uniqueEmail(name);
  const session = browser();
  expect((await registerApplicant(session, email)).status).toBe(303);
  const link = new URL(firstLink(await mail.waitFor(email)));
  expect((await session.get(`${link.pathname}${link.search}`)).status).toBe(200);
  return email;
}

async function graphqlUser(token: string) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ getUser { id email emailVerified roles { id targetId } } }' }),
  });
  const body = (await response.json()) as {
    data?: { getUser: { id: number; email: string; emailVerified: boolean } | null } | null;
    errors?: { extensions?: { code?: string } }[];
  };
  return { status: response.status, ...body };
}

/** The error or notice the sign-in page shows for a redirect Location. */
async function loginMessage(location: string): Promise<string> {
  const html = await (await browser().get(location.replace(/^\/user\//, '/de/user/'))).text();
  return (
    /id="login-error"[^>]*>([\s\S]*?)<\/div>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? ''
  );
}

describe('Auth.js endpoints', () => {
  it('GET csrf returns a token and sets the double-submit cookie (HttpOnly, SameSite=Lax)', async () => {
    const response = await browser().get('/api/auth/csrf');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { csrfToken: string };
    expect(body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === 'authjs.csrf-token');
    expect(cookie).toBeDefined();
    expect(decodeURIComponent(cookie!.value).startsWith(`${body.csrfToken}|`)).toBe(true);
    expect(isHttpOnly(cookie!)).toBe(true);
    expect(sameSiteOf(cookie!)).toBe('lax');
  });

  it('GET providers lists the credentials provider (no social provider is configured)', async () => {
    const body = (await (await browser().get('/api/auth/providers')).json()) as Record<string, { type: string }>;
    expect(Object.keys(body)).toEqual(['credentials']);
    expect(body.credentials!.type).toBe('credentials');
  });

  it('GET session is null without a session', async () => {
    expect(await browser().session()).toBeNull();
  });

  it('refuses POSTs without the CSRF token', async () => {
    const session = browser();
    await session.csrfToken();
    const response = await session.post('/api/auth/callback/credentials', { email: 'a@b.test', password: 'x' });
    expect(response.status).toBe(302);
    expect(locationOf(response, server.url)).toMatch(/^\/user\/login\?error=MissingCSRF/);
    expect((await session.post('/api/auth/signout', {})).headers.get('location')).toMatch(/error=MissingCSRF/);
  });

  it('GET error and signin lead to the sign-in page; an unknown provider goes to the sign-in page', async () => {
    const session = browser();
    expect(locationOf(await session.get('/api/auth/error?error=Configuration'), server.url)).toBe(
      '/user/login?error=Configuration',
    );
    expect(locationOf(await session.get('/api/auth/signin?callbackUrl=%2Fde%2Fjobs'), server.url)).toBe(
      '/user/login?callbackUrl=http%3A%2F%2F127.0.0.1%3A' + new URL(server.url).port + '%2Fde%2Fjobs',
    );
    const csrfToken = await session.csrfToken();
    const unknown = await session.post('/api/auth/signin/github', { csrfToken });
    expect(locationOf(unknown, server.url)).toBe('/user/login');
  });

  it('POST _log writes the client error to the server log as one JSON line, with the CSRF token only', async () => {
    const session = browser();
    const csrfToken = await session.csrfToken();
    expect(
      (await session.post('/api/auth/_log', { level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'x' })).status,
    ).toBe(403);
    const response = await session.post('/api/auth/_log', {
      csrfToken,
      level: 'error',
      code: 'CLIENT_FETCH_ERROR',
      message: 'Failed to fetch session\nsecond line',
    });
    expect(response.status).toBe(200);
    // The newline stays escaped inside the one JSON line: a client cannot forge log lines.
    await expect.poll(() => server.output()).toContain('"msg":"Failed to fetch session\\nsecond line"');
    const line = server
      .output()
      .split('\n')
      .find((candidate) => candidate.includes('Failed to fetch session'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 'error',
      component: 'auth:client',
      code: 'CLIENT_FETCH_ERROR',
    });
    expect(server.output()).not.toMatch(/^second line/m);
  });
});

describe('credentials sign-in', () => {
  let email: string;
  beforeAll(async () => {
    email = await verifiedApplicant('anna');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and the session names the user', async () => {
    const session = browser();
    const response = await session.signIn(email, password, '/de/dashboard');
    expect(response.status).toBe(302);
    expect(locationOf(response, server.url)).toBe('/de/dashboard');
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    const sessionCookies = cookies.filter((cookie) => cookie.name.startsWith('authjs.session-token'));
    expect(sessionCookies.length).toBeGreaterThan(0);
    for (const cookie of sessionCookies) {
      expect(isHttpOnly(cookie)).toBe(true);
      expect(sameSiteOf(cookie)).toBe('lax');
      expect(cookie.value.length).toBeLessThanOrEqual(3933);
    }
    const current = await session.session();
    expect(current?.user.email).toBe(email);
    // SPEC section 3: the session carries the backend token, which the backend accepts.
    const result = await graphqlUser(current!.jwt);
    expect(result.data?.getUser).toMatchObject({ email, emailVerified: true });
    const page = await session.get('/de/dashboard');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-signed-in');
    expect(html).toContain('data-email-verified="true"');
    expect(html).not.toContain('>Anmelden<');
  });

  it('reads a session split into chunks and writes it back in one cookie, expiring the chunks', async () => {
    const session = browser();
    await session.signIn(email, password);
    const token = session.cookies.get('authjs.session-token')!;
    session.cookies.delete('authjs.session-token');
    session.cookies.set('authjs.session-token.1', token.slice(700));
    session.cookies.set('authjs.session-token.0', token.slice(0, 700));
    // The middleware joins the chunks without asking Auth.js …
    const page = await session.get('/de/dashboard');
    expect(page.status).toBe(200);
    // … and so does Auth.js, whose answer is re-chunked: one cookie now, the old chunks expired.
    const response = await session.get('/api/auth/session');
    const names = response.headers.getSetCookie().map(parseSetCookie);
    expect(names.find((cookie) => cookie.name === 'authjs.session-token')?.value).toBeTruthy();
    for (const chunk of ['authjs.session-token.0', 'authjs.session-token.1']) {
      const cleared = names.find((cookie) => cookie.name === chunk);
      expect(cleared?.value).toBe('');
      expect(cleared?.attributes).toContain('Max-Age=0');
    }
    expect([...session.cookies.keys()].filter((name) => name.startsWith('authjs.session-token'))).toEqual([
      'authjs.session-token',
    ]);
    expect((await session.session())?.user.email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail address the same way', async () => {
    const wrong = await browser().signIn(email, 'wrong-password-123');
    const unknown = await browser().signIn(uniqueEmail('nobody'), 'wrong-password-123');
    expect(wrong.status).toBe(302);
    expect(locationOf(wrong, server.url)).toBe('/user/login?error=CredentialsSignin&code=credentials');
    expect(locationOf(unknown, server.url)).toBe(locationOf(wrong, server.url));
    const page = await (await browser().get('/de/user/login?error=CredentialsSignin&code=credentials')).text();
    expect(page).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    const english = await (await browser().get('/en-GB/user/login?error=CredentialsSignin&code=credentials')).text();
    expect(english).toContain('The e-mail address or password is wrong.');
  });

  it('slows strangers down after failed attempts, but never refuses the owner from a known device or address', async () => {
    const owner = await verifiedApplicant('soft-lock');
    // The owner signs in once on this device: it becomes the known device, 127.0.0.1 a known address.
    const device = browser();
    expect(locationOf(await device.signIn(owner, password, '/de/dashboard'), server.url)).toBe('/de/dashboard');
    expect(device.cookies.get('jobboard.device')).toMatch(/^\d+\.[\w-]{22}\.[\w-]{43}$/);
    await device.post('/api/auth/signout', { csrfToken: await device.csrfToken(), callbackUrl: '/de/' });

    // A stranger on another address guesses: five failures go through, then each waits 1 s, 2 s, 4 s …
    const stranger = (localAddress = '127.0.0.2') => new BrowserSession(server.url, { localAddress });
    const wrong = '/user/login?error=CredentialsSignin&code=credentials';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(locationOf(await stranger().signIn(owner, `wrong-guess-${attempt}`), server.url)).toBe(wrong);
    }
    let refusal = '';
    for (let attempt = 6; attempt <= 12 && !refusal; attempt++) {
      const location = locationOf(await stranger().signIn(owner, `wrong-guess-${attempt}`), server.url);
      const waitSeconds = Number(/code=delayed-(\d+)$/.exec(location)?.[1] ?? 0);
      if (waitSeconds >= 3) refusal = location;
      // A short delay: wait it out and guess again, which doubles it.
      else if (waitSeconds > 0) await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
      else expect(location).toBe(wrong);
    }
    expect(refusal).toMatch(/^\/user\/login\?error=CredentialsSignin&code=delayed-\d+$/);
    expect(await loginMessage(refusal)).toBe(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 1 Min. erneut oder setzen Sie Ihr Passwort zurück.',
    );
    // During the delay the right password is refused unchecked, for strangers on any address.
    expect(locationOf(await stranger().signIn(owner, password), server.url)).toMatch(/code=delayed-\d+$/);
    expect(locationOf(await stranger('127.0.0.3').signIn(owner, password), server.url)).toMatch(/code=delayed-\d+$/);

    // The owner is let in from the known device, and from the known address without it.
    expect(locationOf(await device.signIn(owner, password, '/de/dashboard'), server.url)).toBe('/de/dashboard');
    expect((await device.session())?.user.email).toBe(owner);
    expect(locationOf(await browser().signIn(owner, password, '/de/jobs'), server.url)).toBe('/de/jobs');
  });

  it('keeps the hourly limit per client address over all accounts', async () => {
    const limited = new BrowserSession(server.url, { localAddress: '127.0.0.4' });
    let location = '';
    // SIGNIN_FAILURES_PER_IP is 60 here; every attempt names another (unknown) account.
    for (let attempt = 1; attempt <= 61 && !location.endsWith('code=rate_limited'); attempt++) {
      location = locationOf(await limited.signIn(uniqueEmail('nobody'), 'wrong-password-123'), server.url);
    }
    expect(location).toBe('/user/login?error=CredentialsSignin&code=rate_limited');
    expect(await loginMessage(location)).toContain('Zu viele fehlgeschlagene Anmeldeversuche.');
  });

  it('never redirects to another origin after sign-in', async () => {
    for (const callbackUrl of [
      'https://evil.example/phish',
      '//evil.example/x',
      '/\\evil.example',
      '/.//evil.example',
    ]) {
      const response = await browser().signIn(email, password, callbackUrl);
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get('location')!).origin).toBe(server.url);
    }
    // The sign-in page does not carry a foreign callback either.
    const html = await (await browser().get('/de/user/login?callbackUrl=https%3A%2F%2Fevil.example%2F')).text();
    expect(html).toContain('name="callbackUrl" value="/de/dashboard?dispatch=login"');
    // A signed-in visitor on the sign-in page is sent on to the callback: never to a path that a browser reads
    // as another host once normalised (/.//evil.example is //evil.example) or decoded.
    const visitor = browser();
    await visitor.signIn(email, password);
    for (const callbackUrl of [
      '%2F.%2F%2Fevil.example',
      '%2F%252F%252Fevil.example',
      '%2F%5Cevil.example',
      '%2F%09%2Fevil',
    ]) {
      const response = await visitor.get(`/de/user/login?callbackUrl=${callbackUrl}`);
      expect(response.status, callbackUrl).toBe(303);
      expect(response.headers.get('location'), callbackUrl).toBe('/de/dashboard');
    }
    expect((await visitor.get('/de/user/login?callbackUrl=%2Fde%2Fjobs%3Fq%3Da')).headers.get('location')).toBe(
      '/de/jobs?q=a',
    );
    // After sign-in the dispatch parameter is recorded and removed; destination stays.
    const signedIn = browser();
    await signedIn.signIn(email, password);
    const landing = await signedIn.get('/de/jobs?dispatch=login&destination=%2Fde%2Fdashboard');
    expect(landing.status).toBe(302);
    expect(locationOf(landing, server.url)).toBe('/de/jobs?destination=%2Fde%2Fdashboard');
    // The stored event (analytics_events) is checked on PostgreSQL in auth-oidc.test.ts.
    expect(server.output()).not.toContain('not recorded');
  });
});

describe('protected pages', () => {
  it('send anonymous visitors to sign-in with SessionRequired and bring them back afterwards', async () => {
    const session = browser();
    const response = await session.get('/de/my-products?tab=1');
    expect(response.status).toBe(302);
    const login = locationOf(response, server.url);
    expect(login).toBe('/de/user/login?error=SessionRequired&callbackUrl=%2Fde%2Fmy-products%3Ftab%3D1');
    const html = await (await session.get(login)).text();
    expect(html).toContain('Bitte melden Sie sich an, um diese Seite zu sehen.');
    const callbackUrl = /name="callbackUrl" value="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(callbackUrl).toBe('/de/my-products?tab=1&dispatch=login');
    const email = await verifiedApplicant('returning');
    const signedIn = await session.signIn(email, password, callbackUrl);
    expect(locationOf(signedIn, server.url)).toBe(callbackUrl);
    expect(locationOf(await session.get(callbackUrl), server.url)).toBe('/de/my-products?tab=1');
    expect((await session.get('/de/my-products?tab=1')).status).toBe(200);
  });
});

describe('sign out', () => {
  it('ends the session through POST signout with the CSRF token', async () => {
    const email = await verifiedApplicant('leaving');
    const session = browser();
    await session.signIn(email, password);
    const page = await session.get('/de/user/logout');
    expect(page.status).toBe(200);
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await page.text())![1]!;
    const response = await session.post('/api/auth/signout', { csrfToken, callbackUrl: '/de/' });
    expect(locationOf(response, server.url)).toBe('/de/');
    expect(await session.session()).toBeNull();
    expect((await session.get('/de/user/logout')).status).toBe(303);
  });

  it('ends the session on the server: its old cookie and backend token are refused afterwards', async () => {
    const email = await verifiedApplicant('replayed');
    const session = browser();
    await session.signIn(email, password);
    const oldCookie = session.cookies.get('authjs.session-token')!;
    const oldToken = (await session.session())!.jwt;
    expect((await graphqlUser(oldToken)).data?.getUser?.email).toBe(email);
    const csrfToken = await session.pageCsrfToken('/de/user/logout');
    await session.post('/api/auth/signout', { csrfToken, callbackUrl: '/de/' });

    // Someone who kept a copy of the cookie: the page sends them to sign-out and expires the cookie …
    const replay = browser();
    replay.cookies.set('authjs.session-token', oldCookie);
    const page = await replay.get('/de/dashboard');
    expect(page.status).toBe(302);
    expect(locationOf(page, server.url)).toBe('/de/user/logout');
    expect(replay.cookies.has('authjs.session-token')).toBe(false);
    // … Auth.js has no session for it …
    const again = browser();
    again.cookies.set('authjs.session-token', oldCookie);
    expect(await again.session()).toBeNull();
    // … and the backend refuses the token.
    const refused = await graphqlUser(oldToken);
    expect(refused.status).toBe(401);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // The next sign-in starts a new session that works.
    await session.signIn(email, password);
    expect((await graphqlUser((await session.session())!.jwt)).data?.getUser?.email).toBe(email);
  });

  it('sign out everywhere ends older sessions and refuses their backend tokens', async () => {
    const email = await verifiedApplicant('everywhere');
    const laptop = browser();
    await laptop.signIn(email, password);
    const oldToken = (await laptop.session())!.jwt;
    expect((await graphqlUser(oldToken)).data?.getUser?.email).toBe(email);

    const phone = browser();
    await phone.signIn(email, password);
    const csrfToken = await phone.pageCsrfToken('/de/user/account');
    const response = await phone.post('/de/user/account', { csrfToken, action: 'signOutEverywhere' });
    expect(locationOf(response, server.url)).toBe('/de/user/login?signedOut=everywhere');

    const refused = await graphqlUser(oldToken);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // A page request with the old session goes to /user/logout and loses the session cookie.
    const page = await laptop.get('/de/dashboard');
    expect(page.status).toBe(302);
    expect(locationOf(page, server.url)).toBe('/de/user/logout');
    expect(laptop.cookies.has('authjs.session-token')).toBe(false);
    // The Auth.js session ends too (the jwt callback checks the not-before time).
    const stale = browser();
    stale.cookies.set('authjs.session-token', phone.cookies.get('authjs.session-token') ?? '');
    expect(await stale.session()).toBeNull();
    // Signing in again works at once.
    await laptop.signIn(email, password);
    expect((await graphqlUser((await laptop.session())!.jwt)).data?.getUser?.email).toBe(email);
  });
});

describe('registration, verification and password reset', () => {
  it('registers an applicant, mails a verification link that works once', async () => {
    const email = uniqueEmail('new');
    const session = browser();
    const response = await registerApplicant(session, email);
    expect(response.status).toBe(303);
    expect(locationOf(response, server.url)).toBe('/de/user/register?registered=1&dispatch=sign_up');
    const message = await mail.waitFor(email);
    expect(message.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse bei JobRegio Oberrhein');
    const link = new URL(firstLink(message));
    expect(link.pathname).toBe('/de/user/verify');

    // Signing in works before verification; the dashboard says the address is not verified.
    await session.signIn(email, password);
    expect(await (await session.get('/de/dashboard')).text()).toContain('data-email-verified="false"');
    expect((await graphqlUser((await session.session())!.jwt)).data?.getUser?.emailVerified).toBe(false);

    const verified = await (await session.get(`${link.pathname}${link.search}`)).text();
    expect(verified).toContain('Ihre E-Mail-Adresse ist bestätigt.');
    expect((await graphqlUser((await session.session())!.jwt)).data?.getUser?.emailVerified).toBe(true);
    // Single use.
    expect(await (await session.get(`${link.pathname}${link.search}`)).text()).toContain('wurde schon benutzt');
  });

  it('refuses an invalid registration with messages in the visitor’s language', async () => {
    const session = browser();
    const csrfToken = await session.pageCsrfToken('/fr/user/register');
    const response = await session.post('/fr/user/register', {
      csrfToken,
      email: 'pas-une-adresse',
      password: 'court',
      passwordConfirm: 'autre',
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Veuillez saisir une adresse e-mail valide.');
    expect(html).toContain('Le mot de passe doit comporter au moins 10 caractères.');
    expect(html).toContain('value="pas-une-adresse"');
    expect(html).not.toContain('value="court"');

    // Without the CSRF token nothing is registered.
    const noToken = await browser().post('/de/user/register', {
      email: uniqueEmail('x'),
      password,
      passwordConfirm: password,
    });
    expect(await noToken.text()).toContain('Das Formular ist abgelaufen.');
  });

  it('answers a known address exactly like a new one and mails its owner instead', async () => {
    const known = await verifiedApplicant('taken');
    const fresh = uniqueEmail('fresh');
    const after = mail.mails.length;
    const started = performance.now();
    const asNew = await registerApplicant(browser(), fresh);
    const newMs = performance.now() - started;
    const asKnown = await registerApplicant(browser(), known.toUpperCase());
    const knownMs = performance.now() - started - newMs;
    expect(asKnown.status).toBe(asNew.status);
    expect(asKnown.status).toBe(303);
    expect(locationOf(asKnown, server.url)).toBe(locationOf(asNew, server.url));
    expect(await asKnown.text()).toBe(await asNew.text());
    // The page the visitor lands on is the same one.
    const landing = (response: Response) =>
      browser().get(locationOf(response, server.url).replace('&dispatch=sign_up', ''));
    expect(await (await landing(asKnown)).text()).toContain('id="registered"');
    // Both do a password hash and send one mail: neither answer is fast enough to give the other away.
    expect(knownMs).toBeGreaterThan(newMs / 4);

    const notice = await mail.waitFor(known, { after });
    expect(notice.subject).toBe('Anmeldeversuch mit Ihrer E-Mail-Adresse bei JobRegio Oberrhein');
    expect(notice.text).toContain(
      'jemand hat versucht, sich bei JobRegio Oberrhein mit Ihrer E-Mail-Adresse zu registrieren',
    );
    expect(notice.text).toContain(`${server.url}/de/user/login`);
    expect(notice.text).toContain(`${server.url}/de/user/password`);
    expect((await mail.waitFor(fresh, { after })).subject).toBe(
      'Bitte bestätigen Sie Ihre E-Mail-Adresse bei JobRegio Oberrhein',
    );
    // The owner's password still works; nothing of the attempt's was stored.
    expect(locationOf(await browser().signIn(known, password, '/de/jobs'), server.url)).toBe('/de/jobs');
  });

  it('refuses guessable passwords at registration and password change, with a translated message', async () => {
    const weakPasswords = ['password12', '1234567890', ' '.repeat(10), 'JobRegio Oberrhein', 'Passwort123'];
    const session = browser();
    const csrfToken = await session.pageCsrfToken('/de/user/register');
    for (const weak of weakPasswords) {
      const email = uniqueEmail('weak');
      const response = await session.post('/de/user/register', {
        csrfToken,
        email,
        password: weak,
        passwordConfirm: weak,
      });
      expect(response.status, JSON.stringify(weak)).toBe(422);
      const html = await response.text();
      expect(html).toContain('Dieses Passwort ist zu leicht zu erraten.');
      // zxcvbn's advice, from its German language pack, next to the field.
      expect(html).toContain('Weitere Wörter, die weniger häufig vorkommen, hinzufügen.');
      expect(html).toContain(`value="${email}"`);
      // No account: signing in with it fails.
      expect(locationOf(await browser().signIn(email, weak), server.url)).toMatch(/error=CredentialsSignin/);
    }
    const english = await session.post('/en-GB/user/register', {
      csrfToken,
      email: uniqueEmail('weak'),
      password: 'password12',
      passwordConfirm: 'password12',
    });
    const englishHtml = await english.text();
    expect(englishHtml).toContain('This password is too easy to guess.');
    expect(englishHtml).toContain('Add more words that are less common.');

    const email = await verifiedApplicant('changer');
    const laptop = browser();
    await laptop.signIn(email, password);
    const laptopToken = (await laptop.session())!.jwt;
    const phone = browser();
    await phone.signIn(email, password);
    const accountCsrf = await phone.pageCsrfToken('/de/user/account');
    for (const weak of weakPasswords) {
      const response = await phone.post('/de/user/account', {
        csrfToken: accountCsrf,
        action: 'changePassword',
        currentPassword: password,
        password: weak,
        passwordConfirm: weak,
      });
      expect(response.status, JSON.stringify(weak)).toBe(422);
      expect(await response.text()).toContain('Dieses Passwort ist zu leicht zu erraten.');
    }
    // A good one is taken: this device stays signed in with a new session, every other session ends.
    const strong = 'quiet-otter-lamp-meadow';
    const changed = await phone.post('/de/user/account', {
      csrfToken: accountCsrf,
      action: 'changePassword',
      currentPassword: password,
      password: strong,
      passwordConfirm: strong,
    });
    expect(locationOf(changed, server.url)).toBe('/de/user/account?changed=1');
    expect((await phone.get('/de/user/account?changed=1')).status).toBe(200);
    expect((await graphqlUser((await phone.session())!.jwt)).data?.getUser?.email).toBe(email);
    expect((await graphqlUser(laptopToken)).status).toBe(401);
    expect(locationOf(await laptop.get('/de/dashboard'), server.url)).toBe('/de/user/logout');
    expect(locationOf(await browser().signIn(email, strong, '/de/jobs'), server.url)).toBe('/de/jobs');
  });

  it('resets a forgotten password through the mailed single-use link', async () => {
    const email = await verifiedApplicant('forgetful');
    const before = browser();
    await before.signIn(email, password);
    const session = browser();
    const csrfToken = await session.pageCsrfToken('/de/user/password');
    const after = mail.mails.length;
    const requested = await session.post('/de/user/password', { csrfToken, email });
    expect(locationOf(requested, server.url)).toBe('/de/user/password?sent=1');
    // An unknown address gets the same answer and no mail.
    const unknown = await session.post('/de/user/password', { csrfToken, email: uniqueEmail('ghost') });
    expect(locationOf(unknown, server.url)).toBe('/de/user/password?sent=1');

    const message = await mail.waitFor(email, { after });
    expect(message.subject).toBe('Ihr Passwort bei JobRegio Oberrhein zurücksetzen');
    const link = new URL(firstLink(message));
    const form = await (await session.get(`${link.pathname}${link.search}`)).text();
    const token = link.searchParams.get('token')!;
    expect(form).toContain(`name="token" value="${token}"`);
    const newPassword = 'a-brand-new-password';
    const reset = await session.post('/de/user/password/reset', {
      csrfToken,
      token,
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(locationOf(reset, server.url)).toBe('/de/user/login?reset=1');
    expect(locationOf(await browser().signIn(email, password), server.url)).toMatch(/error=CredentialsSignin/);
    expect(locationOf(await browser().signIn(email, newPassword, '/de/dashboard'), server.url)).toBe('/de/dashboard');
    // The session from before the reset has ended; the link cannot be used twice.
    expect(await before.session()).toBeNull();
    const reused = await session.post('/de/user/password/reset', {
      csrfToken,
      token,
      password: 'yet-another-password',
      passwordConfirm: 'yet-another-password',
    });
    expect(reused.status).toBe(422);
    expect(mail.mails.slice(after).filter((message) => message.to.some((to) => to.includes('ghost')))).toEqual([]);
  });

  it('kills every other reset link once one is used', async () => {
    const email = await verifiedApplicant('two-links');
    const session = browser();
    const csrfToken = await session.pageCsrfToken('/de/user/password');
    const links: URL[] = [];
    for (let request = 0; request < 2; request++) {
      const after = mail.mails.length;
      await session.post('/de/user/password', { csrfToken, email });
      links.push(new URL(firstLink(await mail.waitFor(email, { after }))));
    }
    const [older, newer] = links as [URL, URL];
    expect(older.searchParams.get('token')).not.toBe(newer.searchParams.get('token'));
    const newPassword = 'violet-harbour-engine-42';
    const reset = await session.post('/de/user/password/reset', {
      csrfToken,
      token: newer.searchParams.get('token')!,
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(locationOf(reset, server.url)).toBe('/de/user/login?reset=1');
    // The older link, unused and not expired, no longer works: neither its form nor its POST.
    expect(await (await session.get(`${older.pathname}${older.search}`)).text()).toContain('id="reset-invalid"');
    const late = await session.post('/de/user/password/reset', {
      csrfToken,
      token: older.searchParams.get('token')!,
      password: 'someone-elses-choice-77',
      passwordConfirm: 'someone-elses-choice-77',
    });
    expect(late.status).toBe(422);
    expect(await late.text()).toContain('Dieser Link ist ungültig');
    expect(locationOf(await browser().signIn(email, newPassword, '/de/jobs'), server.url)).toBe('/de/jobs');
  });

  it('limits reset mails per address (ACCOUNT_MAILS_PER_HOUR, 5)', async () => {
    const email = await verifiedApplicant('reset-limit');
    const session = browser();
    const csrfToken = await session.pageCsrfToken('/de/user/password');
    const after = mail.mails.length;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await session.post('/de/user/password', { csrfToken, email });
      expect(locationOf(response, server.url), `request ${attempt}`).toBe('/de/user/password?sent=1');
    }
    const refused = await session.post('/de/user/password', { csrfToken, email });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Zu viele Versuche. Bitte versuchen Sie es später erneut.');
    await mail.waitFor(email, { after });
    const resetMails = () => mail.mails.slice(after).filter((message) => message.to.some((to) => to.includes(email)));
    await expect.poll(() => resetMails().length).toBe(5);
  });

  // Last of the file: it uses up this client's registrations (REGISTRATIONS_PER_IP, 40 here).
  it('limits registrations per client address, then creates no account', async () => {
    const taken = await verifiedApplicant('registration-limit');
    let attempts = 0;
    let answer = '';
    // Attempts with a taken address are cheap and count like any other.
    while (attempts < 40 && !answer.includes('Zu viele Versuche.')) {
      attempts++;
      answer = await (await registerApplicant(browser(), taken)).text();
    }
    expect(answer).toContain('Zu viele Versuche. Bitte versuchen Sie es später erneut.');
    expect(attempts).toBeGreaterThan(1);
    const fresh = uniqueEmail('after-limit');
    const refused = await registerApplicant(browser(), fresh);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Zu viele Versuche.');
    expect(locationOf(await browser().signIn(fresh, password), server.url)).toMatch(/error=CredentialsSignin/);
  });
});
