import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../db/schema/consent.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { findLatestRevision } from './latest-revision.ts';

const inputSchema = z.object({
  mail: z
    .string({ error: 'mail must be an e-mail address such as name@example.com' })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: 'mail must be an e-mail address such as name@example.com' })
        .max(254, { error: 'mail must be at most 254 characters' }),
    ),
  infoId: z.int({ error: 'infoId must be a whole number' }).positive({ error: 'infoId must be a positive number' }),
});

export interface GdprUserConsent {
  id: number;
  mail: string;
  infoId: number;
  infoRevisionId: number;
}

export interface CreateGdprUserConsentResult {
  errors: string[];
  consent: GdprUserConsent | null;
}

/**
 * SPEC sections 4 and 5: records that `mail` consented to the latest revision of a consent text, linked
 * to the signed-in user. Consenting twice to the same revision returns the existing record.
 */
export async function createGdprUserConsent(options: {
  db: Database;
  viewer: Viewer;
  /** The request's content language: the language version of the revision the visitor was shown. */
  language: ContentLanguage;
  input: unknown;
}): Promise<CreateGdprUserConsentResult> {
  const { mail, infoId } = parseInput(inputSchema, options.input);
  return options.db.transaction(async (tx) => {
    const [info] = await tx.select({ id: consentInfos.id }).from(consentInfos).where(eq(consentInfos.id, infoId));
    if (!info) {
      throw new AppError('BAD_USER_INPUT', `Invalid input. infoId: no consent text with id ${infoId} exists`, {
        fieldErrors: { infoId: `no consent text with id ${infoId} exists` },
      });
    }
    const latest = await findLatestRevision(tx, infoId, options.language);
    if (!latest) return { errors: ['This consent text has no wording yet and cannot be agreed to.'], consent: null };

    const [existing] = await tx
      .select({
        id: consentRecords.id,
        mail: consentRecords.mail,
        infoId: consentRecords.infoId,
        infoRevisionId: consentRecords.infoRevisionId,
      })
      .from(consentRecords)
      .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
      .where(
        and(
          eq(consentRecords.mail, mail),
          eq(consentRecords.infoId, infoId),
          eq(consentInfoRevisions.revision, latest.revision),
        ),
      )
      .limit(1);
    if (existing) return { errors: [], consent: existing };

    const [consent] = await tx
      .insert(consentRecords)
      .values({ mail, infoId, infoRevisionId: latest.id, userId: options.viewer.userId })
      .returning({
        id: consentRecords.id,
        mail: consentRecords.mail,
        infoId: consentRecords.infoId,
        infoRevisionId: consentRecords.infoRevisionId,
      });
    if (!consent) throw new Error('Inserting a consent record returned no row');
    return { errors: [], consent };
  });
}
