/**
 * Measurement rules of SPEC sections 2, 7 and 9 (issue 18), shared by the browser's tracker, the relay
 * endpoints and the tests: event keys, page-view categories, consent categories, dimensions and what a relay
 * may forward.
 */
import { z } from 'zod';

/** SPEC 9: the event keys. */
export const eventKeys = [
  'job_search',
  'job_visit',
  'job_edit',
  'job_apply_start',
  'job_apply_complete',
  'job_bookmark',
  'job_share',
  'job_alert_prompt',
  'job_alert_signup',
  'view_original_ad',
  'org_profile_visit',
  'resume_search',
  'login',
  'sign_up',
  'sign_up_start',
  'page_view',
] as const;
export type EventKey = (typeof eventKeys)[number];

/** SPEC 7: entity_id is forwarded only for these events. */
export const eventsWithEntityId: ReadonlySet<EventKey> = new Set<EventKey>([
  'job_visit',
  'job_edit',
  'job_bookmark',
  'job_search',
  'view_original_ad',
  'job_apply_start',
  'job_apply_complete',
  'job_alert_prompt',
  'org_profile_visit',
]);

/** SPEC 2: the page-view category of each page kind. */
export const pageViewCategories = [
  'frontpage',
  'organizations',
  'organization',
  'job',
  'job search',
  'blog',
  'router',
  'other',
] as const;
export type PageViewCategory = (typeof pageViewCategories)[number];

/** The page-view category of an internal path (SPEC 2); /jobs with a jobId parameter is a job. */
export function pageViewCategoryOf(internalPath: string, search: URLSearchParams): PageViewCategory {
  const path = internalPath.replace(/\/+$/, '') || '/';
  if (path === '/') return 'frontpage';
  if (path === '/organizations' || path.startsWith('/organizations/')) return 'organizations';
  if (path.startsWith('/organization/')) return 'organization';
  if (path === '/jobs' || path.startsWith('/jobs/')) return search.has('jobId') ? 'job' : 'job search';
  if (path.startsWith('/job/') && !path.startsWith('/job/wizard') && !path.startsWith('/job/apply')) return 'job';
  if (path === '/blog' || path.startsWith('/blog/')) return 'blog';
  if (path === '/router') return 'router';
  return 'other';
}

/** Cookie/tracking consent categories: necessary always, the others by the visitor's choice. */
export const consentCategories = ['necessary', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

/** Consent-management providers a brand can choose (SPEC 9): our banner by default, or an external one. */
export const consentProviders = ['builtin', 'cookiebot', 'usercentrics'] as const;
export type ConsentProvider = (typeof consentProviders)[number];

/** SPEC 9: dimensions; a missing numeric id is sent as -1, any other missing value as "(none)". */
export const missingNumber = -1;
export const missingText = '(none)';

export interface Dimensions {
  entity_id: number;
  entity_type: string;
  entity_bundle: string;
  user_role: string;
  organization_id: number;
  organization_name: string;
  signup_method: string;
  search_query: string;
}

export function dimensionsOf(
  values: Partial<Record<keyof Dimensions, string | number | null | undefined>>,
): Dimensions {
  const id = (value: unknown) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : missingNumber;
  };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : missingText);
  return {
    entity_id: id(values.entity_id),
    entity_type: text(values.entity_type),
    entity_bundle: text(values.entity_bundle),
    user_role: text(values.user_role),
    organization_id: id(values.organization_id),
    organization_name: text(values.organization_name),
    signup_method: text(values.signup_method),
    search_query: text(values.search_query),
  };
}

/** SPEC 6: the analytics user role, the role target ids joined by ' | ', with a default when there are none. */
export function analyticsUserRole(roles: readonly { id: string; targetId?: string | null }[]): string {
  const ids = roles.map((role) => role.targetId ?? role.id).filter((id) => id !== '');
  return ids.length > 0 ? ids.join(' | ') : 'anonymous';
}

/** SPEC 7: no field whose name contains one of these words is ever forwarded (personal data). */
const personalField = /user|session|owner|referrer/i;

type ParamValue = string | number | boolean;

/**
 * The params a relay forwards for an event (SPEC 7): without personal fields, entity_id only for the listed
 * events, plus value (default 1), server=1 and the frontend.
 */
export function relayParams(
  key: EventKey,
  params: Record<string, ParamValue>,
  frontend: string,
): Record<string, ParamValue> {
  const kept: Record<string, ParamValue> = {};
  for (const [name, value] of Object.entries(params)) {
    if (personalField.test(name)) continue;
    if (name === 'entity_id' && !eventsWithEntityId.has(key)) continue;
    kept[name] = value;
  }
  return { ...kept, value: typeof params.value === 'number' ? params.value : 1, server: 1, frontend };
}

const paramName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'param names are lower-case words such as entity_id' });
const paramValue = z.union([z.string().max(200), z.number().finite(), z.boolean()], {
  error: 'param values are strings of at most 200 characters, numbers or booleans',
});
const paramsSchema = z
  .record(paramName, paramValue)
  .refine((params) => Object.keys(params).length <= 25, { error: 'at most 25 params' });

/** POST /api/gmapi: {event: 'ss_' + key, params, client_id?}. */
export const gmapiBodySchema = z.object(
  {
    event: z
      .string()
      .refine((event) => event.startsWith('ss_') && (eventKeys as readonly string[]).includes(event.slice(3)), {
        error: `event must be ss_ followed by one of ${eventKeys.join(', ')}`,
      })
      .transform((event) => event.slice(3) as EventKey),
    params: paramsSchema.default({}),
    /** A random id of this browser (made after consent), never derived from the person. */
    client_id: z.uuid({ error: 'client_id must be a random UUID' }).optional(),
  },
  { error: 'expected an object such as {"event":"ss_page_view","params":{}}' },
);

/** POST /api/conversionapi: {event_name, custom_data}. */
export const conversionBodySchema = z.object(
  {
    event_name: z.enum(eventKeys, { error: `event_name must be one of ${eventKeys.join(', ')}` }),
    custom_data: paramsSchema.default({}),
  },
  { error: 'expected an object such as {"event_name":"sign_up","custom_data":{}}' },
);
