/**
 * The session cookie, chunked at SPEC section 9's 3933 characters. Auth.js (@auth/core 0.41) chunks at a
 * fixed 3936 characters (ALLOWED_COOKIE_SIZE 4096 minus an estimated 160; not configurable), so every
 * Auth.js response passes through `rechunkSessionCookies`. Reading needs no change: Auth.js joins every
 * cookie named `<name>` or `<name>.<n>` in suffix order, whatever the chunk size — `joinSessionChunks` does
 * the same for the middleware.
 */

/** SPEC section 9. */
export const sessionCookieChunkSize = 3933;

export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}authjs.session-token`;
}

export function csrfCookieName(secure: boolean): string {
  return `${secure ? '__Host-' : ''}authjs.csrf-token`;
}

export function callbackUrlCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}authjs.callback-url`;
}

/** The known-device cookie (src/server/auth/device-cookie.ts). */
export function deviceCookieName(secure: boolean): string {
  return `${secure ? '__Host-' : ''}jobboard.device`;
}

interface CookieChunk {
  name: string;
  value: string;
}

/** `<name>` for a value that fits, else `<name>.0`, `<name>.1`, … of at most `size` characters each. */
export function chunkCookieValue(name: string, value: string, size = sessionCookieChunkSize): CookieChunk[] {
  if (value.length <= size) return [{ name, value }];
  const chunks: CookieChunk[] = [];
  for (let index = 0; index * size < value.length; index++) {
    chunks.push({ name: `${name}.${index}`, value: value.slice(index * size, (index + 1) * size) });
  }
  return chunks;
}

/** The chunk's position: 0 for the unchunked cookie, n for `<name>.n`; null for other cookies. */
function chunkIndex(cookieName: string, name: string): number | null {
  if (cookieName === name) return 0;
  if (!cookieName.startsWith(`${name}.`)) return null;
  const suffix = cookieName.slice(name.length + 1);
  return /^\d+$/.test(suffix) ? Number(suffix) : null;
}

/** The session value from a request's cookies: the chunks joined in order, or undefined when absent. */
export function joinSessionChunks(cookies: Record<string, string | undefined>, name: string): string | undefined {
  const parts = Object.entries(cookies)
    .flatMap(([cookieName, value]) => {
      const index = chunkIndex(cookieName, name);
      return index === null || !value ? [] : [{ index, value }];
    })
    .sort((a, b) => a.index - b.index);
  return parts.length === 0 ? undefined : parts.map((part) => part.value).join('');
}

/** Parses a Cookie request header (values URL-decoded where they were encoded). */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!name || name in cookies) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

interface SetCookie {
  name: string;
  value: string;
  /** Everything after the first `;`, e.g. "Path=/; HttpOnly; SameSite=Lax". */
  attributes: string;
  raw: string;
}

function parseSetCookie(raw: string): SetCookie {
  const separator = raw.indexOf(';');
  const pair = separator < 0 ? raw : raw.slice(0, separator);
  const equals = pair.indexOf('=');
  return {
    name: pair.slice(0, equals).trim(),
    value: pair.slice(equals + 1).trim(),
    attributes: separator < 0 ? '' : raw.slice(separator + 1).trim(),
    raw,
  };
}

function expiredAttributes(attributes: string): string {
  const kept = attributes
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !/^(expires|max-age)=/i.test(part));
  return [...kept, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'].join('; ');
}

/**
 * Rewrites a response's Set-Cookie list so the session cookie is chunked at `size`: the session chunks the
 * response sets are joined and split again; every session cookie the request or the response had that the
 * new split does not use is expired, so no stale chunk can be joined into the next request's value.
 */
export function rechunkSessionCookies(
  setCookies: readonly string[],
  name: string,
  requestCookieNames: readonly string[],
  size = sessionCookieChunkSize,
): string[] {
  const parsed = setCookies.map(parseSetCookie);
  const session = parsed.filter((cookie) => chunkIndex(cookie.name, name) !== null);
  const live = session
    .filter((cookie) => cookie.value !== '')
    .sort((a, b) => (chunkIndex(a.name, name) ?? 0) - (chunkIndex(b.name, name) ?? 0));
  const [first] = live;
  if (!first) return [...setCookies];
  const value = live.map((cookie) => cookie.value).join('');
  const chunks = chunkCookieValue(name, value, size);
  const used = new Set(chunks.map((chunk) => chunk.name));
  const stale = new Set(
    [
      ...session.map((cookie) => cookie.name),
      ...requestCookieNames.filter((cookie) => chunkIndex(cookie, name) !== null),
    ].filter((cookieName) => !used.has(cookieName)),
  );
  return [
    ...parsed.filter((cookie) => chunkIndex(cookie.name, name) === null).map((cookie) => cookie.raw),
    ...chunks.map((chunk) => `${chunk.name}=${chunk.value}; ${first.attributes}`),
    ...[...stale].map((cookieName) => `${cookieName}=; ${expiredAttributes(first.attributes)}`),
  ];
}

/** Set-Cookie values that end the session: every session chunk the request carried is expired. */
export function clearSessionCookies(requestCookieNames: readonly string[], name: string, secure: boolean): string[] {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return requestCookieNames
    .filter((cookieName) => chunkIndex(cookieName, name) !== null)
    .map((cookieName) => `${cookieName}=; ${expiredAttributes(attributes)}`);
}
