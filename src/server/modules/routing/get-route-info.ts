import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import {
  landingPages,
  pathAliases,
  redirects,
  seoMetatags,
  type PathAliasTargetKind,
} from '../../db/schema/content.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { maxRoutePathLength } from '../../../lib/routing/site-paths.ts';
import { parseInput } from '../../validation.ts';
import type { Metatag } from './find-metatags.ts';

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

/** What one statement tells about a path (see getRouteInfo). */
type RouteRow = {
  redirect_status: number | null;
  redirect_target: string | null;
  has_redirect: boolean;
  target_kind: PathAliasTargetKind | null;
  target_id: number | null;
  /** 'visible' or 'missing'; null when the target row does not exist. */
  target_state: 'visible' | 'missing' | null;
  tags: Metatag[] | null;
  tags_language: string | null;
};

/**
 * The redirect, the alias, whether the alias's target can be shown and the path's meta tags, in one
 * statement (each part an index lookup: redirects, path_aliases and seo_metatags by path, the target by
 * id). A target can be shown when it is published (archived and expired jobs stay readable with a notice;
 * unreviewed and scheduled ones are not public yet) and, for jobs and organizations, of the request's brand
 * (another brand's is not found there). Meta tags: the language's, else the German ones.
 */
function routeStatement(path: string, language: 'de' | 'en' | 'fr' | null, brandId: string) {
  return sql`
    select r.status_code as redirect_status, r.target as redirect_target, r.id is not null as has_redirect,
      a.target_kind, a.target_id,
      case a.target_kind
        when 'Job' then (select case when j.state in ('published', 'archived') then 'visible' else 'missing' end
          from ${jobs} j where j.id = a.target_id and j.frontend = ${brandId})
        when 'OrganizationProfile' then (select case when o.frontend = ${brandId} and o.published then 'visible'
          else 'missing' end from ${organizations} o where o.id = a.target_id)
        when 'LandingPage' then (select case when p.published then 'visible' else 'missing' end
          from ${landingPages} p where p.id = a.target_id)
      end as target_state,
      m.tags, m.language as tags_language
    from (select 1) as one
    left join ${redirects} r on r.source_path = ${path}
    left join ${pathAliases} a on a.path = ${path}
      and (${language}::text is null or a.language is null or a.language = ${language}::text)
    left join lateral (select s.tags, s.language from ${seoMetatags} s
      where s.path = ${path} and s.language in (${language ?? 'de'}::text, 'de')
      order by s.language = ${language ?? 'de'}::text desc limit 1) m on true`;
}

/**
 * SPEC section 2: a URL path (with optional language) resolves to an error (code, reason), a redirect
 * (code, target) or content of kind Job, LandingPage or OrganizationProfile with its id and meta tags.
 */
export async function getRouteInfo(options: { db: Database; brandId: string; input: unknown }): Promise<RouteInfo> {
  const { slug, language } = parseInput(inputSchema, options.input);
  const path = normalizeRoutePath(slug);
  const { rows } = await options.db.execute<RouteRow>(routeStatement(path, language ?? null, options.brandId));
  const row = rows[0];
  if (row?.has_redirect) {
    if (row.redirect_status === 410 || row.redirect_target === null) return gone;
    return { __typename: 'RouteRedirect', code: Number(row.redirect_status), target: row.redirect_target };
  }
  if (!row?.target_kind || row.target_id === null) return notFound;
  // A job that is not there (or is another brand's) is not found; another target that is gone is gone.
  const state = row.target_state ?? (row.target_kind === 'Job' ? 'missing' : 'removed');
  if (state === 'missing') return notFound;
  if (state === 'removed') return gone;
  return { __typename: 'RouteContent', kind: row.target_kind, id: Number(row.target_id), metatags: row.tags ?? [] };
}
