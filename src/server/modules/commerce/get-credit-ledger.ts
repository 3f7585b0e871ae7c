import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { BrandId } from '../../../../brands/ids.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { creditKinds, creditLedgerEntries, type CreditKind, type LedgerReason } from '../../db/schema/commerce.ts';
import { parseInput } from '../../validation.ts';
import { resolveViewerOrganization } from './resolve-viewer-organization.ts';

const inputSchema = z.object({
  organizationId: z
    .int({ error: 'organizationId must be a whole number' })
    .positive({ error: 'organizationId must be a positive number' })
    .nullish(),
  kind: z.enum(creditKinds, { error: `kind must be one of ${creditKinds.join(', ')}` }).nullish(),
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .nullish()
    .transform((limit) => limit ?? 100),
  offset: z
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must not be negative' })
    .nullish()
    .transform((offset) => offset ?? 0),
});

export interface LedgerEntryResult {
  id: number;
  kind: CreditKind;
  amount: number;
  reason: LedgerReason;
  reference: string | null;
  note: string | null;
  subscriptionId: number | null;
  createdAt: Date;
}

export interface CreditLedgerPage {
  entries: LedgerEntryResult[];
  total: number;
}

/**
 * The credit ledger of the recruiter's organization (their active one unless named) on the request's
 * frontend, newest first, 100 a page (SPEC 9). Staff may read any organization's.
 */
export async function getCreditLedger(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  input: unknown;
}): Promise<CreditLedgerPage> {
  const { db, viewer, frontend } = options;
  requireRole(viewer, 'recruiter');
  const input = parseInput(inputSchema, options.input);
  const organization = await resolveViewerOrganization({ db, viewer, organizationId: input.organizationId });
  if (!organization) return { entries: [], total: 0 };
  const conditions: SQL[] = [
    eq(creditLedgerEntries.organizationId, organization.id),
    eq(creditLedgerEntries.frontend, frontend),
  ];
  if (input.kind) conditions.push(eq(creditLedgerEntries.kind, input.kind));
  const where = and(...conditions);
  const [entries, [counted]] = await Promise.all([
    db
      .select({
        id: creditLedgerEntries.id,
        kind: creditLedgerEntries.kind,
        amount: creditLedgerEntries.amount,
        reason: creditLedgerEntries.reason,
        reference: creditLedgerEntries.reference,
        note: creditLedgerEntries.note,
        subscriptionId: creditLedgerEntries.subscriptionId,
        createdAt: creditLedgerEntries.createdAt,
      })
      .from(creditLedgerEntries)
      .where(where)
      .orderBy(desc(creditLedgerEntries.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(creditLedgerEntries).where(where),
  ]);
  return { entries, total: counted?.total ?? 0 };
}
