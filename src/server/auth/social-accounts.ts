/**
 * A social sign-in becomes a user of ours: a known provider account signs in its user; an unknown one is
 * linked to the user with the same e-mail address only when the provider says it verified that address
 * (else anyone could claim an account by naming its address at a provider); a new address becomes a new
 * applicant with a verified e-mail address, on brands that have applicant accounts. Only that last case is
 * a sign-up (`created`), which the session remembers for the signup-start event (SPEC section 4). Where the
 * brand has no applicant accounts, recruiters register with their company first and may then sign in
 * socially; an unknown address is refused (`sign_up_closed`).
 *
 * A sign-up agrees to the registration's terms text (issue 18): it must have been started from the
 * registration page, below that text (`signUp`, carried through the provider by the signed sign-up cookie,
 * social-sign-up-cookie.ts). The consent is recorded with the new user (method `social`, proven at once when
 * the provider verified the address) together with the creation source (SPEC 4). Without it, and while a
 * terms text exists, no account is created (`terms_required`): the visitor is sent to register.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { authAccounts } from '../db/schema/auth.ts';
import type { ContentLanguage } from '../db/schema/columns.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { recordRegistrationConsent, registrationTermsInfo } from '../modules/consent/record-registration-consent.ts';

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
  | { kind: 'sign_up_closed' }
  | { kind: 'terms_required' };

/** A sign-up started from the registration page: the terms were agreed to there, in this language. */
export interface SocialSignUp {
  language: ContentLanguage;
  /** SPEC 4: the utm_source kept in session storage, already reduced to a plain word or null. */
  creationSource: string | null;
}

export interface SocialSignInOptions {
  /** Whether an unknown address may become a new applicant (the brand's `features.applicant`). */
  applicantSignUp: boolean;
  /** Set when the sign-in was started below the registration's terms text; only a new user uses it. */
  signUp?: SocialSignUp | null;
}

export async function findOrCreateSocialUser(
  db: Database,
  profile: SocialProfile,
  { applicantSignUp, signUp = null }: SocialSignInOptions,
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
    if (!existing && !signUp && (await registrationTermsInfo(tx))) return { kind: 'terms_required' } as const;
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
          creationSource: signUp?.creationSource ?? null,
        })
        .returning({ id: users.id });
      userId = created!.id;
      await tx.insert(userRoles).values({ userId, role: 'applicant' });
      if (signUp) {
        await recordRegistrationConsent(tx, {
          userId,
          email,
          language: signUp.language,
          verified: profile.emailVerified,
          method: 'social',
        });
      }
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
