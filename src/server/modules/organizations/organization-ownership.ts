import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { organizations } from '../../db/schema/users.ts';

/**
 * The organizations a user owns, by id and name: the one read of ownership outside the access policy
 * (account deletion asks it before anything is erased). Ownership is organizations.owner_user_id alone
 * (decision 0024).
 */
export async function ownedOrganizations(
  db: Pick<Database, 'select'>,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.ownerUserId, userId))
    .orderBy(organizations.id);
}
