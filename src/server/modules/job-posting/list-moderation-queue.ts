import { and, asc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, jobStates } from '../../db/schema/jobs.ts';
import { parseInput } from '../../validation.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { requireStaff } from './job-access.ts';
import { page, pageOf, type JobPage, type ListOptions } from './job-page.ts';

/**
 * The staff's moderation queue of the request's brand: jobs in review first, then the other states asked
 * for, each oldest first (who waits longest comes first).
 */
export async function listModerationQueue(options: ListOptions): Promise<JobPage> {
  const { db, viewer, brand, locale } = options;
  requireStaff(viewer, locale);
  const input = parseInput(z.object({ states: z.array(z.enum(jobStates)).max(5).nullish(), page }), options.input);
  const states = input.states?.length ? input.states : (['needs_review'] as const);
  const where = and(isJobOfBrand(brand.id), inArray(jobs.state, [...states]));
  const order = [sql`case when ${jobs.state} = 'needs_review' then 0 else 1 end`, asc(jobs.updatedAt), asc(jobs.id)];
  return pageOf(db, where, order, input.page ?? 1, brand.constants.pageSize.jobs);
}
