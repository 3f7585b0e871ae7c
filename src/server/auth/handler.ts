/**
 * Everything under /api/auth: Auth.js's routes (signin, callback, signout, session, csrf, providers, error)
 * through `Auth(request, config)`, plus `_log` (SPEC section 7), which Auth.js does not have. Every POST
 * needs the double-submit CSRF token; Auth.js checks its own, `_log` checks the same cookie here.
 */
import { Auth } from '@auth/core';
import type { Brand } from '../../../brands/types.ts';
import { readFormBody } from '../../lib/form-body.ts';
import { getConfig } from '../config.ts';
import { clientKeyOf, enforceRequestRate } from '../limits/request-rate.ts';
import { createAuthConfig, signInPage } from './auth-config.ts';
import { publicOrigin } from '../public-origin.ts';
import { authBasePath, usesSecureCookies } from './auth-url.ts';
import { isCsrfTokenValid } from './csrf.ts';
import { deviceCookieValue, deviceSetCookie, newDeviceId, readDeviceCookie } from './device-cookie.ts';
import { getAuthSecret, getAuthSecretText } from './secret.ts';
import {
  csrfCookieName,
  deviceCookieName,
  parseCookieHeader,
  rechunkSessionCookies,
  sessionCookieName,
} from './session-cookies.ts';
import { enabledSocialProviders } from './social-providers.ts';
import {
  readSocialSignUpCookie,
  socialSignUpCookieName,
  socialSignUpCookieValue,
  socialSignUpOfForm,
  socialSignUpSetCookie,
} from './social-sign-up-cookie.ts';
import { log } from '../log.ts';

export interface AuthHandlerContext {
  brand: Brand;
  clientAddress: string | null;
}

const logLevels = ['error', 'warn', 'debug'] as const;

/** The _log body: a form or a JSON object; anything else is refused before the CSRF check (400, 415). */
async function formOrJson(request: Request): Promise<Record<string, unknown> | Response> {
  const body = await readFormBody(request, { acceptJson: true });
  if (body.ok) return body.fields;
  const message =
    body.reason === 'malformed'
      ? 'The body could not be read: send a form or a JSON object.'
      : 'Send the log entry as a form or as a JSON object.';
  return Response.json({ message }, { status: body.status });
}

/** POST _log: a client-side auth error (level, code, message) written to the server log. */
async function handleLog(request: Request, secure: boolean, clientAddress: string | null): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  const refused = await enforceRequestRate(request, [
    {
      key: `auth-log:ip:${clientKeyOf(clientAddress)}`,
      max: getConfig().RATE_LIMIT_AUTH_LOG_PER_MINUTE,
      windowSeconds: 60,
    },
  ]);
  if (refused) return refused;
  const body = await formOrJson(request);
  if (body instanceof Response) return body;
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  if (!isCsrfTokenValid(cookies[csrfCookieName(secure)], body.csrfToken, getAuthSecretText())) {
    return Response.json({ message: 'CSRF token missing or invalid.' }, { status: 403 });
  }
  const level = logLevels.find((candidate) => candidate === body.level) ?? 'error';
  const clip = (value: unknown, length: number) =>
    (typeof value === 'string' ? value : JSON.stringify(value ?? '')).slice(0, length);
  // JSON log lines escape control characters, so a client cannot forge lines.
  log('auth:client')[level]({ code: clip(body.code, 100) || 'UNKNOWN' }, clip(body.message, 2000));
  return Response.json({ ok: true });
}

/**
 * SPEC section 8: signing in with a provider that is not configured goes to the sign-in page; when no
 * provider at all is available, to the auth error page. Returns null when Auth.js should handle it.
 */
export function signInTarget(
  providerIds: readonly string[],
  action: string,
  providerId: string | undefined,
): string | null {
  if (action !== 'signin') return null;
  if (providerIds.length === 0) return `${authBasePath}/error?error=Configuration`;
  if (providerId !== undefined && !providerIds.includes(providerId)) return signInPage;
  return null;
}

/** The sign-up a social sign-in form states (registration page), only with a valid CSRF token. */
function socialSignUpOfSignIn(body: ArrayBuffer, cookies: Record<string, string>, secure: boolean) {
  if (body.byteLength > 8192) return null;
  const fields = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(body)));
  if (!isCsrfTokenValid(cookies[csrfCookieName(secure)], fields.csrfToken, getAuthSecretText())) return null;
  return socialSignUpOfForm(fields);
}

export async function handleAuthRequest(request: Request, context: AuthHandlerContext): Promise<Response> {
  const config = getConfig();
  const origin = publicOrigin(config);
  const secure = usesSecureCookies(config);
  const url = new URL(request.url);
  const [action = '', providerId] = url.pathname
    .slice(authBasePath.length + 1)
    .split('/')
    .filter(Boolean);
  if (action === '_log') return handleLog(request, secure, context.clientAddress);

  const providerIds = ['credentials', ...enabledSocialProviders(context.brand, config)];
  const target = signInTarget(providerIds, action, providerId);
  if (target) return Response.redirect(new URL(target, origin), 302);

  // Auth.js builds its URLs (callbacks, redirects, cookie names) from the request: give it the public origin.
  const publicUrl = new URL(`${url.pathname}${url.search}`, origin);
  const body = request.method === 'POST' ? await request.arrayBuffer() : undefined;
  const authRequest = new Request(publicUrl, { method: request.method, headers: request.headers, body });
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const device = readDeviceCookie(getAuthSecret(), cookies[deviceCookieName(secure)]);
  const social = providerId !== undefined && providerId !== 'credentials';
  const signUpCookie = socialSignUpCookieName(secure);
  let signedInUserId: number | null = null;
  const response = await Auth(
    authRequest,
    createAuthConfig({
      brand: context.brand,
      clientAddress: context.clientAddress,
      device,
      onSignIn: (userId) => (signedInUserId = userId),
      // Issue 18: a sign-up started below the registration's terms text (social-sign-up-cookie.ts).
      socialSignUp:
        social && action === 'callback' ? readSocialSignUpCookie(getAuthSecret(), cookies[signUpCookie]) : null,
    }),
  );

  const requestCookieNames = Object.keys(cookies);
  const headers = new Headers();
  for (const [name, value] of response.headers) if (name.toLowerCase() !== 'set-cookie') headers.append(name, value);
  for (const cookie of rechunkSessionCookies(
    response.headers.getSetCookie(),
    sessionCookieName(secure),
    requestCookieNames,
  )) {
    headers.append('Set-Cookie', cookie);
  }
  const { stateAndPkceCookieMaxAgeSeconds: signUpMaxAge } = context.brand.constants.session;
  const signUp = social && action === 'signin' && body ? socialSignUpOfSignIn(body, cookies, secure) : null;
  if (
    signUp &&
    response.status === 302 &&
    new URL(response.headers.get('location') ?? '/', origin).origin !== origin.origin
  ) {
    // On its way to the provider: the callback will know the terms were agreed to.
    const value = socialSignUpCookieValue(getAuthSecret(), signUp, Date.now() + signUpMaxAge * 1000);
    headers.append('Set-Cookie', socialSignUpSetCookie(signUpCookie, value, secure, signUpMaxAge));
  } else if (social && (action === 'signin' || action === 'callback') && cookies[signUpCookie] !== undefined) {
    headers.append('Set-Cookie', socialSignUpSetCookie(signUpCookie, null, secure, signUpMaxAge));
  }
  if (signedInUserId !== null) {
    // This browser becomes (or stays) the user's known device: a year from this sign-in.
    const deviceId = device?.userId === signedInUserId ? device.deviceId : newDeviceId();
    const value = deviceCookieValue(getAuthSecret(), { userId: signedInUserId, deviceId });
    headers.append('Set-Cookie', deviceSetCookie(deviceCookieName(secure), value, secure));
  }
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
