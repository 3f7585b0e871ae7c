import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { contentVersionReader, tablesNotOnAnonymousPages } from '../../src/server/page-cache/content-version';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(() => database.dispose());

describe('content_revision', () => {
  it('every table either bumps the content revision or is listed as never shown on an anonymous page', async () => {
    const { rows } = await database.handle.db.execute<{ table: string; bumps: boolean }>(sql`
      select c.relname as table,
        exists(select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_content_revision') as bumps
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const unclassified = rows.filter((row) => row.bumps === tablesNotOnAnonymousPages.includes(row.table));
    expect(unclassified.map((row) => `${row.table} (${row.bumps ? 'bumps and is listed' : 'neither'})`)).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });
});

describe('contentVersionReader', () => {
  it('changes with a write to a content table and keeps through writes to other tables', async () => {
    const { db } = database.handle;
    const reader = contentVersionReader(db);
    const read = async () => (await reader()).tag;
    const before = await read();
    expect(await read()).toBe(before);
    await db.execute(sql`insert into rate_limit_counters (key, window_start) values ('t', now())`);
    expect(await read()).toBe(before);
    await db.execute(sql`insert into taxonomy_terms (vocabulary, slug, label_de) values ('industry', 'test', 'Test')`);
    expect(await read()).not.toBe(before);
  });

  it('reads once for the requests that arrive while a read runs, and always after their arrival', async () => {
    const statements: string[] = [];
    const counting = await createTestDatabase('pglite', { onQuery: (text) => statements.push(text) });
    try {
      const reader = contentVersionReader(counting.handle.db);
      const read = async () => (await reader()).tag;
      await read();
      statements.length = 0;
      // The first starts a read; the nine arriving meanwhile share the one that starts after it.
      const versions = await Promise.all(Array.from({ length: 10 }, () => read()));
      expect(new Set(versions).size).toBe(1);
      expect(statements.filter((text) => text.includes('from content_revision'))).toHaveLength(2);
    } finally {
      await counting.dispose();
    }
  });

  it('moves on when the next job expires, without any write', async () => {
    const { db } = database.handle;
    const reader = contentVersionReader(db);
    const read = async () => (await reader()).tag;
    const [organization] = (
      await db.execute<{ id: number }>(sql`
        insert into organizations (name, frontend) values ('Expiry GmbH', 'tagblatt') returning id`)
    ).rows;
    await db.execute(sql`
      insert into jobs (title, frontend, organization_id, state, published_at, expires_at)
      values ('Ends soon', 'tagblatt', ${organization?.id}, 'published', now() - interval '1 day', now() + interval '1.5 seconds')`);
    const before = await read();
    expect(await read()).toBe(before);
    const { nextChangeAt, now } = await reader();
    expect(nextChangeAt - now).toBeGreaterThan(0);
    expect(nextChangeAt - now).toBeLessThanOrEqual(1500);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await read()).not.toBe(before);
  });
});
