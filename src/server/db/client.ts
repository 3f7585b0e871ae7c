/**
 * The one module that knows about the two database drivers: PGlite (embedded, the default) and
 * node-postgres (DATABASE_URL). Everything else works with `Database` and the same SQL on both.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Assume, Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { logUnexpected } from '../log.ts';

export type Schema = typeof schema;
export type DatabaseDialect = 'pglite' | 'postgres';

/** What both drivers return from `db.execute()`: the rows (the other result fields differ). */
export interface QueryRows<TRow> {
  rows: TRow[];
}

export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}

/** A Drizzle database over either driver, typed with the full schema. */
export type Database = PgDatabase<QueryResultHKT, Schema>;

export interface OpenDatabaseOptions {
  /** postgres://… ; when unset the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, created if missing; `memory://` keeps everything in memory. */
  pgliteDir?: string;
  /** Called with the SQL of every statement Drizzle runs; tests use it to count queries per request. */
  onQuery?: (sql: string) => void;
}

interface HandleBase {
  db: Database;
  close(): Promise<void>;
}

/** The driver-specific instance travels along for the migrator, which needs the concrete type. */
export type DatabaseHandle =
  | (HandleBase & { dialect: 'pglite'; driver: PgliteDatabase<Schema>; client: PGlite })
  | (HandleBase & { dialect: 'postgres'; driver: NodePgDatabase<Schema> });

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? queryLogger(options.onQuery) : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, logger);
  // No silent in-memory fallback: a forgotten setting would otherwise lose every write on restart.
  if (!options.pgliteDir)
    throw new Error('openDatabase needs either databaseUrl or pgliteDir (use memory:// in tests)');
  return openPglite(options.pgliteDir, logger);
}

function queryLogger(onQuery: (sql: string) => void): Logger {
  return { logQuery: (query) => onQuery(query) };
}

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory, which never shrinks. The default 128 MB made
 * the memory 189 MB; with 32 MB it stays at its initial 128 MB, of which less is touched: the server's
 * resident size drops by about 100 MB, and 16 MB by another 11 MB; a job page costs the same CPU time
 * (103–113 ms per page with 16, 32 and 128 MB on this loaded machine, decision 0011), and most pages come
 * from the page cache anyway. The pages the pool misses come from the operating system's page cache of the
 * data directory.
 */
export const pgliteSharedBuffers = '16MB';

async function openPglite(dataDir: string, logger: Logger | undefined): Promise<DatabaseHandle> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // earthdistance depends on cube, which PGlite only loads when it is listed too; btree_gist serves the
  // similar jobs' walk (migration 0024).
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gist, cube, earthdistance, pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
  });
  const driver = drizzlePglite({ client, schema, logger });
  return {
    dialect: 'pglite',
    db: driver,
    driver,
    client,
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, logger: Logger | undefined): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', (error) => {
    logUnexpected('database', 'PostgreSQL connection error', error);
  });
  // Fail at start-up, not on the first request, when the server is unreachable or the URL is wrong.
  const connection = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  connection.release();
  const driver = drizzleNodePg({ client: pool, schema, logger });
  return {
    dialect: 'postgres',
    db: driver,
    driver,
    close: () => pool.end(),
  };
}
