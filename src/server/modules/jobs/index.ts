import { z } from 'zod';
import { salaryUnits, type JobLocation } from '../../db/schema/jobs.ts';
import type { taxonomyTerms } from '../../db/schema/taxonomy.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { clientKeyOf } from '../../limits/request-rate.ts';
import { parseInput } from '../../validation.ts';
import { contentLanguageOf, termRef } from '../base/terms.ts';
import { addressOf } from '../organizations/organization-presenters.ts';
import type { RouteInfo } from '../routing/get-route-info.ts';
import { getJob } from './get-job.ts';
import { togetherWithOtherSide } from './job-page-fields.ts';
import type { JobRow } from './job-columns.ts';
import { applicationOf, jobPathOf, salaryOf } from './job-presenters.ts';
import { isExpired } from './job-visibility.ts';
import { listLatestJobs } from './list-latest-jobs.ts';
import { listSimilarJobs } from './list-similar-jobs.ts';
import { jobViewCounterOf } from './job-views.ts';

const recordJobViewInput = z.object({ jobId: z.number().int().positive() });

type Term = typeof taxonomyTerms.$inferSelect;

const termRefs = (terms: Promise<Term[]>, context: GraphQLContext) =>
  terms.then((list) => list.map((term) => termRef(term, context.locale)));

const optionalTerm = async (id: number | null, context: GraphQLContext) => {
  if (id === null) return null;
  const term = await context.loaders.term.load(id);
  return term && termRef(term, context.locale);
};

type RouteContent = Extract<RouteInfo, { __typename: 'RouteContent' }>;

const jobOf = (context: GraphQLContext, input: unknown) =>
  getJob({ db: context.db, viewer: context.viewer, loaders: context.loaders, brandId: context.brand.id, input });

const similarJobsOf = (context: GraphQLContext, input: unknown) =>
  listSimilarJobs({
    db: context.db,
    brandId: context.brand.id,
    input,
    // Through the request's loader: the rows of a job and of its similar jobs are read once per request.
    loadJobs: (ids) => context.loaders.job.loadMany(ids),
    readRevision: context.loaders.searchRevision,
  });

export const jobsModule: GraphQLModule = {
  typeDefs: gql`
    "A place of work with its coordinates."
    type JobLocation {
      address: Address!
      latitude: Float!
      longitude: Float!
    }

    "The period a salary amount is paid for."
    enum SalaryUnit {
      ${salaryUnits.join('\n')}
    }

    type SalaryRange {
      min: Float
      max: Float
      "ISO 4217, e.g. EUR."
      currencyCode: String!
      unit: SalaryUnit!
      "The amounts per year (hourly rates at 2080 hours), for comparing ranges."
      minYearly: Float
      maxYearly: Float
    }

    type QualifyingQuestion {
      question: String!
      required: Boolean!
    }

    "How to apply for a job (SPEC section 3, job_application_options)."
    type JobApplicationOptions {
      "email, link or on_site"
      workflow: String!
      """
      Addresses applications are sent to. Empty for anonymous viewers, so that the public API cannot be
      scraped for recruiters' addresses; signed-in users see them.
      """
      emails: [String!]!
      link: String
      requireCv: Boolean!
      requireCoverLetter: Boolean!
      requireQualifyingQuestions: Boolean!
      qualifyingQuestions: [QualifyingQuestion!]!
    }

    type Job {
      id: Int!
      title: String!
      "job_per_template, job_per_link or job_per_file"
      jobType: String!
      "needs_review, published, archived or scheduled"
      state: String!
      "Sanitised HTML (filtered_html)."
      description: String
      linkUrl: String
      videoUrl: String
      availabilityPeriod: String
      organization: OrganizationProfile!
      locations: [JobLocation!]!
      employmentTypes: [TermRef!]!
      occupationalFields: [TermRef!]!
      remoteOption: TermRef
      yearsOfExperience: TermRef
      degreeLevel: TermRef
      skills: [TermRef!]!
      languages: [TermRef!]!
      "Null when the job states no salary."
      salary: SalaryRange
      publishedAt: DateTime
      expiresAt: DateTime
      isExpired: Boolean!
      isTop: Boolean!
      "Content language: de, en or fr."
      language: String!
      "The job's path alias, else /job/<id>."
      url: String!
      application: JobApplicationOptions!
    }

    type JobList {
      jobs: [Job!]!
      "All matching jobs, not just this page."
      total: Int!
    }

    extend type OrganizationProfile {
      "The organization's open jobs of the request's brand, newest first; limit 1 to 50."
      openJobs(limit: Int = 10, offset: Int = 0): JobList!
    }

    extend type Query {
      """
      One job of the request's brand (frontend header). Published and archived (also expired) jobs are
      public; drafts and jobs in review or scheduled are visible to the organization's recruiters and to staff
      only, null for everyone else. Another brand's job is null.
      """
      job(id: Int!): Job
      "The newest open jobs (published, not expired) of the request's brand, newest first; limit 1 to 50."
      latestJobs(limit: Int = 10, offset: Int = 0): JobList!
      "Open jobs of the request's brand in the same occupational field as a job, nearest first; limit 1 to 10."
      similarJobs(jobId: Int!, limit: Int = 4): [Job!]!
    }

    extend type Mutation {
      """
      Counts a view of a job's page for the job manager (the page's view beacon): once per client address and
      job per half hour; an id that is not a job of the request's brand counts nothing. True if counted.
      """
      recordJobView(jobId: Int!): Boolean!
    }

    extend type RouteContent {
      "The job a route shows (kind Job), as Query.job answers it; null for other kinds."
      job: Job
      "The similar jobs of the job a route shows (kind Job), as Query.similarJobs; [] for other kinds."
      similarJobs(limit: Int = 4): [Job!]!
    }
  `,
  resolvers: {
    Mutation: {
      recordJobView: (_parent, args: unknown, context: GraphQLContext) => {
        const { jobId } = parseInput(recordJobViewInput, args);
        return jobViewCounterOf(context.db).count(context.brand.id, jobId, clientKeyOf(context.clientAddress));
      },
    },
    Query: {
      job: (_parent, args: { id?: unknown }, context: GraphQLContext) =>
        togetherWithOtherSide(context, 'job', Number(args.id), jobOf(context, args)),
      latestJobs: (_parent, args: unknown, context: GraphQLContext) =>
        listLatestJobs({ db: context.db, brandId: context.brand.id, input: args }),
      similarJobs: (_parent, args: { jobId?: unknown }, context: GraphQLContext) =>
        togetherWithOtherSide(context, 'similar', Number(args.jobId), similarJobsOf(context, args)),
    },
    OrganizationProfile: {
      openJobs: (organization: { id: number }, args: unknown, context: GraphQLContext) =>
        listLatestJobs({ db: context.db, brandId: context.brand.id, input: args, organizationId: organization.id }),
    },
    RouteContent: {
      job: (route: RouteContent, _args, context: GraphQLContext) =>
        route.kind === 'Job' ? togetherWithOtherSide(context, 'job', route.id, jobOf(context, { id: route.id })) : null,
      similarJobs: (route: RouteContent, args: { limit?: unknown }, context: GraphQLContext) =>
        route.kind === 'Job'
          ? togetherWithOtherSide(context, 'similar', route.id, similarJobsOf(context, { ...args, jobId: route.id }))
          : [],
    },
    Job: {
      organization: async (job: JobRow, _args, context: GraphQLContext) => {
        const organization = await context.loaders.organization.load(job.organizationId);
        // jobs.organization_id is a foreign key with ON DELETE RESTRICT: a job always has its organization.
        if (!organization) throw new Error(`Organization ${job.organizationId} of job ${job.id} is missing.`);
        return organization;
      },
      locations: (job: JobRow, _args, context: GraphQLContext) => context.loaders.jobLocations.load(job.id),
      employmentTypes: (job: JobRow, _args, context: GraphQLContext) =>
        termRefs(context.loaders.jobEmploymentTypes.load(job.id), context),
      occupationalFields: (job: JobRow, _args, context: GraphQLContext) =>
        termRefs(context.loaders.jobOccupationalFields.load(job.id), context),
      skills: (job: JobRow, _args, context: GraphQLContext) =>
        termRefs(context.loaders.jobSkills.load(job.id), context),
      languages: (job: JobRow, _args, context: GraphQLContext) =>
        termRefs(context.loaders.jobLanguages.load(job.id), context),
      remoteOption: (job: JobRow, _args, context: GraphQLContext) => optionalTerm(job.remoteOptionId, context),
      yearsOfExperience: (job: JobRow, _args, context: GraphQLContext) =>
        optionalTerm(job.yearsOfExperienceId, context),
      degreeLevel: (job: JobRow, _args, context: GraphQLContext) => optionalTerm(job.degreeLevelId, context),
      salary: (job: JobRow) => salaryOf(job),
      isExpired: (job: JobRow) => isExpired(job),
      url: async (job: JobRow, _args, context: GraphQLContext) =>
        jobPathOf(job, await context.loaders.jobPathAliases.load(job.id), contentLanguageOf(context.locale)),
      application: (job: JobRow, _args, context: GraphQLContext) => applicationOf(job, context.viewer),
    },
    JobLocation: {
      address: (location: JobLocation) => addressOf(location),
    },
  },
};
