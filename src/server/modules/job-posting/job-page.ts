import { count, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';

export interface JobPage {
  jobs: JobRow[];
  total: number;
  pageSize: number;
}

export interface ListOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}

export const page = z.number().int().min(1).max(10_000).nullish();

export async function pageOf(db: Database, where: SQL | undefined, order: SQL[], pageNumber: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select(jobColumns)
      .from(jobs)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { jobs: rows, total: totals[0]?.total ?? 0, pageSize };
}
