import type { BrandId } from '../../../../brands/ids.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents, type AnalyticsDimensions, type AnalyticsEventName } from '../../db/schema/analytics.ts';

/**
 * Stores one first-party event of the applicant side (job_apply_start, job_apply_complete, job_bookmark,
 * job_alert_signup) where it happens on the server, inside the caller's transaction when given one, so that
 * the event exists exactly when the action does. The analytics issue forwards these rows.
 */
export async function recordEvent(
  db: Pick<Database, 'insert'>,
  event: {
    name: Extract<
      AnalyticsEventName,
      'job_apply_start' | 'job_apply_complete' | 'job_bookmark' | 'job_alert_signup' | 'view_original_ad'
    >;
    frontend: BrandId;
    userId: number | null;
    jobId?: number | null;
    dimensions?: AnalyticsDimensions;
  },
): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    frontend: event.frontend,
    userId: event.userId,
    jobId: event.jobId ?? null,
    dimensions: event.dimensions ?? {},
  });
}
