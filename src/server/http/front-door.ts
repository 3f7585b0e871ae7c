/**
 * Our own HTTP server in front of Astro's (the @astrojs/node standalone handler, which also serves the
 * static files). Before Astro sees a request it refuses, with a short translated text, the security
 * headers and one log line:
 *
 * - a method other than GET, HEAD, POST, OPTIONS (405 with Allow; no route needs PUT, PATCH or DELETE);
 * - a request-target that is not a path (400) or longer than 2,000 characters (414);
 * - a Host that is not the public origin's host or a loopback name at the listening port (421), so no
 *   request runs under a name an attacker chose;
 * - a body over the path's limit by its Content-Length (413), or of unknown length where the limit is
 *   small (411), before a byte of it is read (src/server/http/body-limits.ts).
 *
 * Every response, Astro's and the refusals alike, carries the security headers (security-headers.ts);
 * Astro's own Content-Security-Policy of a page replaces the baseline one.
 *
 * Admitted requests for the build's text-like static files are answered from memory with their
 * precompressed siblings (static-assets.ts); everything else goes to Astro, its responses compressed on the
 * way out when the client accepts it (compression.ts).
 *
 * Runs under plain Node (scripts/serve.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Locale } from '../../../brands/types.ts';
import { createTranslator, isSupportedLocale } from '../../i18n/index.ts';
import type { AppConfig } from '../config.ts';
import { log, logUnexpected } from '../log.ts';
import { publicOrigin } from '../public-origin.ts';
import { contactFormBodyBytes, isContactFormPath, maxUploadRequestBytes, smallBodyBytes } from './body-limits.ts';
import { compressResponse } from './compression.ts';
import { admitOneClickUnsubscribe } from './one-click-unsubscribe.ts';
import { securityHeaders } from './security-headers.ts';
import { loadStaticAssets, serveStaticAsset, type StaticAssets } from './static-assets.ts';

export const allowedMethods: readonly string[] = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/** The longest request-target (path and query) accepted, in characters. */
export const maxRequestTargetLength = 2000;

/** How long a refused request's unread body is still read and discarded, so the client sees the answer. */
const lingerMilliseconds = 5000;

export type RefusalStatus = 400 | 405 | 408 | 411 | 413 | 414 | 421 | 431;

export interface Refusal {
  status: RefusalStatus;
  /** For the log: why, in a few words. */
  reason: string;
  /** The body limit that was exceeded (413). */
  limit?: number;
}

/** What the front door looks at: the request line and a few headers, never the body. */
export interface RequestHead {
  method: string;
  target: string;
  host: string | undefined;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
  contentType: string | undefined;
}

/** The Host values a request may carry, as lower-case `hostname:port`. */
export interface HostGate {
  /** The public origin's host. */
  public: string;
  /** The loopback names at the listening port. */
  loopback: ReadonlySet<string>;
  /** The port a Host without one means: the public origin's default port. */
  defaultPort: string;
}

const loopbackHostnames = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The public origin's host, and the loopback names at the listening port: a reverse proxy on the same
 * machine that passes its own upstream address as Host, and health checks, reach the server that way.
 */
export function hostGate(origin: URL, listeningPort: number): HostGate {
  const defaultPort = origin.protocol === 'https:' ? '443' : '80';
  return {
    public: `${origin.hostname.toLowerCase()}:${origin.port || defaultPort}`,
    loopback: new Set(loopbackHostnames.map((hostname) => `${hostname}:${listeningPort}`)),
    defaultPort,
  };
}

const hostPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/** Which admitted name a Host header is, or null for any other (or a malformed) one. */
export function hostKindOf(host: string | undefined, gate: HostGate): 'public' | 'loopback' | null {
  const match = hostPattern.exec(host?.trim() ?? '');
  if (!match) return null;
  const [, hostname = '', port = gate.defaultPort] = match;
  const key = `${hostname.toLowerCase()}:${Number(port)}`;
  if (key === gate.public) return 'public';
  return gate.loopback.has(key) ? 'loopback' : null;
}

/**
 * The largest body a request may have: a GraphQL multipart upload, the contact form posted as multipart
 * with its attachments, or 100 KB for everything else.
 */
export function bodyLimitOf(method: string, path: string, contentType: string | undefined): number {
  const isMultipart = method === 'POST' && /^multipart\/form-data\s*(;|$)/i.test(contentType?.trim() ?? '');
  if (isMultipart && path === '/graphql') return maxUploadRequestBytes;
  if (isMultipart && isContactFormPath(path)) return contactFormBodyBytes;
  return smallBodyBytes;
}

/** Why the front door refuses a request, or null when Astro may have it. */
export function refusalOf(head: RequestHead, gate: HostGate): Refusal | null {
  if (!allowedMethods.includes(head.method)) return { status: 405, reason: 'method not allowed' };
  // Origin-form only: `*` (OPTIONS *) and absolute-form targets are for proxies, not for this server.
  if (!head.target.startsWith('/')) return { status: 400, reason: 'request-target is not a path' };
  if (head.target.length > maxRequestTargetLength) return { status: 414, reason: 'request-target too long' };
  if (hostKindOf(head.host, gate) === null) return { status: 421, reason: 'host is not the public origin' };
  const limit = bodyLimitOf(head.method, pathOf(head.target), head.contentType);
  if (head.contentLength !== undefined) {
    // Node's parser has already refused a Content-Length that is not a number.
    if (Number(head.contentLength) > limit) return { status: 413, reason: 'body too large', limit };
  } else if (head.transferEncoding !== undefined && limit === smallBodyBytes) {
    // A body of unknown length would have to be read to be measured.
    return { status: 411, reason: 'body without length' };
  }
  return null;
}

function pathOf(target: string): string {
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}

/** The language of a refusal: the path's locale prefix, else German (every brand's first locale). */
export function refusalLocaleOf(target: string): Locale {
  const [, first = ''] = pathOf(target).split('/');
  return isSupportedLocale(first) ? first : 'de';
}

const byteUnits = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;

/** The short text a refused client reads: status and reason in the request's language. */
export function refusalText(refusal: Refusal, locale: Locale): string {
  const t = createTranslator(locale);
  const limit = byteUnits(refusal.limit ?? smallBodyBytes);
  return `${refusal.status} ${t(`http.${refusal.status}`, { limit })}\n`;
}

const statusTexts: Record<RefusalStatus, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  411: 'Length Required',
  413: 'Content Too Large',
  414: 'URI Too Long',
  421: 'Misdirected Request',
  431: 'Request Header Fields Too Large',
};

function headOf(request: IncomingMessage): RequestHead {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    method: request.method ?? '',
    target: request.url ?? '',
    host: header('host'),
    contentLength: header('content-length'),
    transferEncoding: header('transfer-encoding'),
    contentType: header('content-type'),
  };
}

/** Log values are clipped: a refused request may be huge on purpose. */
const clip = (value: string | undefined, length = 200) => value?.slice(0, length);

function logRefusal(refusal: Refusal, head: RequestHead | null): void {
  log('front-door').info(
    {
      status: refusal.status,
      reason: refusal.reason,
      method: clip(head?.method, 20),
      target: clip(head?.target),
      host: clip(head?.host),
      contentLength: head?.contentLength,
    },
    'request refused',
  );
}

export interface FrontDoorOptions {
  /** Astro's standalone handler (`handler` of dist/server/entry.mjs). */
  handler: RequestListener;
  config: AppConfig;
  /** The build's text-like static files with their precompressed siblings (none: Astro serves them all). */
  staticAssets?: StaticAssets;
}

/** How long an idle keep-alive connection stays open (announced as `Keep-Alive: timeout=65`). */
export const keepAliveSeconds = 65;

export function createFrontDoor({ handler, config, staticAssets }: FrontDoorOptions): Server {
  const origin = publicOrigin(config);
  const headers = Object.entries(securityHeaders(origin));
  const gate = hostGate(origin, config.PORT);
  const isPublicHttps = origin.protocol === 'https:';

  function refuse(request: IncomingMessage, response: ServerResponse, refusal: Refusal, head: RequestHead): void {
    const text = refusalText(refusal, refusalLocaleOf(head.target));
    response.writeHead(refusal.status, statusTexts[refusal.status], {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'Cache-Control': 'no-store',
      ...(refusal.status === 405 ? { Allow: allowedMethods.join(', ') } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : text);
    logRefusal(refusal, head);
    // Node reads and discards the unread body after the answer, so the client, still sending, gets to read
    // it (closing at once would reset the connection under it); a body that takes too long ends the socket.
    if (!request.complete) {
      const timer = setTimeout(() => request.socket.destroy(), lingerMilliseconds);
      timer.unref();
      request.once('end', () => clearTimeout(timer));
      request.socket.once('close', () => clearTimeout(timer));
    }
  }

  function admit(request: IncomingMessage, response: ServerResponse, head: RequestHead): void {
    if (staticAssets && serveStaticAsset(request, response, staticAssets)) return;
    compressResponse(request, response);
    admitOneClickUnsubscribe(request, origin);
    // Astro takes the request's scheme from the socket alone: behind a TLS-terminating proxy, a request to
    // the public host came over https, which Astro's origin check of form posts has to know.
    Object.defineProperty(request.socket, 'encrypted', {
      value: isPublicHttps && hostKindOf(head.host, gate) === 'public',
      configurable: true,
      writable: true,
    });
    try {
      void Promise.resolve(handler(request, response)).catch((error: unknown) => fail(response, error));
    } catch (error) {
      fail(response, error);
    }
  }

  function fail(response: ServerResponse, error: unknown): void {
    logUnexpected('front-door', 'request handler failed', error);
    if (response.headersSent) response.destroy();
    else {
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('500\n');
    }
  }

  function onRequest(request: IncomingMessage, response: ServerResponse): void {
    for (const [name, value] of headers) response.setHeader(name, value);
    const head = headOf(request);
    const refusal = refusalOf(head, gate);
    if (refusal) refuse(request, response, refusal, head);
    else admit(request, response, head);
  }

  const server = createServer(onRequest);
  // Idle keep-alive connections stay open longer than the clients and proxies in front of us keep theirs
  // (load balancers 60 s, browsers and undici a few seconds): with Node's 5 s, a client reusing a connection
  // just as the server closed it got a reset instead of an answer (seen as ECONNRESET on loaded machines).
  server.keepAliveTimeout = keepAliveSeconds * 1000;
  server.headersTimeout = (keepAliveSeconds + 1) * 1000;

  // `Expect: 100-continue`: a refused client is answered before it sends its body.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    const head = headOf(request);
    const refusal = refusalOf(head, gate);
    if (refusal) {
      response.setHeader('Connection', 'close');
      refuse(request, response, refusal, head);
    } else {
      response.writeContinue();
      admit(request, response, head);
    }
  });

  // CONNECT never reaches the request handler: refuse it like any other method.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const refusal: Refusal = { status: 405, reason: 'method not allowed' };
    writeRaw(socket, refusal, headers, { Allow: allowedMethods.join(', ') });
    logRefusal(refusal, headOf(request));
  });

  // Requests Node's parser refuses (malformed, headers too large, too slow) get the headers too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that hung up (e.g. in the middle of a refused body) has nobody left to read an answer.
    if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status: RefusalStatus =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const refusal: Refusal = { status, reason: `unparsable request (${error.code ?? 'unknown'})` };
    writeRaw(socket, refusal, headers);
    logRefusal(refusal, null);
  });

  return server;
}

/** A refusal written straight to the socket (no request object exists), then the connection ends. */
function writeRaw(
  socket: Duplex,
  refusal: Refusal,
  headers: readonly (readonly [string, string])[],
  extra: Record<string, string> = {},
): void {
  const text = refusalText(refusal, 'de');
  const lines = [
    `HTTP/1.1 ${refusal.status} ${statusTexts[refusal.status]}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    ...Object.entries(extra).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}

/**
 * A listening socket handed over by the parent process (tests bind a port and pass it on, so no other
 * process can take it between choosing and listening): asked for with LISTEN_HANDLE_FROM_PARENT=1.
 */
function handleFromParent(): Promise<object> | null {
  if (process.env.LISTEN_HANDLE_FROM_PARENT !== '1' || !process.send) return null;
  return new Promise((resolve) => {
    process.once('message', (_message: unknown, handle: unknown) => resolve(handle as object));
    process.send?.('listen-handle');
  });
}

/**
 * Starts the front door on HOST:PORT (or the parent's socket) and resolves once it listens; `clientDir` is
 * the build's static folder (dist/client), whose text-like files it serves itself.
 */
export async function startFrontDoor(options: FrontDoorOptions & { clientDir?: string }): Promise<Server> {
  const staticAssets = options.clientDir === undefined ? undefined : await loadStaticAssets(options.clientDir);
  const server = createFrontDoor({ ...options, staticAssets });
  const { HOST, PORT } = options.config;
  const inherited = handleFromParent();
  const handle = inherited && (await inherited);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const listening = () => {
      server.off('error', reject);
      resolve();
    };
    if (handle) server.listen(handle, listening);
    else server.listen(PORT, HOST, listening);
  });
  if (process.env.LISTEN_HANDLE_FROM_PARENT === '1') process.disconnect?.();
  log('front-door').info({ host: HOST, port: PORT, origin: publicOrigin(options.config).origin }, 'listening');
  return server;
}
