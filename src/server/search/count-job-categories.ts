/**
 * Open jobs per job category (src/lib/job-categories.ts) for the home page, counted as the search filters a
 * category (a job belongs to it through an occupational field that is the category or one of its
 * children), by the same engines as the search (search-jobs.ts): the machine's search process, or without
 * one the worker's own index while it is current; else one SQL statement. The statement counts every open
 * job of the brand (1–3 s at a million jobs); a copy in memory walks the brand's documents once.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { currentJobIndex } from './job-index.ts';
import { searchServiceSocket, serviceCategoryCounts } from './job-search-service.ts';
import { countCategoriesInIndex } from './search-index.ts';

async function countCategoriesInDatabase(db: Database, brandId: string, slugs: readonly string[]): Promise<number[]> {
  const { rows } = await db.execute<{ slug: string; count: string | number }>(sql`
    select c.slug, count(distinct j.id) as count
    from jobs j
    join job_occupational_fields x on x.job_id = j.id
    join taxonomy_terms t on t.id = x.term_id and t.vocabulary = 'occupational_field'
    left join taxonomy_terms parent on parent.id = t.parent_id
    join (select unnest(${sql`array[${sql.join(
      slugs.map((slug) => sql`${slug}`),
      sql`, `,
    )}]::text[]`}) as slug) c on c.slug = t.slug or c.slug = parent.slug
    where j.frontend = ${brandId} and j.state = 'published' and j.published_at <= now()
      and (j.expires_at is null or j.expires_at > now())
    group by c.slug`);
  const counts = new Map(rows.map((row) => [row.slug, Number(row.count)]));
  return slugs.map((slug) => counts.get(slug) ?? 0);
}

/** At most 31 slugs (one bit each in the copy's walk). */
export async function countJobCategories(
  db: Database,
  brandId: string,
  slugs: readonly string[],
  options: { serviceSocket?: string | null; engine?: 'auto' | 'database' } = {},
): Promise<number[]> {
  if (slugs.length > 31) throw new Error('countJobCategories counts at most 31 categories at once');
  if (options.engine !== 'database') {
    const socket = searchServiceSocket(options.serviceSocket);
    if (socket) {
      const fromService = await serviceCategoryCounts(socket, brandId, slugs);
      if (fromService) return fromService;
    } else {
      const index = await currentJobIndex(db);
      if (index) return countCategoriesInIndex(index, brandId, slugs, Date.now());
    }
  }
  return countCategoriesInDatabase(db, brandId, slugs);
}
