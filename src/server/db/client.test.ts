import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { jobLocations, jobs, organizations, users } from './schema/index.ts';

/** Administrative connection used to create and drop a throw-away database (trust auth in CI). */
const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const esslingen = { latitude: 48.7406, longitude: 9.3108 };
const munich = { latitude: 48.1372, longitude: 11.5756 };

interface Backend {
  name: string;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const pgliteBackend: Backend = {
  name: 'PGlite (in memory)',
  open: () => openDatabase({ pgliteDir: 'memory://' }),
  dispose: async () => {},
};

const postgresBackend = (): Backend => {
  const databaseName = `jobboard_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(postgresAdminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const withAdmin = async (statement: string) => {
    const admin = await openDatabase({ databaseUrl: postgresAdminUrl });
    try {
      await admin.db.execute(sql.raw(statement));
    } finally {
      await admin.close();
    }
  };
  return {
    name: 'PostgreSQL',
    open: async () => {
      await withAdmin(`create database "${databaseName}"`);
      return openDatabase({ databaseUrl: databaseUrl.href });
    },
    dispose: () => withAdmin(`drop database if exists "${databaseName}" with (force)`),
  };
};

/** The SQLSTATE of a failed query; Drizzle wraps the driver's error in `cause`. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = current.cause;
  }
  return undefined;
}

async function insertNursingJob(db: Database): Promise<number> {
  const [organization] = await db
    .insert(organizations)
    .values({ name: 'Klinikum Stuttgart', frontend: 'tagblatt', published: true, path: '/organization/klinikum' })
    .returning({ id: organizations.id, name: organizations.name });
  if (!organization) throw new Error('organization not inserted');
  const [job] = await db
    .insert(jobs)
    .values({
      title: 'Pflegefachkraft (m/w/d) für Intensivstation',
      organizationId: organization.id,
      organizationName: organization.name,
      description: '<p>Wir suchen Verstärkung für unser <strong>Intensiv</strong>-Team.</p>',
      language: 'de',
      searchConfig: 'german',
      state: 'published',
      publishedAt: new Date(),
      salaryMin: 3500,
      salaryMax: 4200,
      currencyCode: 'EUR',
      salaryUnit: 'month',
      applicationEmails: ['bewerbung@klinikum.example'],
      frontend: 'tagblatt',
    })
    .returning({ id: jobs.id });
  if (!job) throw new Error('job not inserted');
  await db.insert(jobLocations).values([
    { jobId: job.id, locality: 'Stuttgart', countryCode: 'DE', latitude: 48.7758, longitude: 9.1829 },
    { jobId: job.id, locality: 'Ulm', countryCode: 'DE', latitude: 48.4011, longitude: 9.9876, weight: 1 },
  ]);
  return job.id;
}

async function jobIdsWithinRadius(db: Database, center: typeof esslingen, radiusMetres: number): Promise<number[]> {
  const origin = sql`ll_to_earth(${center.latitude}, ${center.longitude})`;
  const position = sql`ll_to_earth(${jobLocations.latitude}, ${jobLocations.longitude})`;
  const rows = await db
    .selectDistinct({ id: jobLocations.jobId })
    .from(jobLocations)
    // earth_box uses the GiST index; earth_distance removes the box's corners.
    .where(
      sql`earth_box(${origin}, ${radiusMetres}) @> ${position} and earth_distance(${origin}, ${position}) <= ${radiusMetres}`,
    );
  return rows.map((row) => row.id);
}

const backends: Backend[] = [pgliteBackend, postgresBackend()];

describe.each(backends)('database on $name', (backend) => {
  let handle: DatabaseHandle;
  let jobId: number;

  beforeAll(async () => {
    handle = await backend.open();
    await migrateDatabase(handle);
    jobId = await insertNursingJob(handle.db);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await backend.dispose();
  }, 60_000);

  it('reports its dialect', () => {
    expect(handle.dialect).toBe(backend === pgliteBackend ? 'pglite' : 'postgres');
  });

  it('finds the job by German full-text search with stemming and by prefix', async () => {
    const byStem = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.searchVector} @@ plainto_tsquery('german', 'Pflegefachkräfte')`);
    expect(byStem.map((row) => row.id)).toEqual([jobId]);

    const byPrefix = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.searchVector} @@ to_tsquery('german', 'pflege:*')`);
    expect(byPrefix.map((row) => row.id)).toEqual([jobId]);

    const byDescription = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.searchVector} @@ plainto_tsquery('german', 'Verstärkung')`);
    expect(byDescription.map((row) => row.id)).toEqual([jobId]);

    const unrelated = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.searchVector} @@ plainto_tsquery('german', 'Softwareentwickler')`);
    expect(unrelated).toEqual([]);
  });

  it('finds the job by a LIKE match inside the compound word', async () => {
    const rows = await handle.db
      .select({ title: jobs.title })
      .from(jobs)
      .where(sql`${jobs.title} ilike ${'%kraft%'}`);
    expect(rows).toEqual([{ title: 'Pflegefachkraft (m/w/d) für Intensivstation' }]);
  });

  it('finds the job within 30 km of Esslingen but not of Munich', async () => {
    expect(await jobIdsWithinRadius(handle.db, esslingen, 30_000)).toEqual([jobId]);
    expect(await jobIdsWithinRadius(handle.db, munich, 30_000)).toEqual([]);
  });

  it('computes the yearly salary when the job is written', async () => {
    const [row] = await handle.db
      .select({ min: jobs.salaryMinYearly, max: jobs.salaryMaxYearly })
      .from(jobs)
      .where(eq(jobs.id, jobId));
    expect(row).toEqual({ min: 42_000, max: 50_400 });
  });

  it('rejects a second user with the same e-mail address', async () => {
    await handle.db.insert(users).values({ email: 'recruiter@klinikum.example' });
    const duplicate = handle.db.insert(users).values({ email: 'recruiter@klinikum.example' });
    await expect(duplicate).rejects.toSatisfy((error: unknown) => sqlState(error) === '23505');
  });

  it('rejects an e-mail address that is not stored lower-case', async () => {
    const mixedCase = handle.db.insert(users).values({ email: 'Recruiter@Klinikum.example' });
    await expect(mixedCase).rejects.toSatisfy((error: unknown) => sqlState(error) === '23514');
  });
});

describe('PGlite data directory', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'jobboard-pglite-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps the data when the directory is opened again', async () => {
    const dataDir = join(directory, 'nested', 'pglite');
    const first = await openDatabase({ pgliteDir: dataDir });
    try {
      await migrateDatabase(first);
      await first.db.insert(organizations).values({ name: 'Stadtwerke Ulm', frontend: 'tagblatt' });
    } finally {
      await first.close();
    }

    const second = await openDatabase({ pgliteDir: dataDir });
    try {
      // Migrating again is a no-op on an up-to-date database.
      await migrateDatabase(second);
      const rows = await second.db.select({ name: organizations.name }).from(organizations);
      expect(rows).toEqual([{ name: 'Stadtwerke Ulm' }]);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('the embedded database', () => {
  it('keeps a small buffer pool in its WebAssembly memory', async () => {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const result = await handle.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(result.rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await handle.close();
    }
  }, 60_000);
});
