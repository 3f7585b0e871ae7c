/** The data of the first dashboard per user kind, loaded through the backend client (SPEC section 7). */
import type { BackendClient } from '../../lib/backend-client/index.ts';
import { userKindOf as userKindOfRoles, type UserKind } from '../../lib/roles.ts';
import { getCredits, getSubscriptions, type CreditBalance, type SessionUser, type Subscription } from './operations.ts';
import { logUnexpected } from '../../server/log.ts';

export type { UserKind };

/** SPEC section 6 (src/lib/roles.ts) for a loaded session user. */
export function userKindOf(user: Pick<SessionUser, 'roles'>): UserKind {
  return userKindOfRoles(user.roles.map((role) => role.id));
}

export type Loaded<T> = { ok: true; value: T } | { ok: false };

export interface RecruiterDashboard {
  credits: Loaded<CreditBalance[]>;
  /** Null when the brand has no subscriptions (SPEC section 6: fetched only when configured). */
  subscriptions: Loaded<{ subscriptions: Subscription[]; errors: string[] }> | null;
}

async function attempt<T>(load: () => Promise<T>, what: string): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    logUnexpected('dashboard', `${what} could not be loaded`, error);
    return { ok: false };
  }
}

export async function loadRecruiterDashboard(
  backend: BackendClient,
  user: SessionUser,
  options: { subscriptions: boolean; pageSize: number },
): Promise<RecruiterDashboard> {
  const organizationId = user.organization?.id ?? null;
  const [credits, subscriptions] = await Promise.all([
    attempt(async () => (await backend.request(getCredits, { organizationId })).getCredits, 'credits'),
    options.subscriptions
      ? attempt(
          async () =>
            (await backend.request(getSubscriptions, { limit: options.pageSize, organizationId })).getSubscriptions,
          'subscriptions',
        )
      : Promise.resolve(null),
  ]);
  return { credits, subscriptions };
}

/** Job slots still available across the running job-slot subscriptions. */
export function availableJobSlots(subscriptions: readonly Subscription[]): number {
  return subscriptions
    .filter((subscription) => subscription.status.value === 'active')
    .reduce((sum, subscription) => sum + subscription.availableJobSlots, 0);
}
