import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { anonymousJobAlertSchema, createJobAlertSchema } from '../../../lib/job-alerts/job-alert-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobAlerts, type SavedJobSearch } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { sendJobAlertConfirmationMail } from '../../mail/job-alert-mails.ts';
import { jobSearchRequestSchema } from '../../search/job-search-request.ts';
import { parseInput } from '../../validation.ts';
import { savedSearchOf } from '../alerts/saved-search.ts';
import { recordEvent } from '../analytics/record-event.ts';
import { confirmLink, oneClickUnsubscribeUrl, unsubscribePageLink } from './alert-links.ts';
import { jobAlertViewOf, type JobAlertView } from './job-alert-view.ts';

/** Sign-ups that send a confirmation mail, per address a day and per client an hour (mail abuse). */
export const confirmationMailLimits = { perEmailPerDay: 5, perClientPerHour: 30 } as const;

/** The parts of a job search an alert keeps (the search's own schema checks them; page and sort are the digest's). */
const savedSearchKeys = ['search', 'title', 'category', 'location', 'facets', 'minYearlySalary'] as const;

export interface JobAlertServiceOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  clientAddress?: string | null;
}

/**
 * createJobAlert: saves the search of the results page with a frequency of SPEC 9. Signed in with a
 * confirmed address, the alert is the account's and active at once; otherwise (anonymous, or an account
 * whose address is not confirmed) it waits for the link of a confirmation mail (double opt-in). Every field
 * is checked before anything is written; the alert and its job_alert_signup event are one transaction.
 */
export async function createJobAlert(
  options: JobAlertServiceOptions & { input: unknown },
): Promise<{ alert: JobAlertView; needsConfirmation: boolean }> {
  const { db, viewer, brand, locale, authSecret } = options;
  const schema = (viewer.userId === null ? anonymousJobAlertSchema : createJobAlertSchema).extend({
    search: z.unknown().pipe(jobSearchRequestSchema(brand.constants.geo)),
  });
  const fields = parseInput(schema, options.input, { locale });
  const search = savedSearchOf((options.input as { search?: unknown }).search, savedSearchKeys) as SavedJobSearch;

  let email: string;
  let userId: number | null = null;
  let isConfirmed = false;
  if (viewer.userId !== null) {
    const [user] = await db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, viewer.userId));
    if (!user) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale });
    email = user.email;
    userId = viewer.userId;
    isConfirmed = user.verifiedAt !== null;
  } else {
    if (!fields.email) throw new Error('the anonymous schema requires an address');
    email = fields.email;
  }

  if (!isConfirmed) {
    const refusal = await countRequest(db, [
      {
        key: `job-alert:email:${email}`,
        max: confirmationMailLimits.perEmailPerDay,
        windowSeconds: 86_400,
      },
      {
        key: `job-alert:client:${clientKeyOf(options.clientAddress)}`,
        max: confirmationMailLimits.perClientPerHour,
        windowSeconds: 3_600,
      },
    ]);
    if (refusal) {
      throw new AppError(
        'RATE_LIMITED',
        { key: 'jobAlert.error.rateLimited', locale },
        {
          retryAfterSeconds: refusal.retryAfterSeconds,
        },
      );
    }
  }

  const interval = brand.constants.alertIntervalsSeconds[fields.frequency];
  const alert = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(jobAlerts)
      .values({
        frontend: brand.id as BrandId,
        userId,
        email,
        locale,
        search,
        label: fields.label,
        searchPath: fields.searchPath,
        intervalSeconds: interval,
        tokenKey: randomBytes(16).toString('base64url'),
        confirmedAt: isConfirmed ? now : null,
        windowStart: now,
        nextDigestAt: isConfirmed ? new Date(now.getTime() + interval * 1000) : null,
      })
      .returning();
    if (!row) throw new Error('Inserting the job alert returned no row.');
    if (isConfirmed) {
      await recordEvent(tx, {
        name: 'job_alert_signup',
        frontend: brand.id as BrandId,
        userId,
        dimensions: { frequency: fields.frequency },
      });
    }
    return row;
  });

  if (!isConfirmed) {
    await sendJobAlertConfirmationMail({
      to: email,
      confirmLink: confirmLink(authSecret, alert, brand, locale),
      label: alert.label,
      links: {
        unsubscribePage: unsubscribePageLink(authSecret, alert, brand, locale),
        oneClick: oneClickUnsubscribeUrl(authSecret, alert),
      },
      brand,
      locale,
    });
  }
  return { alert: jobAlertViewOf(alert, brand), needsConfirmation: !isConfirmed };
}
