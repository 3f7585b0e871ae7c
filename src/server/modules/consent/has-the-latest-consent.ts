import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../db/schema/consent.ts';
import { users } from '../../db/schema/users.ts';
import { parseInput } from '../../validation.ts';
import { findLatestRevision } from './latest-revision.ts';
import { provenForUser } from './manage-gdpr-consents.ts';

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
 * this type and placement and has not withdrawn it, by a proven consent (issue 18: given in their own
 * session, or for their address and confirmed by its double opt-in link; countsForUser). The GDPR modal
 * shows when not; anonymous visitors never have.
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

  // The newest revision the viewer's proven consent stands for, and whether they ever agreed (the modal then
  // asks about the changes; a withdrawal asks again).
  const [record] = await db
    .select({
      revision: max(
        sql<number>`case when ${consentRecords.withdrawnAt} is null then ${consentInfoRevisions.revision} end`,
      ),
      proven: count(),
    })
    .from(consentRecords)
    .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
    .innerJoin(users, eq(users.id, viewer.userId))
    .where(and(eq(consentRecords.infoId, info.id), provenForUser(viewer.userId, users.email)));
  const consented = record?.revision ?? null;
  return {
    hasConsented: consented !== null && Number(consented) >= latest.revision,
    hasConsentedBefore: (record?.proven ?? 0) > 0,
    infoId: info.id,
    revisionId: latest.id,
  };
}
