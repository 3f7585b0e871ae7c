/**
 * The machine's job search service (decision 0031): one copy of the job index answering the workers over a
 * Unix socket. It answers as the database does, never from a copy older than a committed write, and when
 * it is gone, slow or sent garbage the workers still get their answer from the next engine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandId } from '../../brands';
import { jobFacetFields } from '../../src/lib/search/vocabulary';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { jobs } from '../../src/server/db/schema/jobs';
import { searchJobs, type JobSearchRequest, type JobSearchResult } from '../../src/server/search';
import { FacetSelection } from '../../src/server/search/facets';
import { jobFilterOf } from '../../src/server/search/job-filter';
import { jobCategories } from '../../src/lib/job-categories';
import { countJobCategories } from '../../src/server/search/count-job-categories';
import { listSimilarJobs } from '../../src/server/modules/jobs/list-similar-jobs';
import {
  serviceCategoryCounts,
  serviceJobEngine,
  serviceSimilarJobIds,
  startJobSearchService,
  type JobSearchService,
} from '../../src/server/search/job-search-service';
import { sqlJobEngine } from '../../src/server/search/sql-job-engine';
import { seedDatabase } from '../../src/server/seed/seed-database';

const stuttgart = { lat: 48.7758, lon: 9.1829 };

const facetsOf = (result: JobSearchResult) =>
  Object.fromEntries(
    result.facets.map((facet) => [facet.field, facet.values.map((value) => `${value.value}:${value.count}`).sort()]),
  );

describe('job search service on postgres', () => {
  let database: TestDatabase;
  let service: JobSearchService;
  const directory = mkdtempSync(join(tmpdir(), 'search-service-'));
  const socketPath = join(directory, 'search.sock');
  const db = () => database.handle.db;

  const queryOf = async (brandId: BrandId, request: JobSearchRequest) => {
    const filter = await jobFilterOf(db(), request, brandId);
    return {
      filter,
      facets: new FacetSelection(jobFacetFields, request.facets ?? {}),
      byRank: false,
      page: request.page ?? 1,
      pageSize: 20,
      locale: 'de' as const,
      facetValueLimit: 30,
    };
  };
  /** The service's answer (waiting while it builds its first copy). */
  const fromService = async (brandId: BrandId, request: JobSearchRequest, socket = socketPath) => {
    const query = await queryOf(brandId, request);
    for (let attempt = 0; attempt < 200; attempt++) {
      const result = await serviceJobEngine(socket).search(query);
      if (result) return result;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the search service never answered');
  };
  const fromDatabase = async (brandId: BrandId, request: JobSearchRequest) =>
    (await sqlJobEngine(db()).search(await queryOf(brandId, request)))!;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDatabase(db(), { jobs: 600, organizations: 40, seed: 5 });
    service = await startJobSearchService({ db: db(), socketPath, maxJobs: 1_000_000, similarMaxJobs: 1_000_000 });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await database?.dispose();
    rmSync(directory, { recursive: true, force: true });
  });

  it('answers as the database does, on a socket only its user may open', async () => {
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    const published = await db().execute<{ from: string; to: string }>(
      sql`select min(published_at)::text as from, max(published_at)::text as to from jobs where state = 'published'`,
    );
    const window = {
      after: new Date(new Date(published.rows[0]!.from).getTime() + 1000),
      until: new Date(published.rows[0]!.to),
    };
    const requests: [BrandId, JobSearchRequest][] = [
      ['tagblatt', {}],
      ['tagblatt', { search: 'Pflege' }],
      ['tagblatt', { search: 'Kranken', location: { ...stuttgart, radiusKm: 100 } }],
      ['jobregio', { search: 'Vertrieb OR Marketing', page: 2 }],
      ['suedjobs', { minYearlySalary: 40_000 }],
      ['tagblatt', { published: window }],
    ];
    let found = 0;
    for (const [brand, request] of requests) {
      const expected = await fromDatabase(brand, request);
      const actual = await fromService(brand, request);
      const label = `${brand} ${JSON.stringify(request)}`;
      expect(actual.total, label).toBe(expected.total);
      expect(facetsOf(actual), label).toEqual(facetsOf(expected));
      expect(
        actual.items.map((item) => item.jobId),
        label,
      ).toEqual(expected.items.map((item) => item.jobId));
      if (expected.total > 0) found += 1;
    }
    expect(found).toBeGreaterThanOrEqual(5);
  });

  it('counts the open jobs of each job category for the home page as the database does', async () => {
    const slugs = jobCategories.map((category) => category.slug);
    const expected = await countJobCategories(db(), 'tagblatt', slugs, { engine: 'database' });
    expect(expected.some((count) => count > 0)).toBe(true);
    expect(await serviceCategoryCounts(socketPath, 'tagblatt', slugs)).toEqual(expected);
    expect(await countJobCategories(db(), 'tagblatt', slugs, { serviceSocket: socketPath })).toEqual(expected);
  });

  it("gives a job page's similar jobs as the database does, and leaves jobs it does not hold to it", async () => {
    const { rows } = await db().execute<{ id: number; frontend: BrandId }>(
      sql`select id, frontend from jobs where state = 'published' order by id limit 8`,
    );
    expect(rows.length).toBe(8);
    const ids = (list: { id: number }[]) => list.map((job) => job.id);
    let nonEmpty = 0;
    for (const { id, frontend } of rows) {
      const input = { jobId: Number(id), limit: 4 };
      const expected = await listSimilarJobs({ db: db(), brandId: frontend, input, engine: 'database' });
      const fromService = await serviceSimilarJobIds(socketPath, { jobId: Number(id), brandId: frontend, limit: 4 });
      expect(fromService, `job ${id}`).toEqual(ids(expected));
      const viaPage = await listSimilarJobs({ db: db(), brandId: frontend, input, serviceSocket: socketPath });
      expect(ids(viaPage), `job ${id}`).toEqual(ids(expected));
      if (expected.length > 0) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(4);
    // A job the copy does not hold (not published): the database answers it.
    const { rows: archived } = await db().execute<{ id: number; frontend: BrandId }>(
      sql`select id, frontend from jobs where state <> 'published' order by id limit 1`,
    );
    if (archived[0]) {
      const { id, frontend } = archived[0];
      expect(await serviceSimilarJobIds(socketPath, { jobId: Number(id), brandId: frontend, limit: 4 })).toBeNull();
    }
  });

  it('never answers from a copy older than a committed write', async () => {
    const before = await fromService('tagblatt', {});
    const first = before.items[0]!.jobId;
    await db().update(jobs).set({ state: 'archived' }).where(eq(jobs.id, first));
    // The very next search, without waiting: the service reads the revision before it answers.
    const after = (await serviceJobEngine(socketPath).search(await queryOf('tagblatt', {})))!;
    expect(after).not.toBeNull();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((item) => item.jobId)).not.toContain(first);
    await db().update(jobs).set({ state: 'published' }).where(eq(jobs.id, first));
  });

  it('leaves phrases to the database and answers through the next engine when the service is gone', async () => {
    const phrase = await queryOf('tagblatt', { search: '"Pflege und"' });
    expect(await serviceJobEngine(socketPath).search(phrase)).toBeNull();

    const missing = join(directory, 'nobody.sock');
    expect(await serviceJobEngine(missing).search(await queryOf('tagblatt', {}))).toBeNull();
    const started = Date.now();
    const result = await searchJobs({ db: db(), input: {}, locale: 'de', brandId: 'tagblatt', serviceSocket: missing });
    expect(result.total).toBe((await fromDatabase('tagblatt', {})).total);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('closes a connection that sends garbage or an oversized frame, and keeps serving others', async () => {
    const closedAfter = (payload: string) =>
      new Promise<boolean>((resolve) => {
        const socket = createConnection(socketPath);
        socket.on('error', () => resolve(true));
        socket.on('close', () => resolve(true));
        socket.on('connect', () => socket.write(payload));
        setTimeout(() => {
          socket.destroy();
          resolve(false);
        }, 3000);
      });
    expect(await closedAfter('not json\n')).toBe(true);
    expect(await closedAfter('x'.repeat(2 * 1024 * 1024))).toBe(true);
    expect((await fromService('tagblatt', {})).total).toBeGreaterThan(0);
  });

  it('refuses a socket another service listens on', async () => {
    await expect(startJobSearchService({ db: db(), socketPath, maxJobs: 10, similarMaxJobs: 10 })).rejects.toThrow(
      /another search/,
    );
  });

  it('runs as its own process (scripts/search-service.mjs) and stops on SIGTERM', async () => {
    const processSocket = join(directory, 'process.sock');
    const child = spawn(process.execPath, ['scripts/search-service.mjs'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.databaseUrl,
        SEARCH_SERVICE_SOCKET: processSocket,
        SITE_URL: 'https://jobs.example.de',
        AUTH_SECRET: 'search-service-test-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      const expected = await fromDatabase('tagblatt', { search: 'Pflege' });
      const actual = await fromService('tagblatt', { search: 'Pflege' }, processSocket);
      expect(actual.total).toBe(expected.total);
      expect(facetsOf(actual)).toEqual(facetsOf(expected));
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 60_000);
});
