/**
 * Job page views for the job manager (issue 13). The job page carries a view beacon, a 1×1 image
 * (/api/job-views/{id}), so a view counts whether the page came from the page cache, a CDN or a render, and
 * visitors run no script for it. Each process counts in memory: once per client address and job per half
 * hour (a reload or a crawler's burst is one view), and adds its counts to job_view_counts in one statement
 * every few seconds, so a view costs no write of its own. A crash loses at most those seconds of counts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { BoundedCache } from '../../limits/bounded-cache.ts';
import { logUnexpected } from '../../log.ts';

/** One view per client and job in this window. */
export const viewWindowMs = 30 * 60 * 1000;
/** How often the counts go to the database. */
export const viewFlushIntervalMs = 5_000;
/** Bytes of the seen-recently memory (client and job, about 20 000 pairs); the oldest go first. */
const seenMaxBytes = 2 * 1024 * 1024;
/** Pending jobs at which the counts go to the database at once instead of waiting for the interval. */
const maxPendingJobs = 5_000;

/** An integer array as one parameter (`{1,2,3}`): Drizzle would spread a JavaScript array into a list. */
const arrayLiteral = (values: Iterable<number>) => `{${[...values].join(',')}}`;

export class JobViewCounter {
  readonly #db: Database;
  readonly #seen = new BoundedCache<number>({ maxBytes: seenMaxBytes, sizeOf: (key) => key.length * 2 + 64 });
  /** brand → job → views not yet written. */
  #pending = new Map<string, Map<number, number>>();
  #pendingJobs = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Database) {
    this.#db = db;
  }

  /** Counts a view of the job by the client unless it viewed the job in the last half hour; true if counted. */
  count(brandId: string, jobId: number, clientKey: string, now = Date.now()): boolean {
    const key = `${brandId} ${jobId} ${clientKey}`;
    const seenAt = this.#seen.get(key);
    if (seenAt !== undefined && now - seenAt < viewWindowMs) return false;
    this.#seen.set(key, now);
    let jobs = this.#pending.get(brandId);
    if (!jobs) this.#pending.set(brandId, (jobs = new Map<number, number>()));
    const views = jobs.get(jobId);
    if (views === undefined) this.#pendingJobs++;
    jobs.set(jobId, (views ?? 0) + 1);
    if (this.#pendingJobs >= maxPendingJobs) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), viewFlushIntervalMs).unref();
    return true;
  }

  /**
   * Adds the pending counts to job_view_counts, one statement per brand; ids that are not a job of that
   * brand are dropped by the join. Flushes run one after another.
   */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const pending = this.#pending;
    this.#pending = new Map();
    this.#pendingJobs = 0;
    this.#flushing = this.#flushing.then(async () => {
      for (const [brandId, jobs] of pending) {
        try {
          await this.#db.execute(sql`
            insert into job_view_counts (job_id, views)
            select jobs.id, counted.views
            from unnest(${arrayLiteral(jobs.keys())}::integer[], ${arrayLiteral(jobs.values())}::integer[])
              as counted (job_id, views)
            join jobs on jobs.id = counted.job_id and jobs.frontend = ${brandId}
            on conflict (job_id) do update set views = job_view_counts.views + excluded.views
          `);
        } catch (error) {
          logUnexpected('job-views', 'job page views could not be stored and are lost', error);
        }
      }
    });
    return this.#flushing;
  }
}

const counters = new WeakMap<Database, JobViewCounter>();

/** The process's counter of a database (a process has one database; tests open several). */
export function jobViewCounterOf(db: Database): JobViewCounter {
  let counter = counters.get(db);
  if (!counter) counters.set(db, (counter = new JobViewCounter(db)));
  return counter;
}
