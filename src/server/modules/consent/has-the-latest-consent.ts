import { and, desc, eq, max, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../db/schema/consent.ts';
import { users } from '../../db/schema/users.ts';
import { parseInput } from '../../validation.ts';
import { findLatestRevision } from './latest-revision.ts';

const requiredText = (field: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(200, { error: `${field} must be at most 200 characters` });

const inputSchema = z.object({ type: requiredText('type'), placement: requiredText('placement') });

export interface LatestConsentStatus {
  hasConsented: boolean;
  /** Whether the viewer consented to an earlier revision of this text: the modal then asks about its changes. */
  hasConsentedBefore: boolean;
  /** The consent text to agree to (null when none has this type and placement). */
  infoId: number | null;
  /** Its latest revision in the visitor's language (null when it has no wording yet). */
  revisionId: number | null;
}

/**
 * SPEC section 4: whether the signed-in visitor agreed to the latest revision of the consent text with
 * this type and placement, recorded under their account or their e-mail address. The GDPR modal shows
 * when not; anonymous visitors never have.
 */
export async function hasTheLatestConsent(options: {
  db: Database;
  viewer: Viewer;
  language: ContentLanguage;
  input: unknown;
}): Promise<LatestConsentStatus> {
  const { db, viewer } = options;
  const { type, placement } = parseInput(inputSchema, options.input);
  const [info] = await db
    .select({ id: consentInfos.id })
    .from(consentInfos)
    .where(and(eq(consentInfos.type, type), eq(consentInfos.placement, placement)))
    .orderBy(desc(consentInfos.createdAt), desc(consentInfos.id))
    .limit(1);
  if (!info) return { hasConsented: false, hasConsentedBefore: false, infoId: null, revisionId: null };
  const latest = await findLatestRevision(db, info.id, options.language);
  if (!latest) return { hasConsented: false, hasConsentedBefore: false, infoId: info.id, revisionId: null };
  if (viewer.userId === null) {
    return { hasConsented: false, hasConsentedBefore: false, infoId: info.id, revisionId: latest.id };
  }

  // The newest revision the viewer agreed to: the latest (consented) or an older one (asked about the changes).
  const [record] = await db
    .select({ revision: max(consentInfoRevisions.revision) })
    .from(consentRecords)
    .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
    // Consent given before signing up (by e-mail only) counts as the user's.
    .leftJoin(users, eq(users.id, viewer.userId))
    .where(
      and(
        eq(consentRecords.infoId, info.id),
        or(eq(consentRecords.userId, viewer.userId), eq(consentRecords.mail, users.email)),
      ),
    );
  const consented = record?.revision ?? null;
  return {
    hasConsented: consented !== null && consented >= latest.revision,
    hasConsentedBefore: consented !== null,
    infoId: info.id,
    revisionId: latest.id,
  };
}
