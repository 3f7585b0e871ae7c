import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { BrandId } from '../../../../brands/ids.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { creditBalances } from '../../db/schema/commerce.ts';
import { parseInput } from '../../validation.ts';
import { resolveViewerOrganization } from './resolve-viewer-organization.ts';

const inputSchema = z.object({
  organizationId: z
    .int({ error: 'organizationId must be a whole number' })
    .positive({ error: 'organizationId must be a positive number' })
    .nullish(),
});

export interface CreditBalanceResult {
  amount: number;
  label: string | null;
  organizationName: string;
  type: string;
  frontend: BrandId;
}

/**
 * SPEC sections 3 and 6: the credit balances of the recruiter's organization (their active one unless
 * named) on the request's frontend. Staff may look at any organization.
 */
export async function getCredits(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  input: unknown;
}): Promise<CreditBalanceResult[]> {
  const { db, viewer, frontend } = options;
  requireRole(viewer, 'recruiter');
  const { organizationId } = parseInput(inputSchema, options.input);
  const organization = await resolveViewerOrganization({ db, viewer, organizationId });
  if (!organization) return [];
  const balances = await db
    .select({
      amount: creditBalances.amount,
      label: creditBalances.label,
      type: creditBalances.type,
      frontend: creditBalances.frontend,
    })
    .from(creditBalances)
    .where(and(eq(creditBalances.organizationId, organization.id), eq(creditBalances.frontend, frontend)))
    .orderBy(asc(creditBalances.type));
  return balances.map((balance) => ({ ...balance, organizationName: organization.name }));
}
