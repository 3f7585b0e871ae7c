/**
 * The job index once per machine (docs/scaling.md, decision 0031): a search process holds the in-memory
 * index of job-index.ts and answers the web workers' searches over a Unix socket, so that a board too large
 * for a copy in every worker (SEARCH_INDEX_MAX_JOBS) still searches from memory, and the copy is built once
 * per change instead of once per worker.
 *
 * The process (scripts/search-service.mjs, started by PM2 beside the workers) asks the database for its
 * revision before every answer, as a worker's own copy does: a search never sees a copy older than the
 * writes committed before it. While its copy is not current, or the process is down, slow or gone, the
 * worker's next engine answers (SQL): the service is a cache, never the only way to an answer. A worker
 * with a service builds no copy of its own, so its memory does not grow with the board.
 *
 * Wire: newline-delimited JSON on a socket only this machine's user can open (mode 0600). A request is
 * `{"id":n,"query":…}` (a search), `{"id":n,"categories":{"brandId","slugs"}}` (the home page's counts per
 * job category, count-job-categories.ts) or `{"id":n,"similar":{"jobId","brandId","limit"}}` (a job page's
 * similar jobs, similar-jobs-index.ts), an answer `{"id":n,"result":…|null}`. Frames are bounded
 * (`maxFrameBytes`) and a request waits at most `timeoutMs` for its answer.
 */
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import type { Locale } from '../../../brands/index.ts';
import { jobFacetFields } from '../../lib/search/vocabulary.ts';
import { getConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import { log, logUnexpected } from '../log.ts';
import type { EngineQuery, SearchEngine } from './engine.ts';
import { FacetSelection } from './facets.ts';
import { currentJobIndex } from './job-index.ts';
import { hasPhrase, type JobFilter } from './job-filter.ts';
import { countCategoriesInIndex, searchIndex } from './search-index.ts';
import { similarJobIdsFromIndex } from './similar-jobs-index.ts';
import type { JobFacetField, JobSearchHit, JobSearchResult } from './types.ts';

/** The machine's search process: `override` when given (tests; null for none), else SEARCH_SERVICE_SOCKET. */
export function searchServiceSocket(override?: string | null): string | undefined {
  return (override === undefined ? getConfig().SEARCH_SERVICE_SOCKET : override) ?? undefined;
}

/** A request or an answer larger than this closes the connection (queries are a few KB, answers ~10 KB). */
export const maxFrameBytes = 1024 * 1024;
/** A search the service has not answered by then is answered by the next engine. */
export const defaultTimeoutMs = 2000;
/** After a failed connection, the workers do not try again for this long (the next engine answers). */
const reconnectAfterMs = 5000;

/** An EngineQuery as JSON: the facet selection as its values, the digest window as milliseconds. */
interface WireQuery {
  filter: Omit<JobFilter, 'published'> & { published: { after: number; until: number } | null };
  selections: Partial<Record<JobFacetField, number[]>>;
  byRank: boolean;
  page: number;
  pageSize: number;
  locale: Locale;
  facetValueLimit: number;
}

type WireRequest =
  { query: WireQuery } | { categories: { brandId: string; slugs: string[] } } | { similar: SimilarJobsRequest };

interface SimilarJobsRequest {
  jobId: number;
  brandId: string;
  limit: number;
}

function toWire(query: EngineQuery<JobFilter, JobFacetField>): WireQuery {
  const { published } = query.filter;
  return {
    filter: {
      ...query.filter,
      published: published && { after: published.after.getTime(), until: published.until.getTime() },
    },
    selections: Object.fromEntries(query.facets.selected.map((field) => [field, [...query.facets.values(field)]])),
    byRank: query.byRank,
    page: query.page,
    pageSize: query.pageSize,
    locale: query.locale,
    facetValueLimit: query.facetValueLimit,
  };
}

function fromWire(wire: WireQuery): EngineQuery<JobFilter, JobFacetField> {
  const { published } = wire.filter;
  return {
    filter: {
      ...wire.filter,
      published: published && { after: new Date(published.after), until: new Date(published.until) },
    },
    facets: new FacetSelection(jobFacetFields, wire.selections),
    byRank: wire.byRank,
    page: wire.page,
    pageSize: wire.pageSize,
    locale: wire.locale,
    facetValueLimit: wire.facetValueLimit,
  };
}

/** Splits a stream into lines; false (and nothing more read) once a line is longer than `maxFrameBytes`. */
function lineReader(onLine: (line: string) => void): (chunk: Buffer) => boolean {
  let pending = '';
  // A character's bytes may arrive in two chunks (an umlaut in a facet label): decoded across them.
  const decoder = new StringDecoder('utf8');
  return (chunk) => {
    pending += decoder.write(chunk);
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.length > 0) onLine(line);
    }
    return pending.length <= maxFrameBytes;
  };
}

export interface JobSearchService {
  close(): Promise<void>;
}

/**
 * Serves searches from the index of `db` on `socketPath` and starts building it. Refuses a path another
 * process is listening on; removes a socket file left by a process that ended.
 */
export async function startJobSearchService(options: {
  db: Database;
  socketPath: string;
  /** More published jobs than this and the service holds no copy (every answer null). */
  maxJobs: number;
  /**
   * More published jobs than this and similar jobs are left to the database (null): the copy gathers every
   * job of the job's fields (tens of thousands at a million jobs, 10–30 ms on the service's one thread),
   * where the database walks its nearest places (list-similar-jobs.ts). SEARCH_INDEX_MAX_JOBS.
   */
  similarMaxJobs: number;
}): Promise<JobSearchService> {
  const { db, socketPath, maxJobs, similarMaxJobs } = options;
  if (await answers(socketPath)) throw new Error(`another search service listens on ${socketPath}`);
  await rm(socketPath, { force: true });

  const answer = async (request: WireRequest): Promise<JobSearchResult | number[] | null> => {
    const index = await currentJobIndex(db, { maxJobs });
    if (!index) return null;
    if ('similar' in request) {
      if (index.size - index.removedCount > similarMaxJobs) return null;
      const { jobId, brandId, limit } = request.similar;
      return similarJobIdsFromIndex(index, { jobId, brandId, limit: Math.min(limit, 10), now: Date.now() });
    }
    if ('categories' in request) {
      const { brandId, slugs } = request.categories;
      return countCategoriesInIndex(index, brandId, slugs.slice(0, 31), Date.now());
    }
    return searchIndex(index, fromWire(request.query), Date.now());
  };
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    const read = lineReader((line) => {
      let request: WireRequest & { id: unknown };
      try {
        request = JSON.parse(line) as WireRequest & { id: unknown };
      } catch {
        socket.destroy();
        return;
      }
      const { id } = request;
      void answer(request)
        .catch((error: unknown) => {
          logUnexpected('search', 'the search service could not answer; the worker searches without it', error);
          return null;
        })
        .then((result) => {
          if (!socket.destroyed) socket.write(`${JSON.stringify({ id, result })}\n`);
        });
    });
    socket.on('data', (chunk: Buffer) => {
      if (!read(chunk)) socket.destroy();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  // The first copy now, not at the first search.
  void currentJobIndex(db, { maxJobs }).catch(() => null);
  log('search').info(`search service listening on ${socketPath}`);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        // The workers keep their connections open: end them, or the server never closes.
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

/** Whether a process listens on the socket (a left-over file of an ended one does not). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

interface Connection {
  socket: Socket | null;
  nextId: number;
  pending: Map<number, (result: unknown) => void>;
  /** After a failure, no new connection before then (milliseconds since the epoch). */
  downUntil: number;
}

const connections = new Map<string, Connection>();

function connectionTo(socketPath: string): Connection {
  let connection = connections.get(socketPath);
  if (!connection) {
    connection = { socket: null, nextId: 1, pending: new Map(), downUntil: 0 };
    connections.set(socketPath, connection);
  }
  return connection;
}

/** Ends the connection: every waiting request is answered by the next engine. */
function fail(connection: Connection, socket: Socket): void {
  if (connection.socket === socket) {
    connection.socket = null;
    connection.downUntil = Date.now() + reconnectAfterMs;
  }
  socket.destroy();
  for (const settle of connection.pending.values()) settle(null);
  connection.pending.clear();
}

function openSocket(connection: Connection, socketPath: string): Socket {
  const socket = createConnection(socketPath);
  // A worker waiting for nothing must be able to exit.
  socket.unref();
  const read = lineReader((line) => {
    try {
      const { id, result } = JSON.parse(line) as { id: number; result: unknown };
      const settle = connection.pending.get(id);
      connection.pending.delete(id);
      settle?.(result);
    } catch {
      fail(connection, socket);
    }
  });
  socket.on('data', (chunk: Buffer) => {
    if (!read(chunk)) fail(connection, socket);
  });
  socket.on('error', () => fail(connection, socket));
  socket.on('close', () => fail(connection, socket));
  return socket;
}

/** The service's answer to a request, or null when it has none, is unreachable or late. */
function ask<T>(socketPath: string, request: WireRequest, timeoutMs: number): Promise<T | null> {
  const connection = connectionTo(socketPath);
  if (!connection.socket) {
    if (Date.now() < connection.downUntil) return Promise.resolve(null);
    connection.socket = openSocket(connection, socketPath);
  }
  const socket = connection.socket;
  const id = connection.nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      connection.pending.delete(id);
      resolve(null);
    }, timeoutMs);
    connection.pending.set(id, (result) => {
      clearTimeout(timer);
      resolve(result as T | null);
    });
    socket.write(`${JSON.stringify({ id, ...request })}\n`);
  });
}

/**
 * The engine that asks the machine's search service on `socketPath`: its answer, or null (the next engine
 * answers) for phrases, while the service's copy is not current, and when it is unreachable or late.
 */
export function serviceJobEngine(
  socketPath: string,
  timeoutMs = defaultTimeoutMs,
): SearchEngine<JobFilter, JobFacetField, JobSearchHit> {
  return {
    name: 'service',
    search(query) {
      if (hasPhrase(query.filter)) return Promise.resolve(null);
      return ask<JobSearchResult>(socketPath, { query: toWire(query) }, timeoutMs);
    },
  };
}

/** The open jobs per category slug from the service (count-job-categories.ts), or null as above. */
export function serviceCategoryCounts(
  socketPath: string,
  brandId: string,
  slugs: readonly string[],
  timeoutMs = defaultTimeoutMs,
): Promise<number[] | null> {
  return ask<number[]>(socketPath, { categories: { brandId, slugs: [...slugs] } }, timeoutMs);
}

/**
 * The similar jobs of a published job from the service (list-similar-jobs.ts), or null: the database
 * answers then (also for a job the copy does not hold, such as an archived one).
 */
export function serviceSimilarJobIds(
  socketPath: string,
  similar: SimilarJobsRequest,
  timeoutMs = defaultTimeoutMs,
): Promise<number[] | null> {
  return ask<number[]>(socketPath, { similar }, timeoutMs);
}
