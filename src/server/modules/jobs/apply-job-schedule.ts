import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { jobs, jobStateChanges, type JobState } from '../../db/schema/jobs.ts';

export interface AppliedJobSchedule {
  /** Published jobs whose expiry has come: archived now. */
  archived: number[];
  /** Scheduled jobs whose publish date has come: published now. */
  published: number[];
}

/**
 * The recurring task of the job workflow (SPEC 4, run by src/server/job-runner): archives the published jobs
 * whose expiry has come and publishes the scheduled ones whose publish date has come, each with a row of the
 * state history (no actor: the system; from, to, when). One transaction; the due rows are locked and change
 * only from the state named, so a second run at the same time (another worker) finds nothing left and
 * records nothing twice. A run with nothing due writes nothing.
 */
export async function applyJobSchedule(db: Database): Promise<AppliedJobSchedule> {
  return db.transaction(async (tx) => {
    const move = async (from: JobState, to: JobState, due: SQL) => {
      // Looked up first: an UPDATE of no rows would still fire the statement triggers that bump the search
      // and content revisions (migrations 0005, 0007), emptying every page cache each minute.
      const anyDue = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.state, from), due))
        .limit(1);
      if (anyDue.length === 0) return [];
      // One set-based statement whatever the number of due jobs: a list of ids as parameters breaks above
      // 65,535 of them (the protocol's limit), which a board reaches after a long stop or a large import.
      // The UPDATE locks each due row and re-checks its state, so a second run at the same time moves and
      // records none of them twice.
      const moved = await tx.execute<{ id: number }>(sql`
        with moved as (
          update ${jobs} set "state" = ${to}, "updated_at" = now()
          where ${and(eq(jobs.state, from), due)}
          returning ${jobs.id}
        ), recorded as (
          insert into ${jobStateChanges} ("job_id", "actor_user_id", "from_state", "to_state")
          select "id", null, ${from}, ${to} from moved
        )
        select "id" from moved order by "id"`);
      return moved.rows.map(({ id }) => Number(id));
    };
    // Archiving expired jobs changes no anonymous page (each shows them as expired since their expiry, as
    // archived ones): the content revision stays (migration 0024), so cached pages are kept.
    // For the copies of the search index it is a removal of jobs they already skip: listed one by one, however
    // many, so that a copy catches up instead of being rebuilt (migration 0035, decision 0031).
    await tx.execute(
      sql`select set_config('jobboard.content_unchanged', 'on', true), set_config('jobboard.search_removals', 'on', true)`,
    );
    const archived = await move('published', 'archived', lte(jobs.expiresAt, sql`now()`));
    await tx.execute(
      sql`select set_config('jobboard.content_unchanged', 'off', true), set_config('jobboard.search_removals', 'off', true)`,
    );
    const published = await move('scheduled', 'published', lte(jobs.publishedAt, sql`now()`));
    return { archived, published };
  });
}

/**
 * When the next runs of the task must come: the distinct publish dates of scheduled jobs and expiry dates
 * of published ones due within `seconds` from now, to the second (rounded up).
 */
export async function nextDueDates(db: Database, seconds: number): Promise<Date[]> {
  const result = await db.execute<{ at: string | Date }>(sql`
    select distinct date_trunc('second', due) + interval '1 second' as at from (
      select ${jobs.publishedAt} as due from ${jobs} where ${jobs.state} = 'scheduled'
      union all
      select ${jobs.expiresAt} from ${jobs} where ${jobs.state} = 'published'
    ) dates
    where due > now() and due <= now() + make_interval(secs => ${seconds})
    order by at limit 60`);
  return result.rows.map((row) => new Date(row.at));
}
