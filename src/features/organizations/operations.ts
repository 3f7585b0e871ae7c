/** The backend operations of the organization pages (issue 15): the organization search. */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const searchOrganizations = defineOperation(
  'searchOrganizations',
  /* GraphQL */ `
    query searchOrganizations($input: OrganizationSearchInput!) {
      searchOrganizations(input: $input) {
        total
        page
        pageSize
        items {
          distanceKm
          organization {
            id
            name
            url
            openJobCount
            logo {
              url
              alt
            }
            address {
              locality
            }
            industry {
              tid
              label
            }
          }
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

export type OrganizationSearchResult = OperationData<typeof searchOrganizations>['searchOrganizations'];
export type OrganizationSearchHit = OrganizationSearchResult['items'][number];

/**
 * Issue 15 part 3: what the profile editor shows, for each profile the viewer may edit (active first), and
 * one asked for by id (`withProfile`): staff open any profile of the brand in the editor (to unpublish it).
 */
export const organizationProfileEditor = defineOperation(
  'organizationProfileEditor',
  /* GraphQL */ `
    query organizationProfileEditor($id: Int, $withProfile: Boolean!) {
      updatableOrganizationProfiles {
        ...editableProfile
      }
      organizationProfile(id: $id) @include(if: $withProfile) {
        canEdit
        ...editableProfile
      }
      organizationProfileOptions {
        industries {
          tid
          label
        }
        occupations {
          tid
          label
        }
        fieldsOfStudy {
          tid
          label
        }
        benefits {
          tid
          label
        }
      }
    }

    fragment editableProfile on OrganizationProfile {
      id
      name
      url
      published
      viewable
      alternativeName
      website
      size
      presentation
      coverUrl
      logo {
        url
      }
      personalInfo {
        salutation
        firstName
        lastName
        phone
        position
      }
      address {
        countryCode
        addressLine1
        addressLine2
        administrativeArea
        locality
        postalCode
      }
      socialProfiles {
        facebook
        twitter
        linkedin
        youtube
        xing
        instagram
        tiktok
        blueSky
      }
      industry {
        tid
      }
      occupations {
        tid
      }
      fieldsOfStudy {
        tid
      }
      benefits {
        tid
      }
      contactPersons {
        salutation
        firstName
        lastName
        photo
        email
        position
        phone
        linkedinProfile
        contactInfo
      }
      videos {
        source
        coverTitle
        cover
      }
      faq {
        question
        answer
      }
      locations {
        name
        address {
          countryCode
          addressLine1
          addressLine2
          administrativeArea
          locality
          postalCode
        }
      }
      gallery {
        url
        alt
        title
      }
      canManageAttachments
      attachments {
        id
        fileName
        size
        url
      }
    }
  `,
);

export type EditableProfile = OperationData<typeof organizationProfileEditor>['updatableOrganizationProfiles'][number];
export type ProfileEditorOptions = OperationData<typeof organizationProfileEditor>['organizationProfileOptions'];

export const saveOrganizationProfileSection = defineOperation(
  'saveOrganizationProfileSection',
  /* GraphQL */ `
    mutation saveOrganizationProfileSection($organizationId: Int!, $input: OrganizationProfileSectionInput!) {
      saveOrganizationProfileSection(organizationId: $organizationId, input: $input) {
        id
        published
      }
    }
  `,
);

export const setOrganizationProfilePublished = defineOperation(
  'setOrganizationProfilePublished',
  /* GraphQL */ `
    mutation setOrganizationProfilePublished($organizationId: Int!, $published: Boolean!) {
      setOrganizationProfilePublished(organizationId: $organizationId, published: $published) {
        id
        published
      }
    }
  `,
);

/** Sent as a multipart request (the image is the `file` variable). */
export const uploadOrganizationImage = defineOperation(
  'uploadOrganizationImage',
  /* GraphQL */ `
    mutation uploadOrganizationImage($organizationId: Int!, $kind: OrganizationImageKind!, $file: File!) {
      uploadOrganizationImage(organizationId: $organizationId, kind: $kind, file: $file) {
        url
        width
        height
      }
    }
  `,
);

/** Sent as a multipart request (the file is the `file` variable). */
export const addOrganizationAttachment = defineOperation(
  'addOrganizationAttachment',
  /* GraphQL */ `
    mutation addOrganizationAttachment($organizationId: Int!, $file: File!) {
      addOrganizationAttachment(organizationId: $organizationId, file: $file) {
        id
        fileName
        size
        url
      }
    }
  `,
);

export const removeOrganizationAttachment = defineOperation(
  'removeOrganizationAttachment',
  /* GraphQL */ `
    mutation removeOrganizationAttachment($organizationId: Int!, $id: Int!) {
      removeOrganizationAttachment(organizationId: $organizationId, id: $id)
    }
  `,
);
