import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfos, consentRecords, type ConsentMethod } from '../../db/schema/consent.ts';
import { findLatestRevision } from './latest-revision.ts';

/** The consent text a registration form shows and records (SPEC 3 consent infos): type and placement. */
export const registrationConsent = { type: 'terms', placement: 'registration' } as const;

/**
 * Records, in the registration's transaction, that the new account agreed to the latest revision of the
 * registration's terms text in the language it was shown (issue 18). It is linked to the account but not
 * proven yet: whoever registers has not shown that the address is theirs, so it counts (countsForUser) once
 * the address is verified (proveRegistrationConsents, called by verifyEmail), like a consent by e-mail.
 * A social sign-up (method `social`) is proven at once when the provider verified the address.
 * Returns the record's id, or null when no such text (or no wording of it) exists.
 */
export async function recordRegistrationConsent(
  db: Database,
  options: { userId: number; email: string; language: ContentLanguage; verified?: boolean; method?: ConsentMethod },
): Promise<number | null> {
  const info = await registrationTermsInfo(db);
  if (!info) return null;
  const latest = await findLatestRevision(db, info.id, options.language);
  if (!latest) return null;
  const [record] = await db
    .insert(consentRecords)
    .values({
      mail: options.email.toLowerCase(),
      infoId: info.id,
      infoRevisionId: latest.id,
      userId: options.userId,
      placement: registrationConsent.placement,
      method: options.method ?? 'email',
      verifiedAt: options.verified ? new Date() : null,
    })
    .returning({ id: consentRecords.id });
  return record?.id ?? null;
}

/** The latest terms text of the registration placement, if there is one (a sign-up must agree to it). */
export async function registrationTermsInfo(db: Pick<Database, 'select'>): Promise<{ id: number } | undefined> {
  const [info] = await db
    .select({ id: consentInfos.id })
    .from(consentInfos)
    .where(
      and(eq(consentInfos.type, registrationConsent.type), eq(consentInfos.placement, registrationConsent.placement)),
    )
    .orderBy(desc(consentInfos.createdAt), desc(consentInfos.id))
    .limit(1);
  return info;
}

/** The address of the account is verified: the consents given at its registration are proven from now on. */
export async function proveRegistrationConsents(db: Pick<Database, 'update'>, userId: number): Promise<void> {
  await db
    .update(consentRecords)
    .set({ verifiedAt: new Date() })
    .where(
      and(
        eq(consentRecords.userId, userId),
        eq(consentRecords.placement, registrationConsent.placement),
        isNull(consentRecords.verifiedAt),
        isNull(consentRecords.tokenKey),
      ),
    );
}
