/**
 * Bookmarks (issue 14): a signed-in user keeps jobs of the brand they see, lists them on the dashboard and
 * removes them. Every read and write is the viewer's own rows on the request's brand; a bookmark of a job
 * that is no longer published stays listed as "no longer available". Adding records job_bookmark in the
 * same transaction (SPEC 9); adding twice changes nothing and records once.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { contentLanguageOf } from '../../../i18n/index.ts';
import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { bookmarks } from '../../db/schema/alerts.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../analytics/record-event.ts';
import { jobPathOf } from '../jobs/job-presenters.ts';
import { isJobOfBrand, isOpenJob, publicJobStates } from '../jobs/job-visibility.ts';
import type { Loaders } from '../../graphql/loaders.ts';

/** At most this many job ids per call (a page of results, or the bookmarks kept in a browser). */
export const maxBookmarkIds = 100;

export interface BookmarkServiceOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}

export interface BookmarkView {
  jobId: number;
  title: string;
  organizationName: string;
  url: string;
  isAvailable: boolean;
  createdAt: Date;
}

function jobIdsOf(input: unknown, locale: Locale): number[] {
  const list = Array.isArray(input) ? input : [input];
  const ids = list.map(Number);
  if (list.length > maxBookmarkIds || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    throw new AppError('BAD_USER_INPUT', { key: 'bookmark.error.invalid', locale });
  }
  return [...new Set(ids)];
}

/** The ids among `jobIds` that are public jobs of this brand (another brand's jobs do not exist here). */
async function bookmarkableJobs(db: Pick<Database, 'select'>, brand: Brand, jobIds: number[]): Promise<number[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, jobIds), isJobOfBrand(brand.id), inArray(jobs.state, [...publicJobStates])));
  return rows.map((row) => row.id);
}

/**
 * addBookmarks: keeps the jobs (one from a toggle, several from the browser's list after sign-in). Ids of
 * jobs that are not public on this brand are refused as a whole when a single one is asked for, and
 * skipped from a list (a job removed since it was kept in the browser). Returns the ids now bookmarked.
 */
export async function addBookmarks(options: BookmarkServiceOptions & { jobIds: unknown }): Promise<number[]> {
  const { db, viewer, brand, locale } = options;
  requireSignedIn(viewer);
  const wanted = jobIdsOf(options.jobIds, locale);
  return db.transaction(async (tx) => {
    const found = await bookmarkableJobs(tx, brand, wanted);
    if (wanted.length === 1 && found.length === 0) {
      throw new AppError('NOT_FOUND', { key: 'bookmark.error.jobNotFound', locale });
    }
    if (found.length === 0) return [];
    const added = await tx
      .insert(bookmarks)
      .values(found.map((jobId) => ({ userId: viewer.userId, jobId, frontend: brand.id as BrandId })))
      .onConflictDoNothing()
      .returning({ jobId: bookmarks.jobId });
    for (const { jobId } of added) {
      await recordEvent(tx, { name: 'job_bookmark', frontend: brand.id as BrandId, userId: viewer.userId, jobId });
    }
    return found;
  });
}

/** removeBookmark: the viewer's bookmark of the job on this brand; true when there was one. */
export async function removeBookmark(options: BookmarkServiceOptions & { jobId: unknown }): Promise<boolean> {
  const { db, viewer, brand, locale } = options;
  requireSignedIn(viewer);
  const [jobId] = jobIdsOf(options.jobId, locale);
  const removed = await db
    .delete(bookmarks)
    .where(
      and(
        eq(bookmarks.userId, viewer.userId),
        eq(bookmarks.jobId, jobId!),
        eq(bookmarks.frontend, brand.id as BrandId),
      ),
    )
    .returning({ jobId: bookmarks.jobId });
  return removed.length > 0;
}

/** Which of `jobIds` the viewer has bookmarked here (the toggles of a page); none for anonymous viewers. */
export async function bookmarkedJobIds(options: BookmarkServiceOptions & { jobIds: unknown }): Promise<number[]> {
  const { db, viewer, brand, locale } = options;
  if (viewer.userId === null) return [];
  const ids = jobIdsOf(options.jobIds, locale);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ jobId: bookmarks.jobId })
    .from(bookmarks)
    .where(
      and(
        eq(bookmarks.userId, viewer.userId),
        eq(bookmarks.frontend, brand.id as BrandId),
        inArray(bookmarks.jobId, ids),
      ),
    );
  return rows.map((row) => row.jobId);
}

/** The viewer's bookmarks on this brand, newest first, each saying whether its job is still open. */
export async function listBookmarks(
  options: BookmarkServiceOptions & { loaders: Pick<Loaders, 'jobPathAliases'> },
): Promise<BookmarkView[]> {
  const { db, viewer, brand, locale, loaders } = options;
  requireSignedIn(viewer);
  const rows = await db
    .select({
      jobId: bookmarks.jobId,
      createdAt: bookmarks.createdAt,
      title: jobs.title,
      organizationName: organizations.name,
      isAvailable: sql<boolean>`(${isOpenJob()} and ${jobs.publishedAt} <= now())`,
    })
    .from(bookmarks)
    .innerJoin(jobs, eq(jobs.id, bookmarks.jobId))
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(and(eq(bookmarks.userId, viewer.userId), eq(bookmarks.frontend, brand.id as BrandId)))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.jobId));
  const language = contentLanguageOf(locale);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      isAvailable: Boolean(row.isAvailable),
      url: jobPathOf({ id: row.jobId }, await loaders.jobPathAliases.load(row.jobId), language),
    })),
  );
}
