import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { creditBalances } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/users.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { resumeContactCreditType } from './contact-requests.ts';

/** Sets the resume-contact credits of a recruiter's current organization on a brand (the browser tests' hook). */
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
  const frontend = brandId as (typeof creditBalances.$inferSelect)['frontend'];
  await db
    .insert(creditBalances)
    .values({
      organizationId: current.id,
      type: resumeContactCreditType,
      label: 'Lebenslauf-Kontakte',
      amount,
      frontend,
    })
    .onConflictDoUpdate({
      target: [creditBalances.organizationId, creditBalances.type, creditBalances.frontend],
      set: { amount },
    });
  return true;
}
