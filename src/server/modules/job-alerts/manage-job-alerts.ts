import { and, desc, eq } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { updateJobAlertSchema } from '../../../lib/job-alerts/job-alert-schema.ts';
import { canActOn, requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobAlerts, type JobAlert } from '../../db/schema/alerts.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { jobAlertViewOf, type JobAlertView } from './job-alert-view.ts';

interface ManageOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}

/** The viewer's alerts on this brand, newest first (the dashboard). */
export async function listJobAlerts(options: ManageOptions): Promise<JobAlertView[]> {
  const { db, viewer, brand } = options;
  requireSignedIn(viewer);
  const rows = await db
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.userId, viewer.userId), eq(jobAlerts.frontend, brand.id as BrandId)))
    .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id));
  return rows.map((row) => jobAlertViewOf(row, brand));
}

/** The alert, when the viewer owns it (or is staff) and it is of this brand; else NOT_FOUND (no probing of ids). */
async function ownedAlert(tx: Pick<Database, 'select'>, options: ManageOptions, id: unknown): Promise<JobAlert> {
  const { viewer, brand, locale } = options;
  requireSignedIn(viewer);
  const alertId = Number(id);
  const [alert] = Number.isSafeInteger(alertId)
    ? await tx
        .select()
        .from(jobAlerts)
        .where(and(eq(jobAlerts.id, alertId), eq(jobAlerts.frontend, brand.id as BrandId)))
        .for('update')
    : [];
  if (!alert || !canActOn(viewer, alert.userId)) {
    throw new AppError('NOT_FOUND', { key: 'jobAlert.error.notFound', locale });
  }
  return alert;
}

/**
 * updateJobAlert: a new frequency (SPEC 9), or none to pause. A changed frequency counts from the last
 * digest; resuming a paused alert starts from now (the jobs of the pause are not sent).
 */
export async function updateJobAlert(options: ManageOptions & { id: unknown; input: unknown }): Promise<JobAlertView> {
  const { db, brand, locale } = options;
  const { frequency } = parseInput(updateJobAlertSchema, options.input, { locale });
  const interval = brand.constants.alertIntervalsSeconds[frequency];
  return db.transaction(async (tx) => {
    const alert = await ownedAlert(tx, options, options.id);
    const now = new Date();
    const wasPaused = alert.intervalSeconds <= 0;
    const windowStart = wasPaused && interval > 0 ? now : alert.windowStart;
    const due = new Date(Math.max(windowStart.getTime() + interval * 1000, now.getTime()));
    const [updated] = await tx
      .update(jobAlerts)
      .set({
        intervalSeconds: interval,
        windowStart,
        nextDigestAt: interval > 0 && alert.confirmedAt !== null ? due : null,
      })
      .where(eq(jobAlerts.id, alert.id))
      .returning();
    return jobAlertViewOf(updated!, brand);
  });
}

export async function deleteJobAlert(options: ManageOptions & { id: unknown }): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const alert = await ownedAlert(tx, options, options.id);
    await tx.delete(jobAlerts).where(eq(jobAlerts.id, alert.id));
    return true;
  });
}
