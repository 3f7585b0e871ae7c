/**
 * Compression of responses in the front door (decision 0011 follow-up, issue 12): brotli or gzip, chosen
 * by the request's Accept-Encoding with its q-values, for text-like types (HTML, JSON, JavaScript, CSS,
 * SVG, XML) of at least 1 KB. Static files are compressed at build time (precompress.ts) and served by
 * static-assets.ts; everything else Astro answers is compressed on the fly by `compressResponse`.
 *
 * Never compressed: event streams, types that are compressed already (images, fonts, archives), HEAD bodies
 * (the headers say what a GET would get), 204, 206 and 304, responses that carry a Content-Encoding or
 * `Cache-Control: no-transform`.
 *
 * Runs under plain Node (scripts/serve.mjs, astro.config.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';

/** The content codings we produce, in the order we prefer them when a client accepts several alike. */
export const contentCodings = ['br', 'gzip'] as const;
export type ContentCoding = (typeof contentCodings)[number];

/** Smaller bodies are sent as they are: the codings' framing would eat most of the saving. */
export const compressionThresholdBytes = 1024;

/** The file name suffix of a precompressed sibling (`app.js.br`, `app.js.gz`). */
export const codingFileSuffixes: Readonly<Record<ContentCoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * Content types by file extension, for the static files this server compresses (the build precompresses
 * exactly these, static-assets.ts serves them with this type).
 */
export const compressibleFileTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Whether a response of this Content-Type is worth compressing: text (but no event stream), JSON, XML,
 * JavaScript and SVG. Images, fonts, archives and unknown types are not.
 */
export function isCompressibleType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  return (
    type === 'application/javascript' ||
    type === 'application/json' ||
    type === 'application/xml' ||
    type === 'image/svg+xml' ||
    /^application\/[a-z0-9.+-]+\+(json|xml)$/.test(type)
  );
}

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 section 12.5.3), or null for the body as it is:
 * the acceptable offered coding with the highest q-value, `br` before `gzip` on a tie, none when the client
 * wants identity more. No header means no compression (browsers always send one; simple clients may not
 * understand a coding); `*` stands for every coding not named; `q=0` refuses one.
 */
export function negotiateContentCoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentCoding[] = contentCodings,
): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(parameter);
      if (match) weight = Math.min(1, Number(match[1]));
    }
    // x-gzip is gzip's old name (RFC 9110 section 8.4.1.3).
    const key = name === 'x-gzip' ? 'gzip' : name;
    weights.set(key, Math.max(weights.get(key) ?? 0, weight));
  }
  const wildcard = weights.get('*');
  // Identity is acceptable unless refused; not named, it ranks with the least wanted coding named (as the
  // `negotiator` package has it), so `gzip;q=0.5` still means gzip.
  const implicitIdentity = weights.size === 0 ? 1 : Math.min(...weights.values());
  const weightOf = (coding: string) =>
    weights.get(coding) ?? wildcard ?? (coding === 'identity' ? implicitIdentity : 0);
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  // A client that names identity above every offered coding gets the body as it is.
  return best !== null && bestWeight >= weightOf('identity') ? best : null;
}

/** A strong entity tag made weak: the compressed body is not byte-for-byte the one the tag was made for. */
export function weakEntityTag(entityTag: string): string {
  return entityTag.startsWith('W/') ? entityTag : `W/${entityTag}`;
}

/** Appends `Accept-Encoding` to the response's Vary header unless it is there already (or is `*`). */
export function varyOnAcceptEncoding(response: ServerResponse): void {
  const current = response.getHeader('Vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  response.setHeader('Vary', [...values, 'Accept-Encoding'].join(', '));
}

/** Brotli settings for responses made on the fly: fast (the static files get the strongest at build time). */
const dynamicBrotliParams = (sizeHint: number | undefined) => ({
  // Quality 2 makes pages about as small as gzip -6 does, at a third of its CPU on /jobs; quality 4 saves
  // another 6–9 % but cost the home page 19 % of its requests per second instead of 5 % (decision 0011).
  // 11 is for build time.
  [constants.BROTLI_PARAM_QUALITY]: 2,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  // A 1 MB window instead of 4 MB: less to allocate for every response, no loss on pages.
  [constants.BROTLI_PARAM_LGWIN]: 20,
  ...(sizeHint === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
});

/** The whole body compressed at once (no stream, no worker thread round trips: a page takes well under 1 ms). */
export function compressWhole(coding: ContentCoding, body: Buffer): Buffer {
  return coding === 'gzip'
    ? gzipSync(body, { level: 6 })
    : brotliCompressSync(body, { params: dynamicBrotliParams(body.length) });
}

/** A compressor for a body too large to hold: it streams. */
function createCompressor(coding: ContentCoding): BrotliCompress | Gzip {
  return coding === 'gzip'
    ? createGzip({ level: 6 })
    : createBrotliCompress({ params: dynamicBrotliParams(undefined) });
}

/**
 * A compressible body is held up to this size: most pages fit, and are then compressed at once and sent
 * with their length; a larger one is compressed as it streams.
 */
const holdLimitBytes = 128 * 1024;

type WriteCallback = (error?: Error | null) => void;

const toBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      : Buffer.from(String(chunk), encoding);

/**
 * Compresses what the rest of the server writes to `response`, when the request, the status, the type and
 * the size allow (see the module comment). The status line and headers of a compressible response are held
 * back with its body, up to 128 KB or its end, so the decision knows the size: then Content-Encoding is
 * set, a strong ETag weakened, and the body compressed at once and sent with its Content-Length (or, past
 * 128 KB, compressed as it streams). Every other response goes out as it is written, unheld. Every
 * compressible response gets `Vary: Accept-Encoding`, whether this client got it compressed or not.
 */
export function compressResponse(request: IncomingMessage, response: ServerResponse): void {
  const acceptEncoding = request.headers['accept-encoding'];
  const coding = negotiateContentCoding(Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding);
  const isHead = request.method === 'HEAD';
  const original = {
    writeHead: response.writeHead.bind(response) as (status: number) => void,
    write: response.write.bind(response) as (chunk: Buffer, callback?: WriteCallback) => boolean,
    end: response.end.bind(response) as (callback?: () => void) => void,
  };
  let decided = false;
  let headHeld = false;
  let compressor: BrotliCompress | Gzip | null = null;
  let held: { chunk: Buffer; callback?: WriteCallback }[] = [];
  let heldBytes = 0;

  const hasBody = () => response.statusCode >= 200 && ![204, 206, 304].includes(response.statusCode);
  // Set by the sender (a coded body) or refused by it (no-transform): not ours to change.
  const isUntouchable = () =>
    response.hasHeader('Content-Encoding') ||
    /\bno-transform\b/i.test(String(response.getHeader('Cache-Control') ?? ''));
  const isCompressible = () => {
    const contentType = response.getHeader('Content-Type');
    return (
      hasBody() && !isUntouchable() && isCompressibleType(typeof contentType === 'string' ? contentType : undefined)
    );
  };

  /**
   * Whether the held chunks are the whole body. Node drops the body of a HEAD response, but one written
   * anyway (Astro renders the page) is treated as a GET's, so HEAD gets the same headers, length included;
   * a HEAD without one gets the coding a large GET would, without a length.
   */
  const isBodyKnown = (complete: boolean) => complete && (heldBytes > 0 || !isHead);

  function decide(complete: boolean, { asIs = false } = {}): void {
    decided = true;
    if (response.statusCode === 304 && !isUntouchable()) {
      // The 200 this stands for varies by Accept-Encoding; its tag was weakened if it was compressed.
      varyOnAcceptEncoding(response);
      const entityTag = response.getHeader('ETag');
      if (coding !== null && typeof entityTag === 'string') response.setHeader('ETag', weakEntityTag(entityTag));
    }
    if (isCompressible()) {
      varyOnAcceptEncoding(response);
      const declaredLength = Number(response.getHeader('Content-Length') ?? Number.NaN);
      const length = isBodyKnown(complete) ? heldBytes : Number.isFinite(declaredLength) ? declaredLength : undefined;
      // Unknown: a body streaming past the hold limit, or a HEAD without one, which gets what a GET would.
      const isLargeEnough = length === undefined || length >= compressionThresholdBytes;
      if (coding !== null && isLargeEnough && !asIs) {
        response.setHeader('Content-Encoding', coding);
        response.removeHeader('Content-Length');
        const entityTag = response.getHeader('ETag');
        if (typeof entityTag === 'string') response.setHeader('ETag', weakEntityTag(entityTag));
        if (isBodyKnown(complete)) {
          const callbacks = held.flatMap(({ callback }) => (callback ? [callback] : []));
          const body = compressWhole(
            coding,
            Buffer.concat(
              held.map(({ chunk }) => chunk),
              heldBytes,
            ),
          );
          held = [{ chunk: body, callback: (error) => callbacks.forEach((callback) => callback(error)) }];
          heldBytes = body.length;
        } else if (!complete) compressor = startCompressor(coding);
      }
    }
    // A whole body sent uncoded or coded at once gets its length (instead of chunked transfer coding).
    if (isBodyKnown(complete) && !compressor && hasBody() && !response.hasHeader('Content-Length')) {
      response.setHeader('Content-Length', heldBytes);
    }
    if (headHeld) original.writeHead(response.statusCode);
    for (const { chunk, callback } of held.splice(0)) send(chunk, callback);
  }

  function startCompressor(chosen: ContentCoding): BrotliCompress | Gzip {
    const stream = createCompressor(chosen);
    stream.on('data', (chunk: Buffer) => {
      if (!original.write(chunk)) {
        stream.pause();
        response.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => original.end());
    stream.on('error', (error) => response.destroy(error));
    // A client that goes away stops the compression.
    response.once('close', () => stream.destroy());
    return stream;
  }

  function send(chunk: Buffer, callback?: WriteCallback): boolean {
    return compressor ? compressor.write(chunk, callback) : original.write(chunk, callback);
  }

  function finish(callback?: () => void): void {
    if (compressor) {
      if (callback) response.once('finish', callback);
      compressor.end();
    } else original.end(callback);
  }

  // Astro's adapter sets the status and headers in one writeHead call before the body: hold it back, with its
  // headers applied to the response, until the decision.
  response.writeHead = function writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | unknown[],
    headers?: OutgoingHttpHeaders | unknown[],
  ): ServerResponse {
    const [reason, fields] =
      typeof reasonOrHeaders === 'string' ? [reasonOrHeaders, headers] : [undefined, reasonOrHeaders];
    response.statusCode = statusCode;
    if (reason !== undefined) response.statusMessage = reason;
    if (Array.isArray(fields)) {
      for (let index = 0; index + 1 < fields.length; index += 2) {
        response.setHeader(String(fields[index]), fields[index + 1] as string);
      }
    } else if (fields) {
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) response.setHeader(name, value);
    }
    if (decided) original.writeHead(statusCode);
    else headHeld = true;
    return response;
  };

  response.write = function write(
    chunk: unknown,
    encodingOrCallback?: BufferEncoding | WriteCallback,
    callback?: WriteCallback,
  ): boolean {
    const encoding = typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined;
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    const buffer = toBuffer(chunk, encoding);
    if (decided) return send(buffer, done);
    held.push({ chunk: buffer, callback: done });
    heldBytes += buffer.length;
    // A writer that waits for its chunk to go out (Astro's error path, which destroys the response in the
    // callback) gets it sent at once and as it is: a compressor would still hold it when the socket goes.
    if (done !== undefined) decide(false, { asIs: true });
    // Nothing to decide on for the rest (event streams among them): they go out as they are written.
    else if (!isCompressible() || heldBytes >= holdLimitBytes) decide(false);
    return true;
  } as ServerResponse['write'];

  response.end = function end(
    chunkOrCallback?: unknown,
    encodingOrCallback?: BufferEncoding | (() => void),
    callback?: () => void,
  ): ServerResponse {
    let chunk: unknown = chunkOrCallback;
    let done = callback;
    if (typeof chunkOrCallback === 'function') {
      chunk = undefined;
      done = chunkOrCallback as () => void;
    } else if (typeof encodingOrCallback === 'function') done = encodingOrCallback;
    const encoding = typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined;
    if (chunk !== undefined && chunk !== null) {
      const buffer = toBuffer(chunk, encoding);
      if (decided) send(buffer);
      else {
        held.push({ chunk: buffer });
        heldBytes += buffer.length;
      }
    }
    if (!decided) decide(true);
    finish(done);
    return response;
  } as ServerResponse['end'];
}
