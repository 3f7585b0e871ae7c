/**
 * The Auth.js configuration, built per request because the secret is read at run time (never at build
 * time, docs/decisions/0002) and the credentials check needs the client address for its rate limits.
 */
import type { AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import type { Brand } from '../../../brands/types.ts';
import { getConfig } from '../config.ts';
import { getDatabase } from '../db/index.ts';
import { log } from '../log.ts';
import { authBasePath, sameOriginPath, usesSecureCookies } from './auth-url.ts';
import type { KnownDevice } from './device-cookie.ts';
import { getAuthSecret, getAuthSecretText } from './secret.ts';
import {
  claimsForSignIn,
  endSession,
  parseClaims,
  refreshClaims,
  sessionMaxAgeSeconds,
  toJwt,
  type SignupStartClaims,
} from './session-claims.ts';
import { authorizeCredentials } from './sign-in.ts';
import { recordSignInSuccess } from './sign-in-throttle.ts';
import {
  findOrCreateSocialUser,
  socialProfileOf,
  type SocialSignInResult,
  type SocialSignUp,
} from './social-accounts.ts';
import { socialAuthProviders } from './social-providers.ts';

export const signInPage = '/user/login';
export const signOutPage = '/user/logout';

/** The sign-in page's `error` for a social sign-in that does not lead to a user (src/pages/user/login.astro). */
const socialRefusalErrors = {
  not_linked: 'OAuthAccountNotLinked',
  no_email: 'OAuthNoEmail',
  sign_up_closed: 'SocialSignUpClosed',
  terms_required: 'SocialSignUpTerms',
} satisfies Record<Exclude<SocialSignInResult['kind'], 'user'>, string>;

/**
 * Auth.js (without an adapter) hands the same `user` object to the signIn callback and then to the jwt
 * callback: the signIn callback marks a new social sign-up on it, the jwt callback puts it into the session.
 */
function markSignupStart(user: object, method: string): void {
  Object.assign(user, { signupStart: { method } satisfies SignupStartClaims });
}

function signupStartOf(user: object): SignupStartClaims | null {
  const { signupStart } = user as { signupStart?: unknown };
  if (!signupStart || typeof signupStart !== 'object') return null;
  const { method } = signupStart as { method?: unknown };
  return typeof method === 'string' ? { method } : null;
}

export interface AuthRequestContext {
  brand: Brand;
  clientAddress: string | null;
  /** The browser's valid known-device cookie, if any (src/server/auth/device-cookie.ts). */
  device: KnownDevice | null;
  /** Told about a successful sign-in (any provider), so the response can set the known-device cookie. */
  onSignIn?: (userId: number) => void;
  /** A social sign-in started below the registration's terms text (social-sign-up-cookie.ts), if any. */
  socialSignUp?: SocialSignUp | null;
}

export function createAuthConfig(context: AuthRequestContext): AuthConfig {
  const config = getConfig();
  const secure = usesSecureCookies(config);
  const { stateAndPkceCookieMaxAgeSeconds } = context.brand.constants.session;
  return {
    basePath: authBasePath,
    secret: getAuthSecretText(),
    // The request handed to Auth.js is rebuilt on the configured public origin (handler.ts), so its Host
    // is ours, not the client's.
    trustHost: true,
    useSecureCookies: secure,
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds },
    pages: { signIn: signInPage, signOut: signOutPage, error: signInPage },
    cookies: {
      state: {
        name: `${secure ? '__Secure-' : ''}authjs.state`,
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: stateAndPkceCookieMaxAgeSeconds },
      },
      pkceCodeVerifier: {
        name: `${secure ? '__Secure-' : ''}authjs.pkce.code_verifier`,
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: stateAndPkceCookieMaxAgeSeconds },
      },
    },
    providers: [
      Credentials({
        id: 'credentials',
        name: 'E-Mail',
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        authorize: async (credentials) =>
          authorizeCredentials({
            db: (await getDatabase()).db,
            credentials,
            clientAddress: context.clientAddress,
            device: context.device,
            limits: { perAccount: config.SIGNIN_FAILURES_PER_ACCOUNT, perAddress: config.SIGNIN_FAILURES_PER_IP },
          }),
      }),
      ...socialAuthProviders(context.brand, config),
    ],
    logger: {
      // A wrong password or a delayed attempt is an expected answer (counted in auth_attempts), not an error.
      error: (error) => {
        if (!(error instanceof CredentialsSignin) && error.name !== 'CredentialsSignin') {
          log('auth').error(`${error.name}: ${error.message}`);
        }
      },
      warn: (code) => log('auth').warn(`Auth.js warning ${code}`),
      debug: () => undefined,
    },
    events: {
      // Signing out ends the session on the server too: its cookie and backend token are refused from now on.
      async signOut(message) {
        const claims = 'token' in message ? parseClaims(message.token) : null;
        if (claims) await endSession((await getDatabase()).db, claims);
      },
    },
    callbacks: {
      // Only this origin: a callbackUrl naming another site sends the visitor home instead.
      redirect: ({ url, baseUrl }) => `${baseUrl}${sameOriginPath(url, new URL(baseUrl), '/')}`,
      async signIn({ user, account, profile }) {
        if (!account || account.type === 'credentials') return true;
        const result = await findOrCreateSocialUser(
          (await getDatabase()).db,
          socialProfileOf(account.provider, account.providerAccountId, profile),
          { applicantSignUp: context.brand.features.applicant, signUp: context.socialSignUp ?? null },
        );
        if (result.kind !== 'user') return `${signInPage}?error=${socialRefusalErrors[result.kind]}`;
        user.id = String(result.userId);
        if (result.created) markSignupStart(user, account.provider);
        return true;
      },
      async jwt({ token, user, account }) {
        const { db } = await getDatabase();
        const secret = getAuthSecret();
        if (user && account) {
          const userId = Number(user.id);
          if (!Number.isInteger(userId)) return null;
          const claims = await claimsForSignIn(db, secret, userId);
          if (!claims) return null;
          await recordSignInSuccess(db, {
            email: claims.email,
            userId,
            clientAddress: context.clientAddress,
            deviceId: context.device?.userId === userId ? context.device.deviceId : null,
          });
          context.onSignIn?.(userId);
          const signupStart = account.type === 'credentials' ? null : signupStartOf(user);
          return toJwt({ ...claims, signupStart });
        }
        const claims = parseClaims(token);
        if (!claims) return null;
        const next = await refreshClaims(db, secret, claims);
        return next ? toJwt(next) : null;
      },
      session({ session, token }) {
        const claims = parseClaims(token);
        if (!claims) return session;
        return {
          ...session,
          user: { ...session.user, id: String(claims.uid), name: claims.name, email: claims.email },
          // SPEC section 3: the session carries the backend token for islands' GraphQL requests.
          jwt: claims.backendToken,
          masquerade: claims.masquerade ? { staffEmail: claims.masquerade.staffEmail } : null,
          // SPEC section 4: the browser sends one signup-start event while this is set.
          signupStart: claims.signupStart ? { method: claims.signupStart.method } : null,
        };
      },
    },
  };
}
