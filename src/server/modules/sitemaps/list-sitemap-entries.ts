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
 * - Any of these whose path has stored meta tags saying noindex is left out.
 *
 * A kind is split into files of at most `urlsPerSitemap` URLs by id ranges (`listSitemapSections`); a file's
 * URLs are read in pages of ids (`listSitemapEntries`), so the endpoint streams a file without holding it.
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

export const sitemapKindValues = ['JOBS', 'ORGANIZATIONS', 'LANDING_PAGES', 'JOB_CATEGORIES'] as const;

/** The most URLs one page of `listSitemapEntries` returns. */
export const maxSitemapEntriesPerPage = 5000;

type ContentLanguage = 'de' | 'en' | 'fr';

interface Scope {
  brandId: string;
  language: ContentLanguage;
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
        where t.vocabulary = 'occupational_field' and t.slug in ${slugs}
          and j.frontend = ${scope.brandId} and j.state = 'published'
          and (j.expires_at is null or j.expires_at > now())
          and (j.published_at is null or j.published_at <= now())
        group by t.id, t.slug`;
    }
  }
}

/** Kinds whose pages exist in every locale of a multilingual brand (landing pages have one language). */
const multilingualKinds: ReadonlySet<SitemapKind> = new Set(['JOBS', 'ORGANIZATIONS', 'JOB_CATEGORIES']);

const localeSchema = z.enum(['de', 'en-GB', 'fr'], { error: 'locale must be one of de, en-GB, fr' });

/** The brand and the content language of the sitemap's locale (the request's when none is named). */
function scopeOf(brand: Brand, locale: Locale | null | undefined, fallback: Locale): Scope {
  return { brandId: brand.id, language: contentLanguageOf(locale ?? fallback) };
}

const sectionsInput = z.object({ locale: localeSchema.nullish() });

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
  const { locale } = parseInput(sectionsInput, options.input);
  const scope = scopeOf(options.brand, locale, options.locale);
  const size = options.size ?? urlsPerSitemap;
  return Promise.all(
    sitemapKindValues.map(async (kind) => {
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
  kind: z.enum(sitemapKindValues, { error: `kind must be one of ${sitemapKindValues.join(', ')}` }),
  locale: localeSchema.nullish(),
  after: z.number().int().min(0).nullish(),
  until: z.number().int().min(0),
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
 * One page of a sitemap file: the indexable URLs of a kind with ids in (after, until], at most `first`,
 * in id order. `nextAfter` is the last id read (null when the range is done).
 */
export async function listSitemapEntries(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<{ entries: SitemapEntry[]; nextAfter: number | null }> {
  const input = parseInput(entriesInput, options.input);
  const scope = scopeOf(options.brand, input.locale, options.locale);
  const { db, brand } = options;
  const [result, excluded] = await Promise.all([
    db.execute<{ id: number; lastmod: number | null; path: string | null }>(sql`
      select id::int as id, lastmod, path from (${indexableRows(input.kind, scope)}) s
      where id > ${input.after ?? 0} and id <= ${input.until}
      order by id limit ${input.first}`),
    noindexPaths(db),
  ]);
  const rows = result.rows;
  const aliases =
    input.kind === 'JOBS'
      ? await jobAliases(
          db,
          rows.map((row) => Number(row.id)),
        )
      : null;
  const multilingual = brand.locales.length > 1 && multilingualKinds.has(input.kind);

  const pathIn = (row: (typeof rows)[number], language: ContentLanguage): string =>
    aliases ? jobPathOf({ id: Number(row.id) }, aliases.get(Number(row.id)) ?? [], language) : (row.path ?? '');

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
  const last = rows.at(-1);
  return { entries, nextAfter: rows.length === input.first && last ? Number(last.id) : null };
}

async function jobAliases(db: Database, ids: number[]): Promise<Map<number, PathAlias[]>> {
  const byJob = new Map<number, PathAlias[]>();
  if (ids.length === 0) return byJob;
  const result = await db.execute<{ id: number; path: string; language: PathAlias['language']; target_id: number }>(sql`
    select id, path, language, target_id from path_aliases where target_kind = 'Job' and target_id in ${ids}`);
  for (const row of result.rows) {
    const jobId = Number(row.target_id);
    const alias: PathAlias = {
      id: Number(row.id),
      path: row.path,
      language: row.language,
      targetKind: 'Job',
      targetId: jobId,
    };
    byJob.set(jobId, [...(byJob.get(jobId) ?? []), alias]);
  }
  return byJob;
}
