/**
 * An HTTP client that behaves like a browser for the auth flows: it keeps cookies (Set-Cookie in, Cookie
 * out, expired ones removed), sends the page's Origin on POST (Astro's checkOrigin) and never follows
 * redirects, so tests see every Location. With `localAddress` (e.g. 127.0.0.2, any of loopback's 127/8) it
 * connects from that address, so the server sees another client address.
 */
import { request as httpRequest } from 'node:http';

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
  raw: string;
}

export function parseSetCookie(raw: string): SetCookie {
  const [pair = '', ...attributes] = raw.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  return { name: pair.slice(0, equals), value: pair.slice(equals + 1), attributes, raw };
}

const hasAttribute = (cookie: SetCookie, name: string) =>
  cookie.attributes.some((attribute) => attribute.toLowerCase() === name.toLowerCase());

export const isHttpOnly = (cookie: SetCookie) => hasAttribute(cookie, 'HttpOnly');
export const isSecure = (cookie: SetCookie) => hasAttribute(cookie, 'Secure');
export const sameSiteOf = (cookie: SetCookie) =>
  cookie.attributes
    .find((attribute) => /^samesite=/i.test(attribute))
    ?.split('=')[1]
    ?.toLowerCase();

function isExpired(cookie: SetCookie): boolean {
  return cookie.attributes.some(
    (attribute) =>
      /^max-age=(0|-\d+)$/i.test(attribute) ||
      (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()),
  );
}

/** One request through node:http from a chosen local address (fetch cannot bind one). */
function requestFrom(
  localAddress: string,
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            headers.append(name, item);
          }
        }
        const status = response.statusCode ?? 500;
        const body = [204, 304].includes(status) ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers }));
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

export class BrowserSession {
  readonly cookies = new Map<string, string>();
  readonly origin: string;
  readonly localAddress: string | undefined;

  constructor(origin: string, options: { localAddress?: string } = {}) {
    this.origin = origin;
    this.localAddress = options.localAddress;
  }

  private send(
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<Response> {
    const url = new URL(path, this.origin);
    if (this.localAddress) return requestFrom(this.localAddress, url, init);
    return fetch(url, { ...init, redirect: 'manual' });
  }

  private remember(response: Response): void {
    for (const raw of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(raw);
      if (cookie.value === '' || isExpired(cookie)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.send(path, { method: 'GET', headers: { cookie: this.cookieHeader(), ...headers } });
    this.remember(response);
    return response;
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.send(path, {
      method: 'POST',
      headers: {
        origin: this.origin,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: this.cookieHeader(),
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    });
    this.remember(response);
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.get('/api/auth/csrf');
    const body = (await response.json()) as { csrfToken: string };
    return body.csrfToken;
  }

  /** The hidden csrfToken of the form on a page. */
  async pageCsrfToken(path: string): Promise<string> {
    const html = await (await this.get(path)).text();
    const token = /name="csrfToken" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`no csrfToken on ${path}`);
    return token;
  }

  /** Signs in through the credentials callback; resolves with the callback's redirect response. */
  async signIn(email: string, password: string, callbackUrl = '/'): Promise<Response> {
    const csrfToken = await this.csrfToken();
    return this.post('/api/auth/callback/credentials', { csrfToken, email, password, callbackUrl });
  }

  async session(): Promise<{ user: { id: string; email: string; name: string }; jwt: string } | null> {
    const response = await this.get('/api/auth/session');
    return (await response.json()) as { user: { id: string; email: string; name: string }; jwt: string } | null;
  }
}

/** The Location of a redirect, resolved against the origin (path + query when it is on that origin). */
export function locationOf(response: Response, origin: string): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`no Location (status ${response.status})`);
  const url = new URL(location, origin);
  return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}` : url.href;
}
