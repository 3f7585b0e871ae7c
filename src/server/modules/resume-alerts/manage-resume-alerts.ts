/**
 * Resume alerts (issue 17): a recruiter (with an organization) saves a resume search with an interval of
 * SPEC 9 and gets digests of the resumes newly shown to recruiters that match it (send-resume-alert-digests.ts).
 * Only on brands with resumes; only the owner (or staff) reads, changes or deletes an alert: anyone else gets
 * NOT_FOUND, as for an alert that does not exist.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { frequencyOf, type JobAlertFrequency } from '../../../lib/job-alerts/job-alert-schema.ts';
import { createResumeAlertSchema, updateResumeAlertSchema } from '../../../lib/resume-alerts/resume-alert-schema.ts';
import { canActOn, requireRole, requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { resumeAlerts, type ResumeAlert, type SavedResumeSearch } from '../../db/schema/alerts.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { resumeSearchRequestSchema } from '../../search/resume-search-request.ts';
import { parseInput } from '../../validation.ts';
import { savedSearchOf } from '../alerts/saved-search.ts';
import { requireRecruiterOrganization, requireResumesEnabled } from '../resumes/resume-access.ts';

/** Alerts a recruiter may create, per hour and per client an hour (each runs a search per period). */
export const resumeAlertCreateLimits = { perUserPerHour: 20, perClientPerHour: 60 } as const;

const savedSearchKeys = ['search', 'place', 'radius', 'location', 'facets'] as const;

export interface ResumeAlertView {
  id: number;
  label: string;
  searchPath: string;
  frequency: JobAlertFrequency;
  createdAt: Date;
  nextDigestAt: Date | null;
}

function viewOf(alert: ResumeAlert, brand: Brand): ResumeAlertView {
  return {
    id: alert.id,
    label: alert.label,
    searchPath: alert.searchPath,
    frequency: frequencyOf(alert.intervalSeconds, brand.constants.alertIntervalsSeconds),
    createdAt: alert.createdAt,
    nextDigestAt: alert.nextDigestAt,
  };
}

export interface ResumeAlertServiceOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  clientAddress?: string | null;
}

/** createResumeAlert: saves the resume search of the results page; its first digest is one period away. */
export async function createResumeAlert(
  options: ResumeAlertServiceOptions & { input: unknown },
): Promise<ResumeAlertView> {
  const { db, viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  const { organization } = await requireRecruiterOrganization({ db, viewer, locale });
  requireSignedIn(viewer);
  const schema = createResumeAlertSchema.extend({ search: z.unknown().pipe(resumeSearchRequestSchema(brand)) });
  const fields = parseInput(schema, options.input, { locale });
  const search = savedSearchOf((options.input as { search?: unknown }).search, savedSearchKeys) as SavedResumeSearch;
  const refusal = await countRequest(db, [
    { key: `resume-alert:user:${viewer.userId}`, max: resumeAlertCreateLimits.perUserPerHour, windowSeconds: 3_600 },
    {
      key: `resume-alert:client:${clientKeyOf(options.clientAddress)}`,
      max: resumeAlertCreateLimits.perClientPerHour,
      windowSeconds: 3_600,
    },
  ]);
  if (refusal) {
    throw new AppError(
      'RATE_LIMITED',
      { key: 'resumeAlert.error.rateLimited', locale },
      { retryAfterSeconds: refusal.retryAfterSeconds },
    );
  }
  const interval = brand.constants.alertIntervalsSeconds[fields.frequency];
  const now = new Date();
  const [row] = await db
    .insert(resumeAlerts)
    .values({
      frontend: brand.id as BrandId,
      userId: viewer.userId,
      organizationId: organization.id,
      locale,
      search,
      label: fields.label,
      searchPath: fields.searchPath,
      intervalSeconds: interval,
      tokenKey: randomBytes(16).toString('base64url'),
      windowStart: now,
      nextDigestAt: new Date(now.getTime() + interval * 1000),
    })
    .returning();
  if (!row) throw new Error('Inserting the resume alert returned no row.');
  return viewOf(row, brand);
}

/** The viewer's resume alerts on this brand, newest first (the dashboard). */
export async function listResumeAlerts(options: ResumeAlertServiceOptions): Promise<ResumeAlertView[]> {
  const { db, viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'recruiter');
  const rows = await db
    .select()
    .from(resumeAlerts)
    .where(and(eq(resumeAlerts.userId, viewer.userId), eq(resumeAlerts.frontend, brand.id as BrandId)))
    .orderBy(desc(resumeAlerts.createdAt), desc(resumeAlerts.id));
  return rows.map((row) => viewOf(row, brand));
}

/** The alert, when the viewer owns it (or is staff) and it is of this brand; else NOT_FOUND (no probing of ids). */
async function ownedAlert(
  tx: Pick<Database, 'select'>,
  options: ResumeAlertServiceOptions,
  id: unknown,
  lock: boolean,
): Promise<ResumeAlert> {
  const { viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  requireSignedIn(viewer);
  const alertId = Number(id);
  const query = () =>
    tx
      .select()
      .from(resumeAlerts)
      .where(and(eq(resumeAlerts.id, alertId), eq(resumeAlerts.frontend, brand.id as BrandId)));
  const [alert] = Number.isSafeInteger(alertId) ? await (lock ? query().for('update') : query()) : [];
  if (!alert || !canActOn(viewer, alert.userId)) {
    throw new AppError('NOT_FOUND', { key: 'resumeAlert.error.notFound', locale });
  }
  return alert;
}

export async function getResumeAlert(options: ResumeAlertServiceOptions & { id: unknown }): Promise<ResumeAlertView> {
  return viewOf(await ownedAlert(options.db, options, options.id, false), options.brand);
}

/**
 * updateResumeAlert: a new interval (SPEC 9), or none to pause. A changed interval counts from the last
 * digest; resuming a paused alert starts from now (the resumes of the pause are not sent).
 */
export async function updateResumeAlert(
  options: ResumeAlertServiceOptions & { id: unknown; input: unknown },
): Promise<ResumeAlertView> {
  const { db, brand, locale } = options;
  const { frequency } = parseInput(updateResumeAlertSchema, options.input, { locale });
  const interval = brand.constants.alertIntervalsSeconds[frequency];
  return db.transaction(async (tx) => {
    const alert = await ownedAlert(tx, options, options.id, true);
    const now = new Date();
    const windowStart = alert.intervalSeconds <= 0 && interval > 0 ? now : alert.windowStart;
    const due = new Date(Math.max(windowStart.getTime() + interval * 1000, now.getTime()));
    const [updated] = await tx
      .update(resumeAlerts)
      .set({ intervalSeconds: interval, windowStart, nextDigestAt: interval > 0 ? due : null })
      .where(eq(resumeAlerts.id, alert.id))
      .returning();
    return viewOf(updated!, brand);
  });
}

export async function deleteResumeAlert(options: ResumeAlertServiceOptions & { id: unknown }): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const alert = await ownedAlert(tx, options, options.id, true);
    await tx.delete(resumeAlerts).where(eq(resumeAlerts.id, alert.id));
    return true;
  });
}
