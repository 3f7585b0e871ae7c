import { and, eq, isNull } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { frequencyOf } from '../../../lib/job-alerts/job-alert-schema.ts';
import type { Database } from '../../db/index.ts';
import { jobAlerts, type JobAlert } from '../../db/schema/alerts.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../analytics/record-event.ts';
import { alertIdOfToken, verifyAlertToken, type AlertTokenPurpose } from './alert-tokens.ts';

/**
 * The alert a signed token names on this brand, or a NOT_FOUND "this link is not valid (any more)": a
 * forged or altered token, another purpose's token, an alert of another brand or one that was deleted.
 */
export async function alertOfToken(options: {
  db: Pick<Database, 'select'>;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
  purpose: AlertTokenPurpose;
}): Promise<JobAlert> {
  const id = alertIdOfToken(options.token, options.purpose);
  const [alert] =
    id === null
      ? []
      : await options.db
          .select()
          .from(jobAlerts)
          .where(and(eq(jobAlerts.id, id), eq(jobAlerts.frontend, options.brand.id as BrandId)));
  if (!alert || !verifyAlertToken(options.authSecret, options.purpose, String(options.token), alert)) {
    throw new AppError('NOT_FOUND', { key: 'jobAlert.error.invalidLink', locale: options.locale });
  }
  return alert;
}

/**
 * confirmJobAlert: the double opt-in's second step. The alert becomes active (its first digest due one
 * period later, covering the jobs published from now on) and its job_alert_signup event is recorded in the
 * same transaction; a second click changes nothing.
 */
export async function confirmJobAlert(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
}): Promise<{ label: string; searchPath: string; wasConfirmed: boolean }> {
  const { db, brand } = options;
  return db.transaction(async (tx) => {
    const alert = await alertOfToken({ ...options, db: tx, purpose: 'confirm' });
    if (alert.confirmedAt !== null) return { label: alert.label, searchPath: alert.searchPath, wasConfirmed: true };
    const now = new Date();
    const active = alert.intervalSeconds > 0;
    const [updated] = await tx
      .update(jobAlerts)
      .set({
        confirmedAt: now,
        windowStart: now,
        nextDigestAt: active ? new Date(now.getTime() + alert.intervalSeconds * 1000) : null,
      })
      .where(and(eq(jobAlerts.id, alert.id), isNull(jobAlerts.confirmedAt)))
      .returning({ id: jobAlerts.id });
    // A concurrent click confirmed it first: its transaction recorded the event.
    if (updated) {
      await recordEvent(tx, {
        name: 'job_alert_signup',
        frontend: alert.frontend,
        userId: alert.userId,
        dimensions: { frequency: frequencyOf(alert.intervalSeconds, brand.constants.alertIntervalsSeconds) },
      });
    }
    return { label: alert.label, searchPath: alert.searchPath, wasConfirmed: !updated };
  });
}

/**
 * unsubscribeJobAlert: RFC 8058 one click (and the unsubscribe page's button), without signing in: the
 * alert and its digests are deleted. A token that does not verify changes nothing.
 */
export async function unsubscribeJobAlert(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
}): Promise<{ label: string }> {
  return options.db.transaction(async (tx) => {
    const alert = await alertOfToken({ ...options, db: tx, purpose: 'unsubscribe' });
    await tx.delete(jobAlerts).where(eq(jobAlerts.id, alert.id));
    return { label: alert.label };
  });
}
