/**
 * A real OpenID Connect server (`oidc-provider`) on loopback that stands in for Google or LinkedIn in tests
 * (the app's `GOOGLE_ISSUER` / `LINKEDIN_ISSUER` point at it). Discovery, authorization, code exchange and
 * ID tokens are the library's own; this file only supplies the accounts and the interaction step:
 *
 * - with an account chosen by the test (`loginAs`), the interaction logs it in at once (HTTP-level tests);
 * - without one, it shows a sign-in form where a browser test types the account's address and name, as a
 *   person would on the provider's page. Accounts typed there have a verified address.
 *
 * Consent for the requested scopes is granted without a page, as Google does for basic scopes.
 * The server listens first (the issuer must be known before the app starts), and clients are registered
 * once the app's callback addresses are known.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface OidcAccount {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  /** How each token request so far authenticated its client, in order. */
  tokenRequests: { clientId: string; method: 'client_secret_basic' | 'client_secret_post' }[];
  /** Registers the clients and starts answering OpenID Connect requests. */
  register: (clients: OidcClient[]) => void;
  /** Adds an account; returns its id. */
  addAccount: (account: OidcAccount) => string;
  /** The account the next interaction logs in without a form; `undefined` shows the sign-in form. */
  loginAs: (accountId: string | undefined) => void;
  stop: () => Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function signInForm(uid: string, clientId: string, error = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test identity provider</title></head>
<body>
<main>
<h1>Sign in to continue to ${escapeHtml(clientId)}</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<p><label for="email">E-mail address</label> <input id="email" name="email" type="email" required></p>
<p><label for="given_name">First name</label> <input id="given_name" name="given_name" required></p>
<p><label for="family_name">Last name</label> <input id="family_name" name="family_name" required></p>
<button type="submit">Continue</button>
</form>
</main>
</body>
</html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

export async function startOidcProvider(port = 0): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let sequence = 0;
  let nextAccountId: string | undefined;
  let provider: Provider | undefined;
  const tokenRequests: TestOidcProvider['tokenRequests'] = [];

  const addAccount = (account: OidcAccount) => {
    const id = `acct-${Date.now()}-${++sequence}`;
    accounts.set(id, account);
    return id;
  };

  async function grantConsent(req: IncomingMessage, res: ServerResponse, oidc: Provider): Promise<void> {
    const details = await oidc.interactionDetails(req, res);
    const accountId = details.session!.accountId;
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? ((await oidc.Grant.find(details.grantId)) ?? new oidc.Grant({ accountId, clientId }))
      : new oidc.Grant({ accountId, clientId });
    const missing = details.prompt.details.missingOIDCScope;
    grant.addOIDCScope(Array.isArray(missing) ? missing.join(' ') : 'openid email profile');
    const grantId = await grant.save();
    await oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, oidc: Provider): Promise<void> {
    const details = await oidc.interactionDetails(req, res);
    if (details.prompt.name !== 'login') return grantConsent(req, res, oidc);
    if (req.method === 'POST' && req.url?.endsWith('/login')) {
      const form = await formBody(req);
      const email = form.get('email')?.trim().toLowerCase() ?? '';
      const givenName = form.get('given_name')?.trim() ?? '';
      const familyName = form.get('family_name')?.trim() ?? '';
      if (!email.includes('@') || !givenName || !familyName) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        res.end(signInForm(details.uid, String(details.params.client_id), 'Enter your address and your name.'));
        return;
      }
      // One provider account per address, as at a real provider.
      const existing = [...accounts].find(([, account]) => account.email === email)?.[0];
      const accountId = existing ?? addAccount({ email, emailVerified: true, givenName, familyName });
      await oidc.interactionFinished(req, res, { login: { accountId } });
      return;
    }
    if (nextAccountId) {
      await oidc.interactionFinished(req, res, { login: { accountId: nextAccountId } });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(signInForm(details.uid, String(details.params.client_id)));
  }

  const server: Server = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
    } else if (req.url?.startsWith('/interaction/')) {
      interaction(req, res, provider).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    } else {
      void provider.callback()(req, res);
    }
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const issuer = `http://127.0.0.1:${address.port}`;

  const configuration = (clients: OidcClient[]): Configuration => ({
    clients: clients.map((client): ClientMetadata => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Auth.js reads the profile of an OIDC provider from the ID token, as Google puts it there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: ['oidc-test-cookie-key-0123456789abcdef'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
        }),
      };
    },
  });

  return {
    issuer,
    tokenRequests,
    register: (clients) => {
      provider = new Provider(issuer, configuration(clients));
      // oidc-provider accepts the secret in a Basic header or in the body alike; tests check which was used.
      provider.use(async (ctx: KoaContextWithOIDC, next) => {
        await next();
        if (ctx.oidc?.route === 'token' && ctx.oidc.client) {
          const method = ctx.headers.authorization ? 'client_secret_basic' : 'client_secret_post';
          tokenRequests.push({ clientId: ctx.oidc.client.clientId, method });
        }
      });
    },
    addAccount,
    loginAs: (accountId) => {
      nextAccountId = accountId;
    },
    stop: async () => {
      server.close();
      server.closeAllConnections();
      await once(server, 'close');
    },
  };
}
