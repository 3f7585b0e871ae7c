/**
 * A social sign-in becomes a user of ours: a known provider account signs in its user; an unknown one is
 * linked to the user with the same e-mail address only when the provider says it verified that address
 * (else anyone could claim an account by naming its address at a provider); a new address becomes a new
 * applicant with a verified e-mail address, on brands that have applicant accounts. Only that last case is
 * a sign-up (`created`), which the session remembers for the signup-start event (SPEC section 4). Where the
 * brand has no applicant accounts, recruiters register with their company first and may then sign in
 * socially; an unknown address is refused (`sign_up_closed`).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { authAccounts } from '../db/schema/auth.ts';
import { userRoles, users } from '../db/schema/users.ts';

export interface SocialProfile {
  provider: string;
  providerAccountId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export type SocialSignInResult =
  | { kind: 'user'; userId: number; created: boolean }
  | { kind: 'not_linked' }
  | { kind: 'no_email' }
  | { kind: 'sign_up_closed' };

export interface SocialSignInOptions {
  /** Whether an unknown address may become a new applicant (the brand's `features.applicant`). */
  applicantSignUp: boolean;
}

export async function findOrCreateSocialUser(
  db: Database,
  profile: SocialProfile,
  { applicantSignUp }: SocialSignInOptions,
): Promise<SocialSignInResult> {
  const [linked] = await db
    .select({ userId: authAccounts.userId })
    .from(authAccounts)
    .where(
      and(eq(authAccounts.provider, profile.provider), eq(authAccounts.providerAccountId, profile.providerAccountId)),
    );
  if (linked) return { kind: 'user', userId: linked.userId, created: false };
  const email = profile.email?.trim().toLowerCase();
  if (!email) return { kind: 'no_email' };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing && !profile.emailVerified) return { kind: 'not_linked' } as const;
    if (!existing && !applicantSignUp) return { kind: 'sign_up_closed' } as const;
    let userId = existing?.id;
    const created = userId === undefined;
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          emailVerifiedAt: profile.emailVerified ? new Date() : null,
        })
        .returning({ id: users.id });
      userId = created!.id;
      await tx.insert(userRoles).values({ userId, role: 'applicant' });
    }
    await tx
      .insert(authAccounts)
      .values({ provider: profile.provider, providerAccountId: profile.providerAccountId, userId });
    return { kind: 'user', userId, created } as const;
  });
}

/** The social identity as Auth.js hands it over (OIDC claims or the provider's own profile shape). */
export function socialProfileOf(
  provider: string,
  providerAccountId: string,
  profile: Record<string, unknown> | undefined,
): SocialProfile {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    provider,
    providerAccountId,
    email: text(profile?.email),
    // OIDC providers (Google, LinkedIn) state it; without the claim (Facebook) the address counts as unverified.
    emailVerified: profile?.email_verified === true || profile?.email_verified === 'true',
    firstName: text(profile?.given_name) ?? text(profile?.first_name),
    lastName: text(profile?.family_name) ?? text(profile?.last_name),
  };
}
