/**
 * The content version the page cache keys its pages by (decision 0015): the database's `content_revision`
 * (migration 0007: every statement that changes a table an anonymous page shows bumps it in the writing
 * transaction) and the moment the next time-driven change is due (a job expiring, a scheduled job going
 * live), after which pages show something else although nothing was written.
 *
 * Exactness: a version is read by a statement that starts after the request arrived, so a request sent
 * after a write committed (on any process sharing the database) sees the write's revision. Requests that
 * arrive while a read runs share the next one, so under load there is at most one read running and one
 * waiting, whatever the number of requests.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';

/**
 * Tables whose rows never show on a page an anonymous visitor sees, so their writes keep cached pages.
 * Every other table bumps `content_revision` (migration 0007); a test checks that each table of the
 * database is in exactly one of the two lists, so a new table must be classified. Resumes and the resume
 * search (issue 17) are pages behind sign-in; orders, the ledger and contact messages (issue 16) are personal.
 * job_similar_places is written only by the triggers of job writes, which bump the revision themselves.
 */
export const tablesNotOnAnonymousPages: readonly string[] = [
  'account_tokens',
  'analytics_events',
  'application_files',
  'applications',
  'auth_accounts',
  'auth_attempts',
  'auth_sessions',
  'billing_profiles',
  'bookmarks',
  'consent_records',
  'contact_messages',
  'content_revision',
  'credit_balances',
  'credit_ledger_entries',
  'credit_reservations',
  'job_alert_digests',
  'job_alerts',
  'job_files',
  'job_payments',
  'job_similar_places',
  'job_state_changes',
  'job_view_counts',
  'masquerade_audit',
  // Branch home (issue 19): subscribers show nowhere.
  'newsletter_subscribers',
  'order_lines',
  'orders',
  'organization_invitations',
  'organization_members',
  'rate_limit_counters',
  // Branch alerts2 (issue 17): a recruiter's resume alerts and their digests show nowhere.
  'resume_alert_digests',
  'resume_alerts',
  'resume_attachments',
  'resume_contact_requests',
  'resume_facet_links',
  'resume_facet_terms',
  'resume_private',
  'resume_search_revision',
  'resumes',
  'search_changes',
  'search_revision',
  'subscriptions',
  'user_roles',
  'users',
];

/** The content version as one request read it. */
export interface ContentVersion {
  /** `content_revision`: every write of a table an anonymous page shows moves it. */
  revision: string;
  /** Database time of the read (ms since the epoch). */
  now: number;
  /** Database time of the next time-driven change of any content (a job expiring, a scheduled job going live). */
  nextChangeAt: number;
  /** Database time of the next scheduled publication alone (pages that name their own expiries change then). */
  nextPublicationAt: number;
  /** `<revision>.<epoch>`: equal tags, equal content of every anonymous page (the epoch moves at nextChangeAt). */
  tag: string;
}

export type ReadContentVersion = () => Promise<ContentVersion>;

interface Boundary {
  revision: string;
  /** Database time (ms since the epoch) of the next time-driven change; +Infinity when none is due. */
  nextChangeAt: number;
  nextPublicationAt: number;
  /** Distinguishes the versions before and after a time-driven change at the same revision. */
  epoch: number;
}

/** Reads the version: the revision and the time-driven boundaries at the time of the read. */
export function contentVersionReader(db: Database): ReadContentVersion {
  let boundary: Boundary | null = null;
  let epochs = 0;

  async function read(): Promise<ContentVersion> {
    const { rows } = await db.execute<{ revision: string | number; now: string | number }>(
      sql`select revision, extract(epoch from now()) * 1000 as now from content_revision`,
    );
    const revision = String(rows[0]?.revision ?? '0');
    const now = Number(rows[0]?.now ?? Date.now());
    if (boundary?.revision !== revision || now >= boundary.nextChangeAt) {
      boundary = { revision, ...(await nextTimeDrivenChanges(db)), epoch: ++epochs };
    }
    const { nextChangeAt, nextPublicationAt, epoch } = boundary;
    return { revision, now, nextChangeAt, nextPublicationAt, tag: `${revision}.${epoch}` };
  }

  let running: Promise<ContentVersion> | null = null;
  let waiting: Promise<ContentVersion> | null = null;

  function start(): Promise<ContentVersion> {
    const reading = read().finally(() => {
      if (running === reading) running = null;
    });
    running = reading;
    return reading;
  }

  return () => {
    if (!running) return start();
    // The running read may have started before this request's write was visible: take the next one.
    waiting ??= running
      .catch(() => undefined)
      .then(() => {
        waiting = null;
        return start();
      });
    return waiting;
  };
}

/**
 * When the next job expires or a scheduled job's or blog post's publication date arrives (database time,
 * ms), and when the next job's alone (the job pages' own boundary: they show no blog post).
 */
async function nextTimeDrivenChanges(db: Database): Promise<{ nextChangeAt: number; nextPublicationAt: number }> {
  const { rows } = await db.execute<{
    expiry: string | number | null;
    publication: string | number | null;
    post: string | number | null;
  }>(sql`
    select extract(epoch from (select min(expires_at) from jobs where expires_at > now())) * 1000 as expiry,
      extract(epoch from (select min(published_at) from jobs where published_at > now())) * 1000 as publication,
      extract(epoch from (select min(published_at) from blog_posts where published_at > now())) * 1000 as post`);
  const at = (value: string | number | null | undefined) =>
    value === null || value === undefined ? Number.POSITIVE_INFINITY : Number(value);
  const nextPublicationAt = at(rows[0]?.publication);
  return { nextChangeAt: Math.min(at(rows[0]?.expiry), nextPublicationAt, at(rows[0]?.post)), nextPublicationAt };
}
