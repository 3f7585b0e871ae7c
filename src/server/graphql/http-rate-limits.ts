import { getConfig } from '../config.ts';
import { verifyBackendToken } from '../auth/backend-token.ts';
import { getAuthSecret } from '../auth/secret.ts';
import { clientKeyOf, enforceRequestRate, type RateLimit } from '../limits/request-rate.ts';

/** The user named by a valid bearer token, or null (the GraphQL context refuses invalid ones later). */
async function tokenUserId(request: Request): Promise<number | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return null;
  return (await verifyBackendToken(getAuthSecret(), token))?.userId ?? null;
}

/**
 * The rate limits of a request to POST /graphql from outside (the pages' in-process calls never come
 * here): every request per client address and minute, multipart uploads also per user and hour. Checked
 * before the body is read. The 429 response when a limit is exceeded, null when the request may go on.
 */
export async function limitGraphQLRequest(request: Request, clientAddress: string | null): Promise<Response | null> {
  if (request.method === 'OPTIONS') return null;
  const settings = getConfig();
  const client = clientKeyOf(clientAddress);
  const limits: RateLimit[] = [
    { key: `graphql:ip:${client}`, max: settings.RATE_LIMIT_GRAPHQL_PER_MINUTE, windowSeconds: 60 },
  ];
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/')) {
    const userId = await tokenUserId(request);
    limits.push({
      key: userId === null ? `upload:ip:${client}` : `upload:user:${String(userId)}`,
      max: settings.RATE_LIMIT_UPLOADS_PER_HOUR,
      windowSeconds: 60 * 60,
    });
  }
  return enforceRequestRate(request, limits);
}
