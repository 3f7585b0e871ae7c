import type { Database } from '../../db/index.ts';
import { analyticsEvents, type AnalyticsDimensions, type AnalyticsEventName } from '../../db/schema/analytics.ts';

/** Stores one first-party measurement event (the `dispatch` events of SPEC section 2). */
export async function recordAnalyticsEvent(options: {
  db: Database;
  name: AnalyticsEventName;
  userId: number | null;
  dimensions?: AnalyticsDimensions;
}): Promise<void> {
  await options.db
    .insert(analyticsEvents)
    .values({ name: options.name, userId: options.userId, dimensions: options.dimensions ?? {} });
}
