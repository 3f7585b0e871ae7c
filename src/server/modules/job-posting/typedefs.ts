import { jobStates } from '../../db/schema/jobs.ts';
import { gql } from '../../graphql/module.ts';
import { jobStateActions } from '../../../lib/jobs/job-schema.ts';

/**
 * Job posting, the job manager and moderation (issue 13). Inputs take plain scalars (strings for dates and
 * choices) so that every wrong value reaches the one job schema (src/lib/jobs/job-schema.ts) and comes
 * back as a field error keyed by the form field, in the request's language: BAD_USER_INPUT with
 * `extensions.fieldErrors` (field → message).
 */
export const jobPostingTypeDefs = gql`
  "Workflow state of a job (SPEC section 4); draft is a saved job not yet submitted."
  enum JobState {
    ${jobStates.join('\n')}
  }

  "What a recruiter may do with an existing job (SPEC section 4)."
  enum JobStateAction {
    ${jobStateActions.join('\n')}
  }

  "One place of work, picked from the gazetteer."
  input JobLocationInput {
    addressLine1: String
    addressLine2: String
    postalCode: String
    locality: String
    administrativeArea: String
    "ISO 3166-1 alpha-2, e.g. DE."
    countryCode: String
    latitude: Float
    longitude: Float
  }

  input QualifyingQuestionInput {
    question: String
    required: Boolean
  }

  """
  Every field of the job form (SPEC section 3), named as the form names them. A draft may leave most of
  them empty; publishing needs what Google for Jobs requires.
  """
  input JobInput {
    # job_info
    "job_per_template, job_per_link or job_per_file (the brand's allowed types: jobFormOptions)."
    jobType: String
    title: String
    linkUrl: String
    "The token uploadJobFile answered for the job ad PDF (job_per_file)."
    file: String
    "Rich text (HTML); sanitised on save: filtered_html, full_html with iframes for staff."
    description: String
    availabilityPeriod: String
    videoUrl: String
    # company_info
    organizationId: Int
    logoUrl: String
    # job_location
    locations: [JobLocationInput!]
    remoteOptionId: Int
    # job_categorization
    employmentTypeIds: [Int!]
    occupationalFieldIds: [Int!]
    fieldOfStudyIds: [Int!]
    degreeLevelId: Int
    yearsOfExperienceId: Int
    salaryMin: Float
    salaryMax: Float
    "ISO 4217, e.g. EUR."
    currencyCode: String
    "hour, month or year"
    salaryUnit: String
    salaryFree: String
    languageIds: [Int!]
    languagesFree: String
    skillIds: [Int!]
    skillsFree: String
    # job_schedule
    "ISO 8601 with offset; a future date schedules the job."
    publishedAt: String
    "ISO 8601 with offset; after publishedAt."
    expiresAt: String
    durationDays: Int
    # job_application_options
    "email, link or on_site"
    applicationWorkflow: String
    applicationEmails: [String!]
    applicationLink: String
    applicationRequireCv: Boolean
    applicationRequireCoverLetter: Boolean
    applicationRequireQualifyingQuestions: Boolean
    applicationQualifyingQuestions: [QualifyingQuestionInput!]
    "de, en or fr"
    language: String
  }

  type JobFormLocation {
    addressLine1: String
    addressLine2: String
    postalCode: String
    locality: String
    administrativeArea: String
    countryCode: String
    latitude: Float!
    longitude: Float!
  }

  "A saved job's values in the shape of JobInput, to fill the form when editing."
  type JobFormValues {
    jobType: String!
    title: String!
    linkUrl: String
    file: String
    "The stored (sanitised) description."
    description: String
    availabilityPeriod: String
    videoUrl: String
    organizationId: Int!
    logoUrl: String
    locations: [JobFormLocation!]!
    remoteOptionId: Int
    employmentTypeIds: [Int!]!
    occupationalFieldIds: [Int!]!
    fieldOfStudyIds: [Int!]!
    degreeLevelId: Int
    yearsOfExperienceId: Int
    salaryMin: Float
    salaryMax: Float
    currencyCode: String
    salaryUnit: String
    salaryFree: String
    languageIds: [Int!]!
    languagesFree: String
    skillIds: [Int!]!
    skillsFree: String
    publishedAt: DateTime
    expiresAt: DateTime
    durationDays: Int
    applicationWorkflow: String!
    applicationEmails: [String!]!
    applicationLink: String
    applicationRequireCv: Boolean!
    applicationRequireCoverLetter: Boolean!
    applicationRequireQualifyingQuestions: Boolean!
    applicationQualifyingQuestions: [QualifyingQuestion!]!
    language: String!
  }

  "One recorded state change of a job: who, when, from, to and why."
  type JobStateChange {
    at: DateTime!
    "Null when the job was created."
    from: JobState
    to: JobState!
    reason: String
    "Display name of who changed it; null for the system (expiry, scheduled publishing)."
    actorName: String
  }

  extend type Job {
    "The workflow state as an enum (state is the same as text)."
    workflowState: JobState!
    createdAt: DateTime!
    updatedAt: DateTime!
    "Page views (job_view_counts, counted by the job page's view beacon); null unless the viewer may edit the job."
    views: Int
    "What the viewer may do with the job now (the job manager's actions); [] for visitors."
    availableActions: [JobStateAction!]!
    "Whether the viewer may edit the job (its organization's members and staff)."
    canEdit: Boolean!
    "The form's values; null unless the viewer may edit the job."
    formValues: JobFormValues
    "The recorded state changes, oldest first; [] unless the viewer may edit the job."
    stateHistory: [JobStateChange!]!
    "The reason of the latest rejection while the job is archived by it; null otherwise or for visitors."
    rejectionReason: String
  }

  "Choices of a vocabulary for the job form, in the request's language."
  type JobFormOptions {
    "The brand's allowed job types (brands/): the second brand offers template and link only."
    jobTypes: [String!]!
    "Organizations the viewer may post for (members; staff: the ones they belong to)."
    organizations: [OrganizationRef!]!
    employmentTypes: [TermRef!]!
    remoteOptions: [TermRef!]!
    occupationalFields: [TermRef!]!
    fieldsOfStudy: [TermRef!]!
    degreeLevels: [TermRef!]!
    yearsOfExperience: [TermRef!]!
    languages: [TermRef!]!
    skills: [TermRef!]!
    salaryUnits: [String!]!
    "Days a job runs when no expiry is given."
    defaultDurationDays: Int!
    "Staff write full_html (iframes, tables, media); everyone else filtered_html."
    fullHtml: Boolean!
  }

  type ManagedJobList {
    jobs: [Job!]!
    "All matching jobs, not just this page."
    total: Int!
    "10 (SPEC section 9)."
    pageSize: Int!
  }

  "Answer of uploadJobFile."
  type JobFileUpload {
    "Pass it as JobInput.file."
    file: String!
    fileName: String!
    size: Int!
  }

  extend type Query {
    """
    What the job form offers: the brand's job types, the viewer's organizations and the vocabularies.
    Requires a session (recruiter or staff).
    """
    jobFormOptions: JobFormOptions!
    """
    The job manager: jobs of the organizations the viewer belongs to (or of organizationId, which they
    must belong to; staff: any), newest first, 10 per page, optionally one state. Requires a session.
    """
    managedJobs(organizationId: Int, state: JobState, page: Int = 1): ManagedJobList!
    """
    Staff's moderation queue of the request's brand: jobs in needs_review first, then the others of the
    given states, oldest first; 10 per page. Staff only.
    """
    moderationQueue(states: [JobState!], page: Int = 1): ManagedJobList!
  }

  extend type Mutation {
    """
    Saves a new job for an organization the viewer may act for. publish = false keeps it a draft (may be
    incomplete); publish = true needs a complete job, submits it (needs_review, or published/scheduled at
    once for trusted organizations and staff) and pays for it in the same transaction.
    """
    createJob(input: JobInput!, publish: Boolean = false): Job!
    "Saves changes to a job; publish as in createJob (only for drafts; published jobs stay published)."
    updateJob(id: Int!, input: JobInput!, publish: Boolean = false): Job!
    "Copies a job into a new draft of the same organization."
    duplicateJob(id: Int!): Job!
    """
    publish (a draft: submit and pay), withdraw (archive), extend (a new expiry, default: the brand's
    duration) or repost (an archived job runs again as a new, paid posting).
    """
    changeJobState(id: Int!, action: JobStateAction!, expiresAt: String): Job!
    "Staff: a job in review goes live (or is scheduled for its publish date)."
    approveJob(id: Int!): Job!
    "Staff: a job in review is archived; the reason is e-mailed to the recruiter."
    rejectJob(id: Int!, reason: String!): Job!
    """
    Uploads a job ad PDF (job_per_file, at most 50 MB, checked by its first bytes) for an organization the
    viewer may act for; pass the answer's file as JobInput.file. Multipart request (GraphQL multipart
    request spec: operations, map and the file).
    """
    uploadJobFile(organizationId: Int!, file: File!): JobFileUpload!
    "Staff: a trusted organization's jobs go live without review; false sends them to review again."
    setOrganizationTrusted(organizationId: Int!, trusted: Boolean!): OrganizationProfile!
  }

  extend type OrganizationProfile {
    "Whether its jobs go live without review (staff mark it); null for everyone but staff."
    trusted: Boolean
  }
`;
