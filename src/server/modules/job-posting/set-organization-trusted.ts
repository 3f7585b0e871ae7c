import type { BrandId } from '../../../../brands/ids.ts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizations, type Organization } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { requireStaff } from './job-access.ts';
import type { JobServiceOptions } from './job-fields.ts';

const inputSchema = z.object({ organizationId: z.number().int().positive(), trusted: z.boolean() });

/**
 * setOrganizationTrusted (staff): a trusted organization's jobs go live without review (job-workflow.ts),
 * and its edits of live jobs stay live; untrusting sends its next submissions to review again. Only an
 * organization of the request's brand.
 */
export async function setOrganizationTrusted(options: JobServiceOptions & { input: unknown }): Promise<Organization> {
  const { db, viewer, brand, locale } = options;
  requireStaff(viewer, locale);
  const { organizationId, trusted } = parseInput(inputSchema, options.input);
  const [organization] = await db
    .update(organizations)
    .set({ trusted })
    .where(and(eq(organizations.id, organizationId), eq(organizations.frontend, brand.id as BrandId)))
    .returning();
  if (!organization) throw new AppError('NOT_FOUND', { key: 'job.error.organizationNotFound', locale });
  return organization;
}
