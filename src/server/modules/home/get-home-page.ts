import { and, asc, eq, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand } from '../../../../brands/types.ts';
import { homePickMax, isHomeModuleEnabled, type HomePickModule } from '../../../lib/home/home-picks.ts';
import { jobCategories } from '../../../lib/job-categories.ts';
import type { Database } from '../../db/index.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { homePicks } from '../../db/schema/home.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizations, type Organization, organizationColumns } from '../../db/schema/users.ts';
import { listBlogPosts } from '../blog/list-blog-posts.ts';
import { newestJobsFirst } from '../jobs/list-latest-jobs.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { isJobOfBrand, isOpenJob } from '../jobs/job-visibility.ts';
import { countJobCategories } from '../../search/count-job-categories.ts';

export interface HomePage {
  featuredJobs: JobRow[];
  videoJobs: JobRow[];
  topJobs: JobRow[];
  latestJobs: JobRow[];
  categories: { slug: string; count: number }[];
  featuredOrganizations: Organization[];
  trainingOrganizations: Organization[];
  latestBlogPosts: HomeBlogPost[];
}

export interface HomeBlogPost {
  title: string;
  url: string;
  teaser: string | null;
  imageUrl: string | null;
  publishedAt: Date;
}

/** Posts on the home page's list of latest blog posts (where the brand has a blog). */
export const homeLatestBlogPosts = 3;

/** Jobs on the home page's list of latest jobs. */
export const homeLatestJobs = 6;

/** Open jobs (published, live, not expired) of the brand: what a home page module may show. */
const liveJobOfBrand = (brandId: Placeholder) =>
  and(isOpenJob(), isJobOfBrand(brandId), lte(jobs.publishedAt, sql`now()`));

const frontendParameter = sql.placeholder('frontend');

/** The brand's picks of some modules whose target may still be shown. */
const picksOfBrand = (modules: HomePickModule[], targetIsShown: SQL | undefined) =>
  and(eq(homePicks.frontend, frontendParameter), inArray(homePicks.module, modules), targetIsShown);

// The home page's own statements, built once per process (db/prepared.ts): their many columns made building
// the SQL text a millisecond of every uncached home page (issue 12).
const jobPicksOfBrand = preparedPerDatabase((db) =>
  db
    .select({ module: homePicks.module, job: jobColumns })
    .from(homePicks)
    .innerJoin(jobs, eq(jobs.id, homePicks.targetId))
    .where(picksOfBrand(['featured_jobs', 'video_jobs', 'top_jobs'], liveJobOfBrand(frontendParameter)))
    .orderBy(asc(homePicks.position))
    .prepare('home_job_picks'),
);

const organizationPicksOfBrand = preparedPerDatabase((db) =>
  db
    .select({ module: homePicks.module, organization: organizationColumns })
    .from(homePicks)
    .innerJoin(organizations, eq(organizations.id, homePicks.targetId))
    .where(
      picksOfBrand(
        ['featured_organizations', 'training_organizations'],
        and(eq(organizations.frontend, frontendParameter), eq(organizations.published, true)),
      ),
    )
    .orderBy(asc(homePicks.position))
    .prepare('home_organization_picks'),
);

// listLatestJobs's jobs without its total, which counts every open job of the brand (a window count: 3 ms of
// PostgreSQL's time per home page at 5,000 jobs, more with more jobs).
const latestJobsOfBrand = preparedPerDatabase((db) =>
  db
    .select(jobColumns)
    .from(jobs)
    .where(and(isOpenJob(), isJobOfBrand(frontendParameter)))
    .orderBy(...newestJobsFirst)
    .limit(homeLatestJobs)
    .prepare('home_latest_jobs'),
);

const markedTopJobsOfBrand = preparedPerDatabase((db) =>
  db
    .select(jobColumns)
    .from(jobs)
    .where(and(liveJobOfBrand(frontendParameter), eq(jobs.isTop, true)))
    .orderBy(sql`${jobs.publishedAt} desc`, sql`${jobs.id} desc`)
    .limit(sql.placeholder('limit'))
    .prepare('home_marked_top_jobs'),
);

/**
 * The home page modules of SPEC 9 for a brand, each in one statement: the jobs and organizations staff
 * chose (in their order, leaving out what is no longer open or published, within the module's range), the
 * top jobs by product (jobs marked top) while staff chose none, the latest jobs and the number of open jobs
 * of each job category.
 */
export async function getHomePage(options: { db: Database; brand: Brand }): Promise<HomePage> {
  const { db, brand } = options;
  const frontend = brand.id as BrandId;
  const [jobPicks, organizationPicks, latest, categories, markedTop, posts] = await Promise.all([
    jobPicksOfBrand(db).execute({ frontend }),
    organizationPicksOfBrand(db).execute({ frontend }),
    latestJobsOfBrand(db).execute({ frontend }),
    countJobsByCategory(db, frontend),
    markedTopJobsOfBrand(db).execute({ frontend, limit: homePickMax(brand, 'top_jobs') }),
    // The blog's own rule of what is public and whose (list-blog-posts.ts); none where the blog is off.
    listBlogPosts({ db, brand, input: { first: homeLatestBlogPosts } }).then(({ posts }) => posts),
  ]);
  const jobsOf = (module: HomePickModule) =>
    jobPicks
      .filter((pick) => pick.module === module)
      .map((pick) => pick.job)
      .slice(0, homePickMax(brand, module));
  const organizationsOf = (module: HomePickModule) =>
    isHomeModuleEnabled(brand, module)
      ? organizationPicks
          .filter((pick) => pick.module === module)
          .map((pick) => pick.organization)
          .slice(0, homePickMax(brand, module))
      : [];
  const staffTopJobs = jobPicks.some((pick) => pick.module === 'top_jobs');
  return {
    featuredJobs: jobsOf('featured_jobs'),
    videoJobs: jobsOf('video_jobs'),
    topJobs: staffTopJobs ? jobsOf('top_jobs') : markedTop,
    latestJobs: latest,
    categories,
    featuredOrganizations: organizationsOf('featured_organizations'),
    trainingOrganizations: organizationsOf('training_organizations'),
    latestBlogPosts: posts.map((post) => ({
      title: post.title,
      url: `/blog/${post.slug}`,
      teaser: post.teaser,
      imageUrl: post.imageUrl,
      publishedAt: post.publishedAt ?? new Date(0),
    })),
  };
}

/** Open jobs of each job category (src/lib/job-categories.ts), counted by the search's engines. */
async function countJobsByCategory(db: Database, brandId: string): Promise<{ slug: string; count: number }[]> {
  const slugs = jobCategories.map((category) => category.slug);
  const counts = await countJobCategories(db, brandId, slugs);
  return slugs.map((slug, position) => ({ slug, count: counts[position] ?? 0 }));
}
