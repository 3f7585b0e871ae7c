import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { postLedgerEntry } from '../commerce/ledger.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';

/**
 * Gives the current organization of a recruiter `amount` resume-contact credits on a brand (the browser
 * tests' hook), as a grant entry in the credit ledger (decision 0020), as staff granting them would.
 */
export async function grantResumeContactCredits(options: {
  db: Database;
  email: string;
  amount: number;
  brandId: string;
}): Promise<boolean> {
  const { db, email, amount, brandId } = options;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) return false;
  const { current } = await findViewerOrganizations({ db, viewer: { userId: user.id, roles: ['recruiter'] } });
  if (!current) return false;
  if (amount === 0) return true;
  await postLedgerEntry(db, {
    organizationId: current.id,
    frontend: brandId as BrandId,
    kind: 'resume_contacts',
    amount,
    reason: 'grant',
    note: 'test hook',
    reference: `test-hook:${user.id}`,
    idempotencyKey: `test-grant:${randomUUID()}`,
  });
  return true;
}
