import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../db/testing.ts';
import { storageKeyOfImageUrl } from '../modules/organizations/organization-image-keys.ts';
import { readFile } from '../storage/file-storage.ts';
import { ensureDemoData, isSeeded, readSeedMarker, seedDatabase } from './seed-database.ts';

const referenceDate = new Date('2026-03-01T10:00:00Z');
const dayMs = 24 * 60 * 60 * 1000;
const small = { organizations: 40, jobs: 300, seed: 42, referenceDate };

/**
 * Tables the demo data leaves empty on purpose: attachments and job ad PDFs need real files in storage; the
 * demo jobs were posted without payments, and nobody has viewed them yet; nobody has applied yet either.
 */
const emptyOnPurpose = new Set([
  // Issue 19 (branch home): newsletter subscribers sign up themselves; the demo has none.
  'newsletter_subscribers',
  'organization_attachments',
  'job_files',
  'job_payments',
  'job_view_counts',
  'applications',
  'application_files',
  // Issue 17: files, contact requests and their reservations come from applicants and recruiters at work.
  'resume_attachments',
  'resume_contact_requests',
  // Resume contact requests hold credits; the demo has none yet.
  'credit_reservations',
  // Messages of the contact form are private; the demo has none.
  'contact_messages',
  // Issue 15 part 4: team invitations are personal links that expire; the demo has none.
  'organization_invitations',
]);

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

async function count(db: Database, table: string, where = 'true'): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql.raw(`select count(*)::int as count from "${table}" where ${where}`),
  );
  return Number(result.rows[0]?.count);
}

async function firstJobTitles(db: Database): Promise<string[]> {
  const result = await db.execute<{ title: string }>(sql`select title from jobs order by id limit 25`);
  return result.rows.map((row) => row.title);
}

describe.each(testDialects)('seedDatabase on %s', (dialect) => {
  let database: TestDatabase;
  let db: Database;
  let titlesOfFirstSeed: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.handle.db;
  }, 60_000);

  afterAll(async () => {
    await database.dispose();
  });

  it('fills every table with consistent demo data and sets the marker last', { timeout: 60_000 }, async () => {
    const phases: string[] = [];
    const summary = await seedDatabase(db, {
      ...small,
      batchSize: 100,
      onProgress: (_done, _total, phase) => phases.push(phase),
    });
    titlesOfFirstSeed = await firstJobTitles(db);

    expect(summary.counts.jobs).toBe(300);
    expect(summary.counts.organizations).toBe(40);
    expect(phases).toEqual(['taxonomies', 'organizations', 'jobs', 'jobs', 'jobs', 'content']);
    for (const table of tableNames) {
      if (emptyOnPurpose.has(table)) continue;
      expect(await count(db, table), table).toBeGreaterThan(0);
    }
    expect(await count(db, 'jobs')).toBe(300);
    expect(await count(db, 'organizations')).toBe(40);

    // Every credit balance is the sum of its ledger entries (decision 0020).
    expect(
      await count(
        db,
        'credit_balances',
        `amount <> (select coalesce(sum(e.amount), 0) from credit_ledger_entries e where e.organization_id = credit_balances.organization_id
          and e.frontend = credit_balances.frontend and e.kind = credit_balances.type and e.subscription_id is null)`,
      ),
    ).toBe(0);
    // No subscription has used more slots than it has.
    expect(
      await count(
        db,
        'subscriptions',
        `job_slots < (select coalesce(-sum(e.amount), 0) from credit_ledger_entries e where e.subscription_id = subscriptions.id and e.kind = 'job_credits')`,
      ),
    ).toBe(0);

    // Every job has a location, all of them in Germany or the neighbouring Alsace and Basel area.
    expect(await count(db, 'jobs', 'not exists (select 1 from job_locations l where l.job_id = jobs.id)')).toBe(0);
    expect(
      await count(db, 'job_locations', 'not (latitude between 47.2 and 55.1 and longitude between 5.8 and 15.1)'),
    ).toBe(0);
    expect(await count(db, 'job_locations', "country_code not in ('DE', 'FR', 'CH')")).toBe(0);

    // Salaries: a complete range or none; min ≤ max; euros.
    expect(await count(db, 'jobs', 'salary_min > salary_max')).toBe(0);
    expect(
      await count(
        db,
        'jobs',
        '(salary_min is null) <> (salary_max is null) or (salary_min is null) <> (salary_unit is null)',
      ),
    ).toBe(0);
    expect(await count(db, 'jobs', "salary_min is not null and currency_code <> 'EUR'")).toBe(0);
    expect(await count(db, 'jobs', 'salary_min is not null')).toBeGreaterThan(150);

    // All eleven categories are used.
    const categories = await db.execute<{ count: number }>(sql`
      select count(distinct t.slug)::int as count from job_occupational_fields f
      join taxonomy_terms t on t.id = f.term_id and t.vocabulary = 'occupational_field'`);
    expect(Number(categories.rows[0]?.count)).toBe(11);

    // Dates relative to the reference date.
    const reference = referenceDate.toISOString();
    const sixtyDaysBefore = new Date(referenceDate.getTime() - 60 * dayMs).toISOString();
    expect(
      await count(
        db,
        'jobs',
        `state <> 'scheduled' and not (published_at between '${sixtyDaysBefore}' and '${reference}')`,
      ),
    ).toBe(0);
    expect(await count(db, 'jobs', `state = 'scheduled' and published_at <= '${reference}'`)).toBe(0);
    expect(
      await count(db, 'jobs', "expires_at - published_at not between interval '30 days' and interval '90 days'"),
    ).toBe(0);
    expect(await count(db, 'jobs', `state = 'published' and expires_at < '${reference}'`)).toBeGreaterThan(0);
    expect(await count(db, 'jobs', 'created_at > published_at')).toBe(0);

    // Denormalised columns and the search vector.
    expect(await count(db, 'jobs', 'organization_name is null or skills_text is null')).toBe(0);
    expect(
      await count(
        db,
        'jobs',
        'organization_name <> (select name from organizations o where o.id = jobs.organization_id)',
      ),
    ).toBe(0);
    expect(
      await count(db, 'jobs', "search_vector @@ to_tsquery('german', 'pflege:* | entwickl:* | ausbild:*')"),
    ).toBeGreaterThan(0);
    expect(await count(db, 'jobs', "language = 'en' and search_config = 'english'::regconfig")).toBeGreaterThan(0);

    // Path aliases: every published (or archived) job, published organization and landing page resolves.
    expect(
      await count(
        db,
        'jobs',
        "state in ('published', 'archived') and not exists (select 1 from path_aliases a where a.target_kind = 'Job' and a.target_id = jobs.id)",
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        'path_aliases',
        "target_kind = 'Job' and not exists (select 1 from jobs j where j.id = target_id and j.state in ('published', 'archived'))",
      ),
    ).toBe(0);
    expect(await count(db, 'path_aliases', "target_kind = 'Job' and path !~ '^/job/[a-z0-9-]+-[0-9]+$'")).toBe(0);
    expect(
      await count(
        db,
        'organizations',
        "published and not exists (select 1 from path_aliases a where a.target_kind = 'OrganizationProfile' and a.target_id = organizations.id and a.path = organizations.path)",
      ),
    ).toBe(0);
    expect(await count(db, 'path_aliases', "target_kind = 'LandingPage'")).toBe(await count(db, 'landing_pages'));
    expect(await count(db, 'redirects', 'status_code = 410')).toBe(1);

    // Accounts: every organization has its owner, who is a recruiter working for it.
    expect(await count(db, 'organizations', 'owner_user_id is null')).toBe(0);
    expect(
      await count(
        db,
        'organizations',
        'not exists (select 1 from users u where u.id = organizations.owner_user_id and u.active_organization_id = organizations.id)',
      ),
    ).toBe(0);
    expect(await count(db, 'organizations', "logo_url <> '/media/logos/' || id || '.svg'")).toBe(0);
    for (const role of ['administrator', 'site_admin', 'job_editor', 'applicant', 'recruiter']) {
      expect(await count(db, 'user_roles', `role = '${role}'`), role).toBeGreaterThan(0);
    }
    expect(await count(db, 'users', "email = 'admin@demo.example' and password_hash is null")).toBe(1);

    const marker = await readSeedMarker(db);
    expect(marker).toMatchObject({ seed: 42, jobs: 300, organizations: 40, referenceDate: reference });
    expect(marker?.counts.jobs).toBe(300);
    expect(await isSeeded(db)).toBe(true);
  });

  it('leaves a seeded database alone in ensureDemoData', { timeout: 30_000 }, async () => {
    expect(await ensureDemoData(db, { ...small, jobs: 10 })).toBeNull();
    expect(await count(db, 'jobs')).toBe(300);
  });

  it('rolls everything back when seeding fails midway, the reset included', { timeout: 60_000 }, async () => {
    let jobBatches = 0;
    const failOnSecondJobBatch = (_done: number, _total: number, phase: string) => {
      if (phase === 'jobs' && ++jobBatches === 2) throw new Error('injected failure');
    };
    // On the seeded database: the reset (truncate) is undone together with the partial seed.
    await expect(
      seedDatabase(db, { ...small, batchSize: 100, truncate: true, onProgress: failOnSecondJobBatch }),
    ).rejects.toThrow('injected failure');
    expect(await count(db, 'jobs')).toBe(300);
    expect(await isSeeded(db)).toBe(true);

    // On an empty database: nothing at all remains, no marker either.
    await db.execute(
      sql.raw(`truncate table ${tableNames.map((name) => `"${name}"`).join(', ')} restart identity cascade`),
    );
    jobBatches = 0;
    await expect(seedDatabase(db, { ...small, batchSize: 100, onProgress: failOnSecondJobBatch })).rejects.toThrow(
      'injected failure',
    );
    for (const table of ['jobs', 'job_locations', 'organizations', 'users', 'taxonomy_terms', 'app_config']) {
      expect(await count(db, table), table).toBe(0);
    }
    expect(await isSeeded(db)).toBe(false);
  });

  it('empties a database with rows but no marker before seeding, without doubling', { timeout: 60_000 }, async () => {
    // Leftovers of an interrupted older run or a manual insert.
    await db.insert(schema.organizations).values({ name: 'Manuell angelegt GmbH', frontend: 'tagblatt' });
    await db.insert(schema.taxonomyTerms).values({ vocabulary: 'skill', slug: 'java', labelDe: 'Java' });
    expect(await isSeeded(db)).toBe(false);

    const summary = await ensureDemoData(db, small);
    expect(summary?.counts.jobs).toBe(300);
    expect(await count(db, 'organizations')).toBe(40);
    expect(await count(db, 'jobs')).toBe(300);
    expect(await count(db, 'organizations', "name = 'Manuell angelegt GmbH'")).toBe(0);
    expect(await count(db, 'app_config', "name = 'system' and key = 'demo_seed'")).toBe(1);
    // Identities restart, so the same seed gives the same rows as the first run.
    expect(await firstJobTitles(db)).toEqual(titlesOfFirstSeed);
    expect(await count(db, 'organizations', 'id > 40')).toBe(0);
  });

  it(
    'gives the showcase organization a raster cover and 12 gallery pictures when it may store files',
    {
      timeout: 60_000,
    },
    async () => {
      // Without an upload directory (every run above) the seed writes no file: placeholders only.
      expect(await count(db, 'organization_gallery_images', "image_url like '/media/images/%'")).toBe(0);
      const directory = await mkdtemp(join(tmpdir(), 'seed-images-'));
      try {
        await seedDatabase(db, { ...small, truncate: true, imageDirectory: directory });
        const showcase = await db.execute<{ id: number; cover_url: string }>(
          sql`select id, cover_url from organizations where cover_url like '/media/images/%'`,
        );
        expect(showcase.rows).toHaveLength(1);
        const [organization] = showcase.rows;
        const gallery = await db.execute<{ image_url: string; alt: string | null }>(
          sql`select image_url, alt from organization_gallery_images where organization_id = ${organization!.id} order by weight`,
        );
        expect(gallery.rows).toHaveLength(12);
        expect(await count(db, 'organization_gallery_images', "image_url like '/media/images/%'")).toBe(12);
        // Served as uploads are: WebP files in the upload directory, in the sizes the page declares.
        const sizes = await Promise.all(
          [organization!.cover_url, ...gallery.rows.map((row) => row.image_url)].map(async (url) => {
            const key = storageKeyOfImageUrl(url);
            const bytes = key ? await readFile({ key, directory }) : null;
            const { format, width, height } = await sharp(bytes ?? Buffer.alloc(0)).metadata();
            return `${format} ${width}x${height}`;
          }),
        );
        expect(sizes).toEqual(['webp 1000x500', ...Array<string>(12).fill('webp 800x600')]);
        expect(gallery.rows.every((row) => row.alt)).toBe(true);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );
});
