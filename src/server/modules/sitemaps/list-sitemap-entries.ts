/**
 * What the sitemaps list (issue 19): exactly the URLs a search engine should index, per kind, brand and
 * language, with the date their content last changed.
 *
 * - Jobs: the brand's published jobs that have not expired (archived, expired, unreviewed and scheduled
 *   ones are noindex or not public), under the path the site links them by (their alias in the language,
 *   else /job/<id>).
 * - Organizations: the brand's published profiles.
 * - Landing pages: the published ones in the sitemap's language (every brand shows them).
 * - Job categories: /jobs/<category> with at least one open job of the brand (an empty listing is noindex).
 * - Blog: the published posts of a brand with a blog (/blog/<slug>).
 * - Any of these whose path has stored meta tags saying noindex is left out.
 *
 * A kind is split into files of at most `urlsPerSitemap` URLs in id order (`listSitemapSections` for the
 * index); a file's URLs are read in pages of ids (`listSitemapEntries`), so the endpoint streams a file
 * without holding it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { contentLanguageOf } from '../../../i18n/index.ts';
import { jobCategories } from '../../../lib/job-categories.ts';
import { urlsPerSitemap, type SitemapKind } from '../../../lib/sitemaps.ts';
import type { Database } from '../../db/index.ts';
import type { PathAlias } from '../../db/schema/content.ts';
import { parseInput } from '../../validation.ts';
import { jobPathOf } from '../jobs/job-presenters.ts';

export const sitemapKindValues = ['JOBS', 'ORGANIZATIONS', 'LANDING_PAGES', 'JOB_CATEGORIES', 'BLOG'] as const;

/** The most URLs one page of `listSitemapEntries` returns. */
export const maxSitemapEntriesPerPage = 10_000;

type ContentLanguage = 'de' | 'en' | 'fr';

interface Scope {
  brandId: string;
  language: ContentLanguage;
  hasBlog: boolean;
}

/** Rows (id, lastmod as epoch milliseconds, path or null when computed per language) of a kind's indexable URLs. */
function indexableRows(kind: SitemapKind, scope: Scope): SQL {
  switch (kind) {
    case 'JOBS':
      return sql`select j.id, extract(epoch from j.updated_at)::float8 * 1000 as lastmod, null::text as path
        from jobs j
        where j.frontend = ${scope.brandId} and j.state = 'published'
          and (j.expires_at is null or j.expires_at > now())
          and (j.published_at is null or j.published_at <= now())`;
    case 'ORGANIZATIONS':
      return sql`select o.id, extract(epoch from o.updated_at)::float8 * 1000 as lastmod,
          coalesce(o.path, '/organization/' || o.id) as path
        from organizations o
        where o.frontend = ${scope.brandId} and o.published`;
    case 'LANDING_PAGES':
      return sql`select p.id, extract(epoch from p.updated_at)::float8 * 1000 as lastmod, p.path
        from landing_pages p
        where p.published and p.language = ${scope.language}`;
    case 'JOB_CATEGORIES': {
      const slugs = jobCategories.map((category) => category.slug);
      return sql`select t.id, max(extract(epoch from j.updated_at)::float8 * 1000) as lastmod, '/jobs/' || t.slug as path
        from taxonomy_terms t
        join job_occupational_fields f on f.term_id = t.id
        join jobs j on j.id = f.job_id
        where t.vocabulary = 'occupational_field' and t.slug = any(${sql.param(slugs)}::text[])
          and j.frontend = ${scope.brandId} and j.state = 'published'
          and (j.expires_at is null or j.expires_at > now())
          and (j.published_at is null or j.published_at <= now())
        group by t.id, t.slug`;
    }
    case 'BLOG':
      // Published posts of a brand with a blog (drafts and scheduled ones are not public); lastmod is the
      // later of the last edit and the publication (a scheduled post goes live after its last edit).
      return sql`select b.id, extract(epoch from greatest(b.updated_at, b.published_at))::float8 * 1000 as lastmod,
          '/blog/' || b.slug as path
        from blog_posts b
        where ${scope.hasBlog} and b.frontend = ${scope.brandId}
          and b.published_at is not null and b.published_at <= now()`;
  }
}

/** Kinds whose pages exist in every locale of a multilingual brand (landing pages have one language). */
const multilingualKinds: ReadonlySet<SitemapKind> = new Set(['JOBS', 'ORGANIZATIONS', 'JOB_CATEGORIES']);

const localeSchema = z.enum(['de', 'en-GB', 'fr'], { error: 'locale must be one of de, en-GB, fr' });

/** The brand and the content language of the sitemap's locale (the request's when none is named). */
function scopeOf(brand: Brand, locale: Locale | null | undefined, fallback: Locale): Scope {
  return { brandId: brand.id, language: contentLanguageOf(locale ?? fallback), hasBlog: brand.features.blog };
}

const kindSchema = z.enum(sitemapKindValues, { error: `kind must be one of ${sitemapKindValues.join(', ')}` });

const sectionsInput = z.object({
  locale: localeSchema.nullish(),
  /** Only these kinds (a file needs its own kind's bounds, the index every kind's). */
  kinds: z.array(kindSchema).max(sitemapKindValues.length).nullish(),
});

export interface SitemapChunk {
  firstId: number;
  lastId: number;
  count: number;
  lastModified: Date | null;
}

/**
 * Per kind, the files its sitemap is split into: id ranges of at most `size` indexable URLs, each with its
 * newest lastmod. A kind without indexable URLs has no files.
 */
export async function listSitemapSections(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  input: unknown;
  size?: number;
}): Promise<{ kind: SitemapKind; chunks: SitemapChunk[] }[]> {
  const { locale, kinds } = parseInput(sectionsInput, options.input);
  const scope = scopeOf(options.brand, locale, options.locale);
  const size = options.size ?? urlsPerSitemap;
  return Promise.all(
    sitemapKindValues
      .filter((kind) => !kinds || kinds.includes(kind))
      .map(async (kind) => {
        const result = await options.db.execute<{
          first_id: number;
          last_id: number;
          count: number;
          lastmod: number | null;
        }>(sql`
        select min(id)::int as first_id, max(id)::int as last_id, count(*)::int as count, max(lastmod) as lastmod
        from (select id, lastmod, row_number() over (order by id) as rn from (${indexableRows(kind, scope)}) s) numbered
        group by (rn - 1) / ${size}
        order by 1`);
        return {
          kind,
          chunks: result.rows.map((row) => ({
            firstId: Number(row.first_id),
            lastId: Number(row.last_id),
            count: Number(row.count),
            lastModified: row.lastmod === null ? null : new Date(Number(row.lastmod)),
          })),
        };
      }),
  );
}

const entriesInput = z.object({
  kind: kindSchema,
  locale: localeSchema.nullish(),
  /** The file (1 for the first 50,000 URLs of the kind); only read when `after` is null. */
  page: z.number().int().min(1).max(1_000_000).nullish(),
  after: z.number().int().min(0).nullish(),
  first: z
    .number()
    .int()
    .min(1)
    .max(maxSitemapEntriesPerPage, { error: `first must be at most ${maxSitemapEntriesPerPage}` }),
});

export interface SitemapEntry {
  id: number;
  path: string;
  lastModified: Date | null;
  /** The same content's internal path per locale of a multilingual brand (none otherwise). */
  alternates: { locale: Locale; path: string }[];
}

/** Paths whose stored meta tags ask search engines not to index them (a small table: read whole). */
async function noindexPaths(db: Database): Promise<Set<string>> {
  const result = await db.execute<{ path: string }>(sql`
    select distinct path from seo_metatags
    where exists (select 1 from jsonb_array_elements(tags) tag
      where tag->>'meta' = 'robots' and tag->>'value' ilike '%noindex%')`);
  return new Set(result.rows.map((row) => row.path));
}

/**
 * One page of a sitemap file: the next `first` indexable URLs of a kind in id order after the id `after`,
 * or from the start of file `page` when `after` is null. `scanned` says how many of the file's rows the page
 * read (a URL whose stored tags say noindex is read but not listed), `nextAfter` is the last id read (null
 * when the kind has no more). The caller stops a file after `urlsPerSitemap` scanned rows.
 */
export async function listSitemapEntries(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  input: unknown;
  size?: number;
}): Promise<{ entries: SitemapEntry[]; scanned: number; nextAfter: number | null }> {
  const input = parseInput(entriesInput, options.input);
  const scope = scopeOf(options.brand, input.locale, options.locale);
  const { db, brand } = options;
  const size = options.size ?? urlsPerSitemap;
  const source = indexableRows(input.kind, scope);
  const page = input.page ?? 1;
  let after = input.after ?? 0;
  if (input.after == null && page > 1) {
    // The last id of the previous file: an index-only walk over the kind's ids.
    const previous = await db.execute<{ id: number }>(
      sql`select id::int as id from (${source}) s order by id offset ${(page - 1) * size - 1} limit 1`,
    );
    const last = previous.rows[0];
    if (!last) return { entries: [], scanned: 0, nextAfter: null };
    after = Number(last.id);
  }
  const [result, excluded] = await Promise.all([
    db.execute<{ id: number; lastmod: number | null; path: string | null }>(sql`
      select id::int as id, lastmod, path from (${source}) s
      where id > ${after} order by id limit ${input.first}`),
    noindexPaths(db),
  ]);
  const rows = result.rows;
  const last = rows.at(-1);
  // The jobs' aliases in one range scan of the alias index (not a look-up per job).
  const aliases = new Map<number, PathAlias[]>();
  if (input.kind === 'JOBS' && last) {
    const found = await db.execute<{ target_id: number; language: PathAlias['language']; path: string }>(sql`
      select target_id::int as target_id, language, path from path_aliases
      where target_kind = 'Job' and target_id > ${after} and target_id <= ${Number(last.id)}`);
    for (const alias of found.rows) {
      const jobId = Number(alias.target_id);
      const list = aliases.get(jobId) ?? [];
      list.push({ id: 0, path: alias.path, language: alias.language, targetKind: 'Job', targetId: jobId });
      aliases.set(jobId, list);
    }
  }
  const multilingual = brand.locales.length > 1 && multilingualKinds.has(input.kind);

  const pathIn = (row: (typeof rows)[number], language: ContentLanguage): string =>
    input.kind === 'JOBS'
      ? jobPathOf({ id: Number(row.id) }, aliases.get(Number(row.id)) ?? [], language)
      : (row.path ?? '');

  const entries: SitemapEntry[] = [];
  for (const row of rows) {
    const path = pathIn(row, scope.language);
    if (excluded.has(path)) continue;
    entries.push({
      id: Number(row.id),
      path,
      lastModified: row.lastmod === null ? null : new Date(Number(row.lastmod)),
      alternates: multilingual
        ? brand.locales.map((other) => ({ locale: other, path: pathIn(row, contentLanguageOf(other)) }))
        : [],
    });
  }
  return { entries, scanned: rows.length, nextAfter: rows.length === input.first && last ? Number(last.id) : null };
}
