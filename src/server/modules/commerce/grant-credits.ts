import { eq } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { grantCreditsSchema } from '../../../lib/commerce/grant-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { CreditLedgerEntry } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { requireStaff } from '../job-posting/job-access.ts';
import { isOrganizationOfBrand } from '../organizations/organization-visibility.ts';
import { postLedgerEntry } from './ledger.ts';

/**
 * Staff grant credits (a positive amount) or correct a balance (negative), always as a ledger entry with
 * their note; the form's request key makes a resubmitted form book once. A correction below zero is
 * refused with a field error and books nothing.
 */
export async function grantCredits(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  locale: Locale;
  input: unknown;
}): Promise<CreditLedgerEntry> {
  const { db, viewer, frontend, locale } = options;
  requireStaff(viewer, locale);
  const input = parseInput(grantCreditsSchema, options.input, { locale });
  const [organization] = await db
    .select({ id: organizations.id, frontend: organizations.frontend })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId));
  if (!organization || !isOrganizationOfBrand(organization, frontend)) {
    const message = createTranslator(locale)('commerce.error.organization');
    throw new AppError('BAD_USER_INPUT', message, { fieldErrors: { organizationId: message } });
  }
  const posted = await postLedgerEntry(db, {
    organizationId: organization.id,
    frontend,
    kind: input.kind,
    amount: input.amount,
    reason: input.amount > 0 ? 'grant' : 'correction',
    note: input.note,
    reference: `staff:${viewer.userId}`,
    idempotencyKey: `grant:${input.requestKey}`,
    actorUserId: viewer.userId,
  });
  if (!posted) {
    const message = createTranslator(locale)('commerce.error.belowZero');
    throw new AppError('BAD_USER_INPUT', message, { fieldErrors: { amount: message } });
  }
  return posted.entry;
}
