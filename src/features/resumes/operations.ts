import { defineOperation } from '../../lib/backend-client/index.ts';

/**
 * Resumes (issue 17): the applicant's resume and its sections, the recruiter's view of one resume. Errors of
 * the mutations carry `extensions.fieldErrors` (form field → message in the request's language).
 */

export const myResume = defineOperation(
  'myResume',
  /* GraphQL */ `
    query myResume {
      myResume {
        ...ResumeDetail
      }
    }

    fragment ResumeDetail on Resume {
      id
      visible
      updatedAt
      salutation
      about
      region
      jobPreferences {
        title
        desiredOccupation
        employmentType
        desiredLocation
        desiredSalaryMin
        desiredSalaryMax
        careerStatus
        availableStart
        availabilityPeriods
      }
      education {
        id
        institution
        degreeLevel
        fieldOfStudy
        studyProgram
        location
        startMonth
        endMonth
        summary
      }
      workExperience {
        id
        jobTitle
        occupation
        employmentType
        companyName
        location
        startMonth
        endMonth
        summary
      }
      languages {
        languages
        languagesFree
        languageNotes
      }
      skills {
        skills
        skillsFree
        skillsNotes
      }
      completeness {
        percent
        missing
      }
      contact {
        firstName
        lastName
        phone
        birthday
        homeLocation
        email
        attachments {
          id
          fileName
          mimeType
          size
          url
        }
      }
    }
  `,
);

export const resumeById = defineOperation(
  'resumeById',
  /* GraphQL */ `
    query resumeById($id: Int!) {
      resume(id: $id) {
        ...ResumeView
      }
    }

    fragment ResumeView on Resume {
      id
      visible
      updatedAt
      salutation
      about
      region
      jobPreferences {
        title
        desiredOccupation
        employmentType
        desiredLocation
        desiredSalaryMin
        desiredSalaryMax
        careerStatus
        availableStart
        availabilityPeriods
      }
      education {
        id
        institution
        degreeLevel
        fieldOfStudy
        studyProgram
        location
        startMonth
        endMonth
        summary
      }
      workExperience {
        id
        jobTitle
        occupation
        employmentType
        companyName
        location
        startMonth
        endMonth
        summary
      }
      languages {
        languages
        languagesFree
        languageNotes
      }
      skills {
        skills
        skillsFree
        skillsNotes
      }
      completeness {
        percent
        missing
      }
      contact {
        firstName
        lastName
        phone
        birthday
        homeLocation
        email
        attachments {
          id
          fileName
          mimeType
          size
          url
        }
      }
    }
  `,
);

export const saveResumePersonalInfo = defineOperation(
  'saveResumePersonalInfo',
  /* GraphQL */ `
    mutation saveResumePersonalInfo($input: ResumePersonalInfoInput!) {
      saveResumePersonalInfo(input: $input) {
        id
      }
    }
  `,
);

export const saveResumeJobPreferences = defineOperation(
  'saveResumeJobPreferences',
  /* GraphQL */ `
    mutation saveResumeJobPreferences($input: ResumeJobPreferencesInput!) {
      saveResumeJobPreferences(input: $input) {
        id
      }
    }
  `,
);

export const saveResumeEducation = defineOperation(
  'saveResumeEducation',
  /* GraphQL */ `
    mutation saveResumeEducation($input: ResumeEducationInput!) {
      saveResumeEducation(input: $input) {
        id
      }
    }
  `,
);

export const saveResumeWorkExperience = defineOperation(
  'saveResumeWorkExperience',
  /* GraphQL */ `
    mutation saveResumeWorkExperience($input: ResumeWorkExperienceInput!) {
      saveResumeWorkExperience(input: $input) {
        id
      }
    }
  `,
);

export const saveResumeLanguages = defineOperation(
  'saveResumeLanguages',
  /* GraphQL */ `
    mutation saveResumeLanguages($input: ResumeLanguagesInput!) {
      saveResumeLanguages(input: $input) {
        id
      }
    }
  `,
);

export const saveResumeSkills = defineOperation(
  'saveResumeSkills',
  /* GraphQL */ `
    mutation saveResumeSkills($input: ResumeSkillsInput!) {
      saveResumeSkills(input: $input) {
        id
      }
    }
  `,
);

export const removeResumeEntry = defineOperation(
  'removeResumeEntry',
  /* GraphQL */ `
    mutation removeResumeEntry($section: String!, $id: String!) {
      removeResumeEntry(section: $section, id: $id) {
        id
      }
    }
  `,
);

export const setResumeVisibility = defineOperation(
  'setResumeVisibility',
  /* GraphQL */ `
    mutation setResumeVisibility($visible: Boolean!) {
      setResumeVisibility(visible: $visible) {
        id
        visible
      }
    }
  `,
);

/** Sent as a GraphQL multipart request by the attachments box (SPEC section 7: operations, map and the file). */
export const uploadResumeAttachment = defineOperation(
  'uploadResumeAttachment',
  /* GraphQL */ `
    mutation uploadResumeAttachment($file: File!) {
      uploadResumeAttachment(file: $file) {
        id
        fileName
        size
        url
      }
    }
  `,
);

export const removeResumeAttachment = defineOperation(
  'removeResumeAttachment',
  /* GraphQL */ `
    mutation removeResumeAttachment($id: Int!) {
      removeResumeAttachment(id: $id)
    }
  `,
);

export const searchResumes = defineOperation(
  'searchResumes',
  /* GraphQL */ `
    query searchResumes($input: ResumeSearchInput) {
      searchResumes(input: $input) {
        total
        page
        pageSize
        unknownPlace
        items {
          id
          title
          desiredOccupation
          region
          careerStatus
          skills
          languages
          latestJobTitle
          experienceEntries
          updatedAt
          distanceKm
        }
        facets {
          field
          values {
            value
            label
            count
          }
        }
      }
    }
  `,
);

export const myResumeContactRequests = defineOperation(
  'myResumeContactRequests',
  /* GraphQL */ `
    query myResumeContactRequests {
      myResumeContactRequests {
        id
        resumeId
        resumeTitle
        organizationName
        message
        status
        createdAt
        decidedAt
        expiresAt
      }
    }
  `,
);

export const sentResumeContactRequests = defineOperation(
  'sentResumeContactRequests',
  /* GraphQL */ `
    query sentResumeContactRequests($resumeId: Int) {
      sentResumeContactRequests(resumeId: $resumeId) {
        id
        resumeId
        resumeTitle
        organizationName
        message
        status
        createdAt
        decidedAt
        expiresAt
      }
    }
  `,
);

export const sendResumeContactRequest = defineOperation(
  'sendResumeContactRequest',
  /* GraphQL */ `
    mutation sendResumeContactRequest($resumeId: Int!, $message: String!) {
      sendResumeContactRequest(resumeId: $resumeId, message: $message) {
        id
        status
      }
    }
  `,
);

export const decideResumeContactRequest = defineOperation(
  'decideResumeContactRequest',
  /* GraphQL */ `
    mutation decideResumeContactRequest($id: Int!, $approve: Boolean!) {
      decideResumeContactRequest(id: $id, approve: $approve) {
        id
        status
      }
    }
  `,
);

export const revokeResumeContactRequest = defineOperation(
  'revokeResumeContactRequest',
  /* GraphQL */ `
    mutation revokeResumeContactRequest($id: Int!) {
      revokeResumeContactRequest(id: $id) {
        id
        status
      }
    }
  `,
);

/** Reads an uploaded CV and proposes its sections (multipart; the wizard's import step). */
export const proposeResumeImport = defineOperation(
  'proposeResumeImport',
  /* GraphQL */ `
    mutation proposeResumeImport($file: File!) {
      proposeResumeImport(file: $file) {
        fileType
        pages
        personalInfo {
          firstName
          lastName
          email
          phone
          birthday
          homeLocation
        }
        workExperience {
          jobTitle
          companyName
          location
          startMonth
          endMonth
          summary
        }
        education {
          institution
          degreeLevel
          studyProgram
          location
          startMonth
          endMonth
          summary
        }
        skills
        languages
        languagesFree
      }
    }
  `,
);

/** Saves the corrected proposal of an imported CV. */
export const applyResumeImport = defineOperation(
  'applyResumeImport',
  /* GraphQL */ `
    mutation applyResumeImport($input: ResumeImportInput!) {
      applyResumeImport(input: $input) {
        id
        workExperience {
          id
          jobTitle
        }
        education {
          id
          institution
        }
      }
    }
  `,
);
