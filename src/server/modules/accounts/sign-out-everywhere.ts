import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Ends every session of the user on every device: backend tokens and Auth.js sessions issued before now
 * are refused from now on (users.tokens_not_before; checked by the GraphQL context and the jwt callback).
 */
export async function signOutEverywhere(options: { db: Database; userId: number; now?: Date }): Promise<void> {
  await options.db
    .update(users)
    .set({ tokensNotBefore: options.now ?? new Date() })
    .where(eq(users.id, options.userId));
}
