/**
 * The job manager's request (SPEC section 2: /job-manager): the state filter and page from the query, and
 * the actions its buttons post. Pure, so it is unit-tested without a server.
 */
import type { JobState, JobStateAction } from '../../lib/operations/generated/types.ts';

export const managerStates: readonly JobState[] = ['draft', 'needs_review', 'published', 'scheduled', 'archived'];

/** What the manager's buttons may ask for: duplicate, and the recruiter's state changes (SPEC section 4). */
export const managerActions = ['duplicate', 'publish', 'withdraw', 'extend', 'repost'] as const;
export type ManagerAction = (typeof managerActions)[number];

export function isManagerAction(value: unknown): value is ManagerAction {
  return (managerActions as readonly unknown[]).includes(value);
}

export interface ManagerQuery {
  state: JobState | null;
  page: number;
}

export function readManagerQuery(search: URLSearchParams): ManagerQuery {
  const state = search.get('state');
  const page = Number(search.get('page') ?? '1');
  return {
    state: (managerStates as readonly string[]).includes(state ?? '') ? (state as JobState) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function managerHref(base: string, query: ManagerQuery, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  if (query.state) search.set('state', query.state);
  if (query.page > 1) search.set('page', String(query.page));
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * The buttons a job shows: duplicate whenever it may be edited, then the state changes the server offers
 * now (publish only for drafts: it is hidden in the other states).
 */
export function actionsOf(job: { canEdit: boolean; availableActions: readonly JobStateAction[] }): ManagerAction[] {
  if (!job.canEdit) return [];
  return ['duplicate', ...job.availableActions];
}
