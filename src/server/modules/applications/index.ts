import { applicationStatuses, type ApplicationFile } from '../../db/schema/applications.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import { getApplicationForm, openOriginalAd, startJobApplication } from './get-application-form.ts';
import {
  listMyApplications,
  listReceivedApplications,
  markApplication,
  type ListedApplication,
} from './list-applications.ts';
import { submitApplication } from './submit-application.ts';
import { uploadApplicationFile } from './upload-application-file.ts';

/**
 * Job applications (issue 14): the quick apply steps of SPEC section 2 (basic info, questions, file upload,
 * review, success) for on_site and e-mail jobs, the applicant's and the recruiter's dashboards, and the
 * application analytics steps of SPEC section 4. Inputs take plain nullable scalars, so that every wrong
 * value reaches the one application schema (src/lib/applications/application-schema.ts) and comes back as a
 * field error keyed by the island's field, in the request's language (BAD_USER_INPUT, extensions.fieldErrors).
 */
export const applicationsModule: GraphQLModule = {
  typeDefs: gql`
    "How a recruiter marked an application."
    enum ApplicationStatus {
      ${applicationStatuses.join('\n')}
    }

    type ApplicationQuestion {
      question: String!
      "An answer is required."
      required: Boolean!
    }

    "The signed-in applicant's data the form starts with."
    type ApplicationPrefill {
      firstName: String
      lastName: String
      email: String!
    }

    "What the quick apply island needs for one job."
    type ApplicationForm {
      jobId: Int!
      title: String!
      organizationName: String!
      "on_site or email"
      workflow: String!
      requireCv: Boolean!
      requireCoverLetter: Boolean!
      "The job's qualifying questions, in order; answers are sent in the same order."
      questions: [ApplicationQuestion!]!
      """
      What stands between the viewer and sending: signInRequired (the brand forces registration),
      notApplicant (signed in without the applicant role), emailNotVerified; null when nothing does.
      """
      blocker: String
      "When the signed-in viewer applied for this job already; null otherwise (and for anonymous visitors)."
      appliedAt: DateTime
      "The signed-in viewer's name and address; null for anonymous visitors."
      prefill: ApplicationPrefill
    }

    "Answer of uploadApplicationFile."
    type ApplicationFileUpload {
      "Pass it as ApplicationInput.cvFile or coverLetterFile."
      file: String!
      fileName: String!
      size: Int!
    }

    "A file of a sent application."
    type ApplicationFileInfo {
      id: Int!
      "cv or cover_letter"
      kind: String!
      fileName: String!
      mimeType: String!
      size: Int!
      "GET it (applicant, the job's organization and staff only)."
      url: String!
    }

    type ApplicationAnswer {
      question: String!
      answer: String!
    }

    type JobApplication {
      id: Int!
      jobId: Int!
      jobTitle: String!
      "The job's page."
      jobUrl: String!
      organizationName: String!
      createdAt: DateTime!
      status: ApplicationStatus!
      firstName: String!
      lastName: String!
      email: String!
      phone: String
      answers: [ApplicationAnswer!]!
      files: [ApplicationFileInfo!]!
    }

    type ReceivedApplicationList {
      applications: [JobApplication!]!
      "All matching applications, not just this page."
      total: Int!
      pageSize: Int!
    }

    "Answer of submitApplication."
    type SubmittedApplication {
      id: Int!
      createdAt: DateTime!
      "False when the idempotency key was sent before: the application of the first request."
      created: Boolean!
    }

    "Every field of the quick apply form; nullable so that a missing value is a field error."
    input ApplicationInput {
      jobId: Int!
      "Chosen by the client once per application (a UUID): repeats give the same application."
      idempotencyKey: String
      firstName: String
      lastName: String
      email: String
      phone: String
      "Answers to the job's questions, in their order."
      answers: [String!]
      "Tokens uploadApplicationFile answered."
      cvFile: String
      coverLetterFile: String
    }

    extend type Query {
      "The quick apply form of an open on_site or email job of the brand (NOT_FOUND / CONFLICT otherwise)."
      applicationForm(jobId: Int!): ApplicationForm!
      "The signed-in applicant's applications on the brand, newest first."
      myApplications: [JobApplication!]!
      """
      Applications for the jobs of the organizations whose jobs the viewer manages (staff: all of the
      brand), newest first, 20 per page. Only where the brand enables recruiterDashboardShowsApplications.
      """
      receivedApplications(page: Int = 1, jobId: Int): ReceivedApplicationList!
    }

    extend type Mutation {
      "Records job_apply_start: the quick apply island showed its first step."
      startJobApplication(jobId: Int!): Boolean!
      """
      Uploads a CV (kind cv) or cover letter (kind cover_letter) for an application to an open job: pdf,
      jpg, jpeg, png or webp, at most 50 MB, checked by its first bytes. Multipart request (GraphQL multipart
      request spec). Unsent uploads are removed after a day.
      """
      uploadApplicationFile(jobId: Int!, kind: String!, file: File!): ApplicationFileUpload!
      """
      Sends an application: written with its files in one transaction; the employer and the applicant get
      their mails once. The same idempotencyKey again answers the same application (created: false).
      """
      submitApplication(input: ApplicationInput!): SubmittedApplication!
      "A recruiter marks an application (where the brand shows applications to recruiters)."
      markApplication(id: Int!, status: ApplicationStatus!): JobApplication!
      """
      Records view_original_ad for a link job's apply button and answers the employer's address (null when
      the job is not an open link job of the brand). Called by GET /api/apply-link/{id}.
      """
      openOriginalAd(jobId: Int!): String
    }
  `,
  resolvers: {
    Query: {
      applicationForm: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        getApplicationForm({ ...serviceOptionsOf(context), input: args }),
      myApplications: (_parent, _args, context: GraphQLContext) => listMyApplications(serviceOptionsOf(context)),
      receivedApplications: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        listReceivedApplications({ ...serviceOptionsOf(context), input: args }),
    },
    Mutation: {
      startJobApplication: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        startJobApplication({ ...serviceOptionsOf(context), input: args }),
      uploadApplicationFile: async (_parent, args: ResolverArgs, context: GraphQLContext) => {
        const file = await uploadApplicationFile({ ...serviceOptionsOf(context), input: args });
        return { file: file.uploadToken, fileName: file.fileName, size: file.sizeBytes };
      },
      submitApplication: async (_parent, args: ResolverArgs, context: GraphQLContext) => {
        const { application, created } = await submitApplication({
          ...serviceOptionsOf(context),
          input: args.input,
          authSecret: context.authSecret,
          clientAddress: context.clientAddress,
        });
        return { id: application.id, createdAt: application.createdAt, created };
      },
      markApplication: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        markApplication({ ...serviceOptionsOf(context), loaders: context.loaders, input: args }),
      openOriginalAd: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        openOriginalAd({ ...serviceOptionsOf(context), input: args }),
    },
    JobApplication: {
      jobUrl: (application: ListedApplication) => `/job/${application.jobId}`,
    },
    ApplicationFileInfo: {
      size: (file: ApplicationFile) => file.sizeBytes,
      url: (file: ApplicationFile) => `/api/application-files/${file.id}`,
    },
  },
};
