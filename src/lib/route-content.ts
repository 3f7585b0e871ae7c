import type { BackendClient } from './backend-client/index.ts';
import { parseEntityId } from './entity-id.ts';
import type { Brand, Locale } from '../../brands/types.ts';
import { localizePath } from './routing/resolve-request.ts';
import { maxRoutePathLength, visitorSearch } from './routing/site-paths.ts';
import {
  getJobById,
  getOrganizationProfile,
  getRoutePage,
  type JobDetail,
  type JobTeaser,
  type OrganizationDetail,
} from './operations/content.ts';
import type { LandingPage, Metatag } from './operations/routing.ts';

export type RouteContent =
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; target: string }
  | { kind: 'error'; status: 404 | 410 }
  | { kind: 'job'; job: JobDetail; similar: JobTeaser[]; metatags: Metatag[] }
  | { kind: 'landing-page'; page: LandingPage; metatags: Metatag[] }
  | { kind: 'organization'; organization: OrganizationDetail; metatags: Metatag[] };

const notFound: RouteContent = { kind: 'error', status: 404 };

/**
 * The expiry dates (ms) of everything a page of this content shows, when they are all it changes with
 * besides writes and scheduled publications: a job page shows its job and its similar jobs, and which jobs
 * are similar changes only when one of them expires (the others keep their order). Other content (an
 * organization's open-job count, a landing page's listing) changes with any of many jobs: undefined.
 */
export function contentExpiries(content: RouteContent): number[] | undefined {
  if (content.kind !== 'job') return undefined;
  return [content.job, ...content.similar].flatMap((job) => (job.expiresAt ? [Date.parse(job.expiresAt)] : []));
}
const redirectStatuses = [301, 302, 303, 307, 308] as const;

/**
 * What a path shows, by the backend's route lookup (SPEC section 2): an error, a redirect, or a job,
 * landing page or organization with its meta tags, all in one operation (getRoutePage). `fallback` loads
 * content for paths without an alias (e.g. /job/<id>).
 */
export async function resolveRouteContent(
  backend: BackendClient,
  path: string,
  language: 'de' | 'en' | 'fr',
  fallback?: () => Promise<RouteContent>,
): Promise<RouteContent> {
  if (path.length > maxRoutePathLength) return notFound;
  const { getRoutInfo: route } = await backend.request(getRoutePage, { slug: path, language });
  switch (route.__typename) {
    case 'RouteRedirect':
      return {
        kind: 'redirect',
        status: redirectStatuses.find((status) => status === route.code) ?? 301,
        target: route.target,
      };
    case 'RouteError':
      if (route.code === 404 && fallback) return fallback();
      return { kind: 'error', status: route.code === 410 ? 410 : 404 };
    case 'RouteContent':
      switch (route.kind) {
        case 'Job':
          return route.job
            ? { kind: 'job', job: route.job, similar: route.similarJobs, metatags: route.metatags }
            : notFound;
        case 'LandingPage':
          return route.landingPage
            ? { kind: 'landing-page', page: route.landingPage, metatags: route.metatags }
            : notFound;
        case 'OrganizationProfile':
          return route.organizationProfile
            ? { kind: 'organization', organization: route.organizationProfile, metatags: route.metatags }
            : notFound;
      }
  }
}

/**
 * /job/<id> or /job/<slug>-<id> → the id, for jobs reached without a stored alias. Null when the number
 * cannot be an id (beyond 2^31 - 1): such a path names no job.
 */
export function jobIdFromPath(path: string): number | null {
  const match = /^\/job\/(?:[^/]*-)?(\d+)\/?$/.exec(path);
  return parseEntityId(match?.[1]);
}

/** /organization/<id> → the id: the page of an organization that has no path alias yet. */
export function organizationIdFromPath(path: string): number | null {
  const match = /^\/organization\/(\d+)\/?$/.exec(path);
  return parseEntityId(match?.[1]);
}

/**
 * An organization's profile by id (/organization/<id>) or by its path: the route lookup answers 404 for an
 * unpublished profile, which its members and staff still see (the API checks who asks).
 */
export async function loadOrganizationContent(
  backend: BackendClient,
  target: { id: number } | { path: string },
  metatags: Metatag[] = [],
): Promise<RouteContent> {
  const { organizationProfile } = await backend.request(getOrganizationProfile, target);
  return organizationProfile ? { kind: 'organization', organization: organizationProfile, metatags } : notFound;
}

/** A job with the similar jobs shown below it (also below jobs that are no longer available). */
export async function loadJobContent(
  backend: BackendClient,
  id: number,
  metatags: Metatag[] = [],
): Promise<RouteContent> {
  const { job, similarJobs } = await backend.request(getJobById, { id });
  return job ? { kind: 'job', job, similar: similarJobs, metatags } : notFound;
}

/**
 * Issue 19: the one public path of a piece of content, as the site links it and as its canonical URL names
 * it (a job's alias in the language or /job/<id>, an organization's profile path, a landing page's path),
 * in the visitor's locale; null for errors and redirects.
 */
export function contentPublicPath(content: RouteContent, locale: Locale, brand: Brand): string | null {
  switch (content.kind) {
    case 'job':
      return localizePath(content.job.url, locale, brand);
    case 'organization':
      // The backend localizes organization URLs for the request's locale already.
      return content.organization.url;
    case 'landing-page':
      return localizePath(content.page.path, locale, brand);
    default:
      return null;
  }
}

/**
 * The permanent redirect from any other spelling of a content's path (another slug before a job's id,
 * other letter case, a trailing slash) to its one public path, the visitor's query kept; null when the
 * visitor asked for that path.
 */
export function canonicalRedirect(
  content: RouteContent,
  request: { requestPath: string; url: URL; locale: Locale; brand: Brand },
): string | null {
  const path = contentPublicPath(content, request.locale, request.brand);
  if (path === null || path === request.requestPath) return null;
  return path + visitorSearch(request.url);
}
