/**
 * A job page asks for a job and its similar jobs in one operation (the route's job and similar jobs, or
 * Query.job and Query.similarJobs side by side). Each of the two fields waits for the other before it
 * returns, so graphql-js asks for the fields of the job and of its teasers in the same pass, and every
 * per-request DataLoader (organizations, places, terms, URLs) reads them for both in one statement instead
 * of one for the job and one for the teasers. A field asked for alone does not wait.
 */
import type { GraphQLContext } from '../../graphql/context.ts';

type Side = 'job' | 'similar';

/** Per request (its loaders): the pending job and similar-jobs fields by job id. */
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `work`'s result, once the other side for the same job id has settled too (if the operation asks for it).
 * graphql-js calls the resolvers of sibling fields one after the other before any of them resumes, so the
 * other side is registered by the time `work` settles.
 */
export async function togetherWithOtherSide<T>(
  context: GraphQLContext,
  side: Side,
  jobId: number,
  work: Promise<T>,
): Promise<T> {
  let fields = pending.get(context.loaders);
  if (!fields) {
    fields = new Map();
    pending.set(context.loaders, fields);
  }
  fields.set(`${side}:${jobId}`, work);
  const result = await work;
  const other = fields.get(`${side === 'job' ? 'similar' : 'job'}:${jobId}`);
  // The other field's failure is its own error; this one answers regardless.
  if (other) await other.catch(() => undefined);
  return result;
}
