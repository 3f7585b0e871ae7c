import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import { jobs, type JobState } from '../../db/schema/jobs.ts';

/**
 * States anyone may read a job in: archived and expired jobs stay readable with a notice, unreviewed and
 * scheduled ones are not public yet (only the organization's owner and staff see them).
 */
export const publicJobStates: readonly JobState[] = ['published', 'archived'];

/** Open for applications: published and not expired. Listings and open-job counts use this. */
export function isOpenJob(): SQL {
  return and(eq(jobs.state, 'published'), or(isNull(jobs.expiresAt), gt(jobs.expiresAt, sql`now()`))) as SQL;
}

export function isExpired(job: { expiresAt: Date | null }, now: Date = new Date()): boolean {
  return job.expiresAt !== null && job.expiresAt.getTime() <= now.getTime();
}

/**
 * Brand isolation: a job belongs to the brand (frontend) it was posted on, and every other brand answers
 * as if it did not exist (404 pages, null in the API). Jobs are not syndicated across brands.
 */
export function isJobOfBrand(brandId: string | Placeholder): SQL {
  return eq(jobs.frontend, brandId as BrandId | Placeholder);
}
