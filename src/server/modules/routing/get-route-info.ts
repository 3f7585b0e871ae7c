import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { landingPages, pathAliases, redirects, type PathAliasTargetKind } from '../../db/schema/content.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { maxRoutePathLength } from '../../../lib/routing/site-paths.ts';
import { parseInput } from '../../validation.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { isOrganizationOfBrand } from '../organizations/organization-visibility.ts';
import { findMetatags, type Metatag } from './find-metatags.ts';

export type RouteInfo =
  | { __typename: 'RouteError'; code: number; reason: string }
  | { __typename: 'RouteRedirect'; code: number; target: string }
  | { __typename: 'RouteContent'; kind: PathAliasTargetKind; id: number; metatags: Metatag[] };

const inputSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1, { error: 'slug must be a path such as /pflege-jobs-stuttgart' })
    .max(maxRoutePathLength, { error: `slug must be at most ${maxRoutePathLength} characters` })
    .refine((slug) => slug.startsWith('/'), { error: 'slug must start with /' }),
  language: z.enum(['de', 'en', 'fr'], { error: 'language must be one of de, en, fr' }).nullish(),
});

/** "/Pflege-Jobs-Stuttgart/?x=1" → "/pflege-jobs-stuttgart": paths are stored lowercase, without query. */
export function normalizeRoutePath(slug: string): string {
  const path = new URL(slug, 'http://route.invalid').pathname.toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const notFound: RouteInfo = { __typename: 'RouteError', code: 404, reason: 'Not found' };
const gone: RouteInfo = { __typename: 'RouteError', code: 410, reason: 'Gone' };

/**
 * Whether the entity an alias points to can be shown: published (or readable once expired), and a job or
 * organization of the request's brand (another brand's is not found there).
 */
async function targetState(
  db: Database,
  kind: PathAliasTargetKind,
  id: number,
  brandId: string,
): Promise<'visible' | 'missing' | 'removed'> {
  switch (kind) {
    case 'Job': {
      const [job] = await db
        .select({ state: jobs.state })
        .from(jobs)
        .where(and(eq(jobs.id, id), isJobOfBrand(brandId)));
      if (!job) return 'missing';
      // Archived and expired jobs stay readable with a notice; unreviewed and scheduled ones are not public yet.
      return job.state === 'published' || job.state === 'archived' ? 'visible' : 'missing';
    }
    case 'OrganizationProfile': {
      const [organization] = await db
        .select({ published: organizations.published, frontend: organizations.frontend })
        .from(organizations)
        .where(eq(organizations.id, id));
      if (!organization) return 'removed';
      if (!isOrganizationOfBrand(organization, brandId)) return 'missing';
      return organization.published ? 'visible' : 'missing';
    }
    case 'LandingPage': {
      const [page] = await db
        .select({ published: landingPages.published })
        .from(landingPages)
        .where(eq(landingPages.id, id));
      if (!page) return 'removed';
      return page.published ? 'visible' : 'missing';
    }
  }
}

/**
 * SPEC section 2: a URL path (with optional language) resolves to an error (code, reason), a redirect
 * (code, target) or content of kind Job, LandingPage or OrganizationProfile with its id and meta tags.
 */
export async function getRouteInfo(options: { db: Database; brandId: string; input: unknown }): Promise<RouteInfo> {
  const { db } = options;
  const { slug, language } = parseInput(inputSchema, options.input);
  const path = normalizeRoutePath(slug);

  const [redirect] = await db.select().from(redirects).where(eq(redirects.sourcePath, path));
  if (redirect) {
    if (redirect.statusCode === 410 || redirect.target === null) return gone;
    return { __typename: 'RouteRedirect', code: redirect.statusCode, target: redirect.target };
  }

  const [alias] = await db
    .select()
    .from(pathAliases)
    .where(
      and(
        eq(pathAliases.path, path),
        language ? or(isNull(pathAliases.language), eq(pathAliases.language, language)) : undefined,
      ),
    );
  if (!alias) return notFound;
  const state = await targetState(db, alias.targetKind, alias.targetId, options.brandId);
  if (state === 'missing') return notFound;
  if (state === 'removed') return gone;
  return {
    __typename: 'RouteContent',
    kind: alias.targetKind,
    id: alias.targetId,
    metatags: await findMetatags(db, path, language ?? 'de'),
  };
}
