import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
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
 * (another brand's is not found there). Meta tags: the language's, else the German ones. Prepared once per
 * process (every page asks it): planning it took longer than running it.
 */
const routeStatement = preparedPerDatabase((db) => {
  const path = sql.placeholder('path');
  const language = sql.placeholder('language');
  const tagsLanguage = sql.placeholder('tagsLanguage');
  const brandId = sql.placeholder('brandId');
  return db
    .select({
      redirect_status: sql<number | null>`r.status_code`,
      redirect_target: sql<string | null>`r.target`,
      has_redirect: sql<boolean>`r.id is not null`,
      target_kind: sql<PathAliasTargetKind | null>`a.target_kind`,
      target_id: sql<number | null>`a.target_id`,
      target_state: sql<RouteRow['target_state']>`case a.target_kind
        when 'Job' then (select case when j.state in ('published', 'archived') then 'visible' else 'missing' end
          from ${jobs} j where j.id = a.target_id and j.frontend = ${brandId}::text)
        when 'OrganizationProfile' then (select case when o.frontend = ${brandId}::text and o.published then 'visible'
          else 'missing' end from ${organizations} o where o.id = a.target_id)
        when 'LandingPage' then (select case when p.published then 'visible' else 'missing' end
          from ${landingPages} p where p.id = a.target_id)
      end`,
      tags: sql<Metatag[] | null>`m.tags`,
      tags_language: sql<string | null>`m.language`,
    })
    .from(
      sql`(select 1) as one
    left join ${redirects} r on r.source_path = ${path}::text
    left join ${pathAliases} a on a.path = ${path}::text
      and (${language}::text is null or a.language is null or a.language = ${language}::text)
    left join lateral (select s.tags, s.language from ${seoMetatags} s
      where s.path = ${path}::text and s.language in (${tagsLanguage}::text, 'de')
      order by s.language = ${tagsLanguage}::text desc limit 1) m on true`,
    )
    .prepare('route_info');
});

/**
 * SPEC section 2: a URL path (with optional language) resolves to an error (code, reason), a redirect
 * (code, target) or content of kind Job, LandingPage or OrganizationProfile with its id and meta tags.
 */
export async function getRouteInfo(options: { db: Database; brandId: string; input: unknown }): Promise<RouteInfo> {
  const { slug, language } = parseInput(inputSchema, options.input);
  const path = normalizeRoutePath(slug);
  const [row] = await routeStatement(options.db).execute({
    path,
    language: language ?? null,
    tagsLanguage: language ?? 'de',
    brandId: options.brandId,
  });
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
