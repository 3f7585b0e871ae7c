import { eq } from 'drizzle-orm';
import { brands, type Brand, type Locale } from '../../../brands/index.ts';
import { FRONTEND_HEADER, parseFrontendHeader, VISUAL_EDITOR_HEADER } from '../../lib/backend-client/index.ts';
import { verifyBackendToken } from '../auth/backend-token.ts';
import { readSessionCookie } from '../auth/page-session.ts';
import { canMasqueradeAs } from '../../lib/roles.ts';
import { anonymousViewer, type Viewer } from '../auth/viewer.ts';
import type { Database } from '../db/index.ts';
import { authSessions } from '../db/schema/auth.ts';
import { refusedRequest } from '../errors.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/**
 * What the caller of the GraphQL server's `fetch` hands over beside the request (yoga's server context):
 * POST /graphql the connection's client address, the site's in-process client the visitor's address and
 * what the visitor's Auth.js session says beyond the token. Never read from the HTTP request (no header), so
 * no client can claim it; a separate backend (BACKEND_URL) does not receive it.
 */
export interface ServerContext {
  clientAddress?: string | null;
  /** The signup-start flag of the visitor's Auth.js session (SPEC section 4), which only the site knows. */
  signupStart?: { method: string } | null;
}

/** The sign-in session a bearer token belongs to (auth_sessions), and the staff member behind a masquerade. */
export interface TokenSession {
  id: string;
  actorUserId: number | null;
}

/** Everything a resolver may use; built once per request. */
export interface GraphQLContext {
  db: Database;
  viewer: Viewer;
  /** The bearer token's session; null for anonymous requests. */
  session: TokenSession | null;
  /** The client's address for rate limits and audit rows (ServerContext); null when unknown. */
  clientAddress: string | null;
  /** The signup-start flag of the site visitor's session (ServerContext); null from other clients. */
  signupStart: { method: string } | null;
  /** The brand and language named by the `frontend` header (the server's own brand otherwise). */
  brand: Brand;
  locale: Locale;
  visualEditor: boolean;
  /** Per-request DataLoaders: batching and caching live exactly as long as one request. */
  loaders: Loaders;
  /** Signs backend tokens, for the resolvers that open a session (a password change, a masquerade). */
  authSecret: Uint8Array;
}

export interface ContextDependencies {
  db: Database;
  defaultBrand: Brand;
  authSecret: Uint8Array;
}

function frontendOf(request: Request, defaultBrand: Brand): { brand: Brand; locale: Locale } {
  const parsed = parseFrontendHeader(request.headers.get(FRONTEND_HEADER) ?? '');
  const brand = parsed && parsed.name in brands ? brands[parsed.name as keyof typeof brands] : defaultBrand;
  const locale = brand.locales.find((candidate) => candidate === parsed?.locale) ?? brand.locales[0];
  return { brand, locale };
}

/** A bearer token refused: the whole request answers 401 (errors.ts), so the site can sign the visitor out. */
const refused = (message: string) => refusedRequest('UNAUTHENTICATED', message);

/**
 * The viewer a backend token names, or why it is refused: a token that is forged, expired, older than the
 * user's not-before time, of a session that was signed out (revoked or unknown in auth_sessions) or that
 * names a user who no longer exists. One query answers all of it (user, roles, session) on every signed-in
 * request; a masquerade token asks once more for the staff member's roles.
 */
export async function viewerOfToken(
  db: Database,
  secret: Uint8Array,
  token: string,
): Promise<{ viewer: Viewer; session: TokenSession } | { refusal: string }> {
  const claims = await verifyBackendToken(secret, token);
  if (!claims) return { refusal: 'Your session has expired. Please sign in again.' };
  const rows = await db
    .select({
      id: users.id,
      tokensNotBefore: users.tokensNotBefore,
      role: userRoles.role,
      sessionId: authSessions.id,
      sessionRevokedAt: authSessions.revokedAt,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(authSessions, eq(authSessions.id, claims.sessionId))
    .where(eq(users.id, claims.userId));
  const user = rows[0];
  if (!user) return { refusal: 'This account no longer exists. Sign in again.' };
  const ended =
    user.sessionId === null ||
    user.sessionRevokedAt !== null ||
    (user.tokensNotBefore !== null && claims.issuedAt * 1000 < user.tokensNotBefore.getTime());
  if (ended) return { refusal: 'Your session has ended. Please sign in again.' };
  // Roles come from the database, not the token: a revoked role ends at once, not when the token expires.
  const roles = rows.flatMap((row) => (row.role ? [row.role] : []));
  if (claims.actorUserId !== null) {
    // A masquerade holds only while the staff member still ranks above the user (src/server/auth/viewer.ts).
    const actorRoles = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, claims.actorUserId));
    const staffRoles = actorRoles.map((row) => row.role);
    if (!canMasqueradeAs(staffRoles, roles)) return { refusal: 'Your session has ended. Please sign in again.' };
  }
  return { viewer: { userId: user.id, roles }, session: { id: claims.sessionId, actorUserId: claims.actorUserId } };
}

/**
 * The viewer behind a bearer token and its session. A refused token is refused outright (401), so the site
 * can send the visitor to sign-out.
 */
async function viewerOf(
  request: Request,
  db: Database,
  secret: Uint8Array,
): Promise<{ viewer: Viewer; session: TokenSession | null }> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return { viewer: anonymousViewer, session: null };
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token) throw refused('The Authorization header must be "Bearer <token>".');
  const result = await viewerOfToken(db, secret, token);
  if ('refusal' in result) throw refused(result.refusal);
  return result;
}

/**
 * The viewer behind a request's session cookie, for the endpoints that serve what GraphQL cannot carry
 * (file downloads): the same token checks as a bearer token; no or a refused session is anonymous.
 */
export async function sessionViewerOf(request: Request, db: Database, secret: Uint8Array): Promise<Viewer> {
  const { claims } = await readSessionCookie(request);
  if (!claims) return anonymousViewer;
  const result = await viewerOfToken(db, secret, claims.backendToken);
  return 'viewer' in result ? result.viewer : anonymousViewer;
}

export async function createContext(
  request: Request,
  dependencies: ContextDependencies,
  server: ServerContext = {},
): Promise<GraphQLContext> {
  const { db } = dependencies;
  return {
    db,
    ...(await viewerOf(request, db, dependencies.authSecret)),
    clientAddress: server.clientAddress ?? null,
    signupStart: server.signupStart ?? null,
    ...frontendOf(request, dependencies.defaultBrand),
    visualEditor: request.headers.get(VISUAL_EDITOR_HEADER) === 'true',
    loaders: createLoaders(db),
    authSecret: dependencies.authSecret,
  };
}
