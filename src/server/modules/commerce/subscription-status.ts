import { sql, type SQL } from 'drizzle-orm';
import { subscriptions, type SubscriptionStatus } from '../../db/schema/commerce.ts';

/**
 * A subscription's status from its dates (decision 0020): cancelled once staff cancelled it, scheduled
 * before its start day, expired after its end day, active in between. `today` is a calendar day (UTC).
 */
export function subscriptionStatusOn(
  subscription: { startDate: string; endDate: string | null; cancelledAt: Date | null },
  today: string,
): SubscriptionStatus {
  if (subscription.cancelledAt !== null) return 'cancelled';
  if (subscription.startDate > today) return 'scheduled';
  if (subscription.endDate !== null && subscription.endDate < today) return 'expired';
  return 'active';
}

/** The same rule in SQL, for filtering in the database. */
export const subscriptionStatusSql: SQL<SubscriptionStatus> = sql<SubscriptionStatus>`(case
  when ${subscriptions.cancelledAt} is not null then 'cancelled'
  when ${subscriptions.startDate} > current_date then 'scheduled'
  when ${subscriptions.endDate} < current_date then 'expired'
  else 'active' end)`;

/** Today as the calendar day (UTC) subscription dates are stored as. */
export function calendarDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
