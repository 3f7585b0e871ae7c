import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import type { ResumeAttachment } from '../../db/schema/resumes.ts';
import { getMyResume, getResume, getResumeCompleteness, getResumeContact, type ResumeView } from './get-resume.ts';
import { proposeResumeImport } from './import-resume.ts';
import {
  applyResumeImport,
  removeResumeEntry,
  saveResumeSection,
  setResumeVisibility,
  type SavableSection,
} from './save-resume-section.ts';
import { AppError } from '../../errors.ts';
import { searchResumes } from './search-resumes.ts';
import {
  decideResumeContactRequest,
  listContactRequests,
  revokeResumeContactRequest,
  sendResumeContactRequest,
} from './contact-requests.ts';
import type { ResumeContactRequest } from '../../db/schema/resumes.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { resumes } from '../../db/schema/resumes.ts';
import { eq } from 'drizzle-orm';

/** A request as the list shows it: with its organization's name and the resume's title. */
async function withNames(context: GraphQLContext, request: ResumeContactRequest) {
  const [organization] = await context.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, request.organizationId));
  const [resume] = await context.db
    .select({ title: resumes.title })
    .from(resumes)
    .where(eq(resumes.id, request.resumeId));
  return { ...request, organizationName: organization?.name ?? '', resumeTitle: resume?.title ?? null };
}
import { removeResumeAttachment, uploadResumeAttachment } from './upload-resume-attachment.ts';

const entrySections = ['education', 'work_experience'] as const;

const save =
  (section: SavableSection) =>
  async (_parent: unknown, args: ResolverArgs, context: GraphQLContext): Promise<ResumeView> => ({
    resume: await saveResumeSection({ ...serviceOptionsOf(context), section, input: args.input }),
    contactAllowed: true,
  });

/**
 * Resumes (issue 17, decision 0021): the applicant's resume with the sections of SPEC 3, its visibility
 * (SPEC 4) and completeness (SPEC 9); the recruiter's view of a resume, whose `contact` (the private fields
 * of personal_info, the e-mail, the attachments) is null unless the viewer owns it, is staff, or their
 * organization holds an approved contact request. Only on brands with resumes (NOT_FOUND elsewhere).
 */
export const resumesModule: GraphQLModule = {
  typeDefs: gql`
    type ResumeJobPreferences {
      title: String!
      desiredOccupation: String
      employmentType: [String!]!
      desiredLocation: String
      desiredSalaryMin: Int
      desiredSalaryMax: Int
      careerStatus: String
      availableStart: String
      availabilityPeriods: [String!]!
    }

    type ResumeEducation {
      id: String!
      institution: String!
      degreeLevel: String
      fieldOfStudy: String
      studyProgram: String
      location: String
      "YYYY-MM"
      startMonth: String
      endMonth: String
      summary: String
    }

    type ResumeWorkExperience {
      id: String!
      jobTitle: String!
      occupation: String
      employmentType: String
      companyName: String
      location: String
      startMonth: String
      endMonth: String
      summary: String
    }

    type ResumeLanguages {
      languages: [String!]!
      languagesFree: String
      languageNotes: String
    }

    type ResumeSkills {
      skills: [String!]!
      skillsFree: String
      skillsNotes: String
    }

    type ResumeAttachmentInfo {
      id: Int!
      fileName: String!
      mimeType: String!
      size: Int!
      "GET it (owner, staff and approved contacts only)."
      url: String!
    }

    "The private part of a resume (SPEC 3): only for its owner, staff and an approved contact request."
    type ResumeContact {
      firstName: String!
      lastName: String!
      phone: String
      "YYYY-MM-DD"
      birthday: String
      homeLocation: String
      email: String!
      attachments: [ResumeAttachmentInfo!]!
    }

    type ResumeCompleteness {
      "0 to 100"
      percent: Int!
      "personalInfo, jobPreferences, education, workExperience, languages, skills, attachments"
      missing: [String!]!
    }

    type Resume {
      id: Int!
      "Shown to recruiters (SPEC 4 visibility toggle)."
      visible: Boolean!
      updatedAt: DateTime!
      salutation: String
      about: String
      "The region of the desired location."
      region: String
      jobPreferences: ResumeJobPreferences
      education: [ResumeEducation!]!
      workExperience: [ResumeWorkExperience!]!
      languages: ResumeLanguages
      skills: ResumeSkills
      completeness: ResumeCompleteness!
      "Null unless the viewer owns the resume, is staff, or holds an approved contact request for it."
      contact: ResumeContact
    }

    "Every field of personal_info; nullable so that a missing value is a field error."
    input ResumePersonalInfoInput {
      salutation: String
      firstName: String
      lastName: String
      phone: String
      birthday: String
      homeLocation: String
      about: String
    }

    input ResumeJobPreferencesInput {
      title: String
      desiredOccupation: String
      employmentType: [String!]
      desiredLocation: String
      desiredSalaryMin: String
      desiredSalaryMax: String
      careerStatus: String
      availableStart: String
      availabilityPeriods: [String!]
    }

    "Without id: a new entry; with the id of an entry: replaces it."
    input ResumeEducationInput {
      id: String
      institution: String
      degreeLevel: String
      fieldOfStudy: String
      studyProgram: String
      location: String
      startMonth: String
      endMonth: String
      summary: String
    }

    input ResumeWorkExperienceInput {
      id: String
      jobTitle: String
      occupation: String
      employmentType: String
      companyName: String
      location: String
      startMonth: String
      endMonth: String
      summary: String
    }

    input ResumeLanguagesInput {
      languages: [String!]
      languagesFree: String
      languageNotes: String
    }

    input ResumeSkillsInput {
      skills: [String!]
      skillsFree: String
      skillsNotes: String
    }

    enum ResumeFacetField {
      careerStatus
      languages
      skills
      occupations
      region
      fieldOfStudy
    }

    input ResumeFacetFilterInput {
      field: ResumeFacetField!
      "Ids of the facet's values (FacetValue.value)."
      values: [String!]!
    }

    input ResumeSearchInput {
      "Full text over titles, desired occupation, experience and skills."
      search: String
      "A place by its coordinates (radius one of the brand's options, default 100 km)."
      location: GeoLocationInput
      "A place by its name (a city, or a region such as Bayern); resolved on the server."
      place: String
      radius: Int
      facets: [ResumeFacetFilterInput!]
      page: Int
    }

    "A resume in the results: anonymised, without any private field or e-mail (SPEC 2)."
    type ResumeTeaser {
      id: Int!
      title: String
      desiredOccupation: String
      region: String
      careerStatus: String
      skills: [String!]!
      languages: [String!]!
      latestJobTitle: String
      experienceEntries: Int!
      updatedAt: DateTime!
      distanceKm: Float
    }

    type ResumeFacet {
      field: ResumeFacetField!
      values: [FacetValue!]!
    }

    type ResumeSearchResult {
      total: Int!
      page: Int!
      pageSize: Int!
      items: [ResumeTeaser!]!
      facets: [ResumeFacet!]!
      "The place name matched no known place (the search ran without a place)."
      unknownPlace: Boolean!
    }

    "A recruiter's request for contact with an applicant (SPEC 4). It shows no private field."
    type ResumeContactRequest {
      id: Int!
      resumeId: Int!
      resumeTitle: String
      organizationName: String!
      message: String!
      "pending, approved, declined, revoked or expired (14 days without an answer)"
      status: String!
      createdAt: DateTime!
      decidedAt: DateTime
      expiresAt: DateTime!
    }

    "Personal details found in an imported CV (a proposal: nothing is stored)."
    type ResumeImportPersonalInfo {
      firstName: String
      lastName: String
      email: String
      phone: String
      "YYYY-MM-DD"
      birthday: String
      homeLocation: String
    }

    type ResumeImportWorkExperience {
      jobTitle: String!
      companyName: String
      location: String
      "YYYY-MM"
      startMonth: String
      endMonth: String
      summary: String
    }

    type ResumeImportEducation {
      institution: String!
      degreeLevel: String
      studyProgram: String
      location: String
      startMonth: String
      endMonth: String
      summary: String
    }

    "What an uploaded CV says, mapped to the resume's sections, for the applicant to correct before saving."
    type ResumeImportProposal {
      "pdf or docx"
      fileType: String!
      "Pages of a PDF; null for a DOCX."
      pages: Int
      personalInfo: ResumeImportPersonalInfo!
      workExperience: [ResumeImportWorkExperience!]!
      education: [ResumeImportEducation!]!
      skills: [String!]!
      "Language codes (de, en, fr, …)."
      languages: [String!]!
      languagesFree: String
    }

    "The corrected proposal: each part checked by its section's schema; entries are added, skills and languages merged."
    input ResumeImportInput {
      personalInfo: ResumePersonalInfoInput
      workExperience: [ResumeWorkExperienceInput!]
      education: [ResumeEducationInput!]
      skills: ResumeSkillsInput
      languages: ResumeLanguagesInput
    }

    extend type Query {
      "The requests for the signed-in applicant's resume, newest first (their history)."
      myResumeContactRequests: [ResumeContactRequest!]!
      "The requests of the viewer's organizations, newest first; for one resume with resumeId."
      sentResumeContactRequests(resumeId: Int): [ResumeContactRequest!]!
      "Resume search for recruiters and staff: visible resumes of the brand, 10 per page (FORBIDDEN otherwise)."
      searchResumes(input: ResumeSearchInput): ResumeSearchResult!
      "The signed-in viewer's resume on the brand; null before the wizard's first step."
      myResume: Resume
      "A resume the viewer may read (NOT_FOUND otherwise: anonymous visitors, other applicants, hidden resumes)."
      resume(id: Int!): Resume!
    }

    extend type Mutation {
      "Creates the resume (hidden) or changes its personal info."
      saveResumePersonalInfo(input: ResumePersonalInfoInput!): Resume!
      saveResumeJobPreferences(input: ResumeJobPreferencesInput!): Resume!
      saveResumeEducation(input: ResumeEducationInput!): Resume!
      saveResumeWorkExperience(input: ResumeWorkExperienceInput!): Resume!
      saveResumeLanguages(input: ResumeLanguagesInput!): Resume!
      saveResumeSkills(input: ResumeSkillsInput!): Resume!
      "Removes an entry of education or work_experience."
      removeResumeEntry(section: String!, id: String!): Resume!
      """
      A recruiter asks for contact with a message: one resume contact (subscription slot or credit) is
      reserved, booked on approval, released on decline, revocation or after 14 days (QUOTA_EXCEEDED
      without one). The organization's open request for the resume is answered again instead of a second.
      """
      sendResumeContactRequest(resumeId: Int!, message: String!): ResumeContactRequest!
      "The applicant approves or declines a pending request for their resume."
      decideResumeContactRequest(id: Int!, approve: Boolean!): ResumeContactRequest!
      "The requesting organization withdraws a request, or the applicant an approval."
      revokeResumeContactRequest(id: Int!): ResumeContactRequest!
      "Shows the resume to recruiters or hides it."
      setResumeVisibility(visible: Boolean!): Resume!
      """
      Adds a file to the attachments box: pdf, jpg, jpeg, png or webp, at most 50 MB, checked by its first
      bytes; at most 10 files. Multipart request (GraphQL multipart request spec).
      """
      uploadResumeAttachment(file: File!): ResumeAttachmentInfo!
      "Removes a file of the attachments box; false when there is no such file of the viewer's."
      removeResumeAttachment(id: Int!): Boolean!
      """
      Reads a CV (PDF or DOCX, at most 10 MB and 10 pages, checked by its first bytes; 20 per hour) and
      proposes its sections; stores nothing. Multipart request (GraphQL multipart request spec).
      """
      proposeResumeImport(file: File!): ResumeImportProposal!
      "Saves the corrected proposal of an imported CV in one transaction."
      applyResumeImport(input: ResumeImportInput!): Resume!
    }
  `,
  resolvers: {
    Query: {
      myResumeContactRequests: (_parent, _args, context: GraphQLContext) =>
        listContactRequests({ ...serviceOptionsOf(context), side: 'applicant' }),
      sentResumeContactRequests: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        listContactRequests({
          ...serviceOptionsOf(context),
          side: 'recruiter',
          resumeId: typeof args.resumeId === 'number' ? args.resumeId : null,
        }),
      searchResumes: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        searchResumes({ ...serviceOptionsOf(context), input: args.input }),
      myResume: (_parent, _args, context: GraphQLContext) => getMyResume(serviceOptionsOf(context)),
      resume: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        getResume({ ...serviceOptionsOf(context), id: Number(args.id) }),
    },
    Mutation: {
      saveResumePersonalInfo: save('personal_info'),
      saveResumeJobPreferences: save('job_preferences'),
      saveResumeEducation: save('education'),
      saveResumeWorkExperience: save('work_experience'),
      saveResumeLanguages: save('languages'),
      saveResumeSkills: save('skills'),
      removeResumeEntry: async (_parent, args: ResolverArgs, context: GraphQLContext): Promise<ResumeView> => {
        const section = entrySections.find((candidate) => candidate === args.section);
        if (!section) throw new AppError('BAD_USER_INPUT', { key: 'resume.error.invalid', locale: context.locale });
        const id = String(args.id);
        return { resume: await removeResumeEntry({ ...serviceOptionsOf(context), section, id }), contactAllowed: true };
      },
      sendResumeContactRequest: async (_parent, args: ResolverArgs, context: GraphQLContext) =>
        withNames(context, (await sendResumeContactRequest({ ...serviceOptionsOf(context), input: args })).request),
      decideResumeContactRequest: async (_parent, args: ResolverArgs, context: GraphQLContext) =>
        withNames(
          context,
          await decideResumeContactRequest({
            ...serviceOptionsOf(context),
            id: Number(args.id),
            approve: args.approve === true,
          }),
        ),
      revokeResumeContactRequest: async (_parent, args: ResolverArgs, context: GraphQLContext) =>
        withNames(context, await revokeResumeContactRequest({ ...serviceOptionsOf(context), id: Number(args.id) })),
      uploadResumeAttachment: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        uploadResumeAttachment({ ...serviceOptionsOf(context), input: args }),
      proposeResumeImport: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        proposeResumeImport({ ...serviceOptionsOf(context), input: args }),
      applyResumeImport: async (_parent, args: ResolverArgs, context: GraphQLContext): Promise<ResumeView> => ({
        resume: await applyResumeImport({ ...serviceOptionsOf(context), input: args.input }),
        contactAllowed: true,
      }),
      removeResumeAttachment: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        removeResumeAttachment({ ...serviceOptionsOf(context), id: Number(args.id) }),
      setResumeVisibility: async (_parent, args: ResolverArgs, context: GraphQLContext): Promise<ResumeView> => ({
        resume: await setResumeVisibility({ ...serviceOptionsOf(context), visible: args.visible === true }),
        contactAllowed: true,
      }),
    },
    Resume: {
      id: (view: ResumeView) => view.resume.id,
      visible: (view: ResumeView) => view.resume.visible,
      updatedAt: (view: ResumeView) => view.resume.updatedAt,
      salutation: (view: ResumeView) => view.resume.salutation,
      about: (view: ResumeView) => view.resume.about,
      region: (view: ResumeView) => view.resume.region,
      jobPreferences: (view: ResumeView) => view.resume.jobPreferences,
      education: (view: ResumeView) => view.resume.education,
      workExperience: (view: ResumeView) => view.resume.workExperience,
      languages: (view: ResumeView) => view.resume.languages,
      skills: (view: ResumeView) => view.resume.skills,
      completeness: (view: ResumeView, _args, context: GraphQLContext) =>
        getResumeCompleteness({ db: context.db, resume: view.resume }),
      contact: (view: ResumeView, _args, context: GraphQLContext) =>
        getResumeContact({ db: context.db, viewer: context.viewer, view }),
    },
    ResumeAttachmentInfo: {
      size: (file: ResumeAttachment) => file.sizeBytes,
      url: (file: ResumeAttachment) => `/api/resume-files/${file.id}`,
    },
  },
};
