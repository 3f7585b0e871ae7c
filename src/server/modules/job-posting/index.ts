import { and, asc, desc, eq } from 'drizzle-orm';
import { jobStateChanges, jobViewCounts } from '../../db/schema/jobs.ts';
import { users, type Organization } from '../../db/schema/users.ts';
import { isStaff } from '../../auth/viewer.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import { approveJob } from './approve-job.ts';
import { changeJobState } from './change-job-state.ts';
import { createJob } from './create-job.ts';
import { duplicateJob } from './duplicate-job.ts';
import { canManageJobsOf } from './job-access.ts';
import { getJobFormOptions } from './get-job-form-options.ts';
import { formValuesOf } from './job-form-values.ts';
import { actionsByState, withdrawnReason } from './job-workflow.ts';
import type { JobServiceOptions } from './job-fields.ts';
import { listManagedJobs } from './list-managed-jobs.ts';
import { listModerationQueue } from './list-moderation-queue.ts';
import { rejectJob } from './reject-job.ts';
import { setOrganizationTrusted } from './set-organization-trusted.ts';
import { updateJob } from './update-job.ts';
import { uploadJobFile } from './upload-job-file.ts';
import { jobPostingTypeDefs } from './typedefs.ts';

const serviceOptions = (context: GraphQLContext): JobServiceOptions => serviceOptionsOf(context);

/** Whether the viewer manages the job's organization's jobs (the access policy; loaders cache it). */
const canManage = async (job: JobRow, context: GraphQLContext) =>
  (await canManageJobsOf(context.viewer, context.loaders, job.organizationId)).canManage;

/** `value` for those who manage the job, `otherwise` for everyone else. */
async function forManagers<T>(job: JobRow, context: GraphQLContext, value: () => Promise<T> | T, otherwise: T) {
  return (await canManage(job, context)) ? value() : otherwise;
}

export const jobPostingModule: GraphQLModule = {
  typeDefs: gql`
    ${jobPostingTypeDefs}
  `,
  resolvers: {
    Query: {
      jobFormOptions: (_parent, _args, context: GraphQLContext) => getJobFormOptions(serviceOptions(context)),
      managedJobs: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        listManagedJobs({ ...serviceOptions(context), input: args }),
      moderationQueue: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        listModerationQueue({ ...serviceOptions(context), input: args }),
    },
    Mutation: {
      createJob: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        createJob({ ...serviceOptions(context), input: args.input, publish: args.publish }),
      updateJob: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        updateJob({ ...serviceOptions(context), id: args.id, input: args.input, publish: args.publish }),
      duplicateJob: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        duplicateJob({ ...serviceOptions(context), id: args.id }),
      changeJobState: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        changeJobState({ ...serviceOptions(context), id: args.id, action: args.action, expiresAt: args.expiresAt }),
      approveJob: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        approveJob({ ...serviceOptions(context), id: args.id }),
      setOrganizationTrusted: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        setOrganizationTrusted({ ...serviceOptions(context), input: args }),
      rejectJob: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        rejectJob({ ...serviceOptions(context), id: args.id, reason: args.reason }),
      uploadJobFile: async (_parent, args: ResolverArgs, context: GraphQLContext) => {
        const file = await uploadJobFile({ ...serviceOptions(context), input: args });
        return { file: String(file.id), fileName: file.fileName, size: file.sizeBytes };
      },
    },
    OrganizationProfile: {
      trusted: (organization: Organization, _args, context: GraphQLContext) =>
        isStaff(context.viewer) ? organization.trusted : null,
    },
    Job: {
      workflowState: (job: JobRow) => job.state,
      canEdit: (job: JobRow, _args, context: GraphQLContext) => canManage(job, context),
      availableActions: (job: JobRow, _args, context: GraphQLContext) =>
        forManagers(job, context, () => actionsByState[job.state], []),
      views: (job: JobRow, _args, context: GraphQLContext) =>
        forManagers(
          job,
          context,
          async () => {
            const [row] = await context.db
              .select({ views: jobViewCounts.views })
              .from(jobViewCounts)
              .where(eq(jobViewCounts.jobId, job.id));
            return row?.views ?? 0;
          },
          null,
        ),
      formValues: (job: JobRow, _args, context: GraphQLContext) =>
        forManagers(job, context, () => formValuesOf(context.db, job), null),
      stateHistory: (job: JobRow, _args, context: GraphQLContext) =>
        forManagers(
          job,
          context,
          async () => {
            const rows = await context.db
              .select({
                at: jobStateChanges.createdAt,
                from: jobStateChanges.fromState,
                to: jobStateChanges.toState,
                reason: jobStateChanges.reason,
                displayName: users.displayName,
                firstName: users.firstName,
                lastName: users.lastName,
              })
              .from(jobStateChanges)
              .leftJoin(users, eq(users.id, jobStateChanges.actorUserId))
              .where(eq(jobStateChanges.jobId, job.id))
              .orderBy(asc(jobStateChanges.createdAt), asc(jobStateChanges.id));
            return rows.map(({ displayName, firstName, lastName, ...change }) => ({
              ...change,
              actorName: displayName ?? ([firstName, lastName].filter(Boolean).join(' ') || null),
            }));
          },
          [],
        ),
      rejectionReason: (job: JobRow, _args, context: GraphQLContext) =>
        job.state !== 'archived'
          ? null
          : forManagers(
              job,
              context,
              async () => {
                const [last] = await context.db
                  .select({ from: jobStateChanges.fromState, reason: jobStateChanges.reason })
                  .from(jobStateChanges)
                  .where(and(eq(jobStateChanges.jobId, job.id), eq(jobStateChanges.toState, 'archived')))
                  .orderBy(desc(jobStateChanges.id))
                  .limit(1);
                return last?.from === 'needs_review' && last.reason !== withdrawnReason ? last.reason : null;
              },
              null,
            ),
    },
  },
};
