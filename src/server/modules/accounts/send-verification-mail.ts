import { eq } from 'drizzle-orm';
import { isRateLimited, rateLimitKeys, recordAttempt } from '../../auth/rate-limit.ts';
import { getConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import type { LinkContext } from './account-links.ts';
import { createAccountToken } from './account-tokens.ts';
import { mailVerificationLink } from './registration.ts';

/** A new verification link for a signed-in user whose address is not verified yet (rate-limited). */
export async function sendVerificationLink(options: {
  db: Database;
  userId: number;
  link: LinkContext;
}): Promise<'sent' | 'already_verified' | 'rate_limited'> {
  const { db, userId, link } = options;
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.verifiedAt) return 'already_verified';
  const key = rateLimitKeys.accountMail(user.email);
  if (await isRateLimited(db, [{ key, max: getConfig().ACCOUNT_MAILS_PER_HOUR }])) return 'rate_limited';
  await recordAttempt(db, [key]);
  const token = await createAccountToken(db, userId, 'verify_email');
  await mailVerificationLink(link, user.email, token);
  return 'sent';
}
