import type { Organization, OrganizationAttachment, OrganizationLocation } from '../../db/schema/organizations.ts';
import type { taxonomyTerms } from '../../db/schema/taxonomy.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { termRef } from '../base/terms.ts';
import { addOrganizationAttachment } from './add-organization-attachment.ts';
import { removeOrganizationAttachment } from './remove-organization-attachment.ts';
import {
  saveOrganizationProfileSection,
  setOrganizationProfilePublished,
  type ProfileEditOptions,
} from './edit-organization-profile.ts';
import { getOrganizationProfileOptions } from './get-organization-profile-options.ts';
import { uploadOrganizationImage } from './upload-organization-image.ts';
import { getOrganizationAccess } from './get-organization-access.ts';
import { getOrganizationProfile } from './get-organization-profile.ts';
import { listUpdatableOrganizationProfiles } from './list-updatable-organization-profiles.ts';
import {
  addressOf,
  attachmentUrlOf,
  logoOf,
  organizationRef,
  personalInfoOf,
  profilePathOf,
  socialProfilesOf,
} from './organization-presenters.ts';

type Term = typeof taxonomyTerms.$inferSelect;

async function canViewProfile(organization: Organization, context: GraphQLContext): Promise<boolean> {
  return (await getOrganizationAccess({ viewer: context.viewer, loaders: context.loaders, organization })).canView;
}

const profileEditOptions = (context: GraphQLContext, input: unknown): ProfileEditOptions => ({
  db: context.db,
  viewer: context.viewer,
  loaders: context.loaders,
  brandId: context.brand.id,
  locale: context.locale,
  input,
});

const termRefs = (terms: Promise<Term[]>, context: GraphQLContext) =>
  terms.then((list) => list.map((term) => termRef(term, context.locale)));

export const organizationsModule: GraphQLModule = {
  typeDefs: gql`
    "A postal address (SPEC section 3); shared by organizations, their locations and job locations."
    type Address {
      countryCode: String
      addressLine1: String
      addressLine2: String
      administrativeArea: String
      locality: String
      postalCode: String
    }

    "An organization as the session user and profiles refer to it."
    type OrganizationRef {
      id: Int!
      name: String!
      "User id of the owner; null when the owner's account was deleted."
      ownerId: Int
    }

    "The logo in the medium squared image style; alt and title are the organization's name. Null when the viewer cannot open the profile."
    type Logo {
      url: String!
      alt: String!
      title: String!
    }

    type SocialProfiles {
      facebook: String
      twitter: String
      linkedin: String
      youtube: String
      xing: String
      instagram: String
      tiktok: String
      blueSky: String
    }

    "The organization's contact for invoicing and account actions; never public."
    type PersonalInfo {
      salutation: String
      firstName: String
      lastName: String
      phone: String
      position: String
    }

    "A contact person shown on the organization page (public once the page is published)."
    type ContactPerson {
      id: Int!
      salutation: String
      firstName: String
      lastName: String
      "Photo URL."
      photo: String
      email: String
      position: String
      phone: String
      linkedinProfile: String
      contactInfo: String
    }

    type GalleryImage {
      id: Int!
      url: String!
      alt: String
      title: String
    }

    type Video {
      id: Int!
      "Cover image URL."
      cover: String
      coverTitle: String
      "Video URL (YouTube, Vimeo, …)."
      source: String!
    }

    "A further location of the organization."
    type OrganizationLocation {
      id: Int!
      name: String
      address: Address!
      "Null when the address could not be geocoded."
      latitude: Float
      longitude: Float
    }

    type Faq {
      id: Int!
      question: String!
      answer: String!
    }

    "A file (PDF or image) on the organization page."
    type Attachment {
      id: Int!
      "The uploaded file name, for display."
      fileName: String!
      mimeType: String!
      "Size in bytes."
      size: Int!
      "Where the site serves the file; it checks that the viewer may see the organization."
      url: String!
      createdAt: DateTime!
    }

    "An employer's public page (SPEC section 3)."
    type OrganizationProfile {
      id: Int!
      name: String!
      "Sanitised HTML (filtered_html)."
      presentation: String
      industry: [TermRef!]!
      benefits: [TermRef!]!
      occupations: [TermRef!]!
      fieldsOfStudy: [TermRef!]!
      organization: OrganizationRef!
      "The page path for the request's locale (locale prefix on brands with several languages)."
      url: String!
      "The page path without locale prefix, e.g. /organization/acme."
      urlNoPrefix: String!
      logo: Logo
      alternativeName: String
      website: String
      coverUrl: String
      size: String
      featured: Boolean!
      published: Boolean!
      address: Address!
      socialProfiles: SocialProfiles!
      "Invoicing contact; null unless the viewer owns the organization or is staff."
      personalInfo: PersonalInfo
      contactPersons: [ContactPerson!]!
      gallery: [GalleryImage!]!
      videos: [Video!]!
      locations: [OrganizationLocation!]!
      faq: [Faq!]!
      attachments: [Attachment!]!
      "Published jobs of the organization that have not expired."
      openJobCount: Int!
      """
      Whether the viewer may open the profile page: published, or the viewer is a member or staff. A job of
      an organization whose page the viewer cannot open names it without a link (and logo is null).
      """
      viewable: Boolean!
      "Whether the viewer may edit the profile and publish it (members and staff; issue 15)."
      canEdit: Boolean!
      "Whether the viewer may add and remove the page's attachments (the owner and staff)."
      canManageAttachments: Boolean!
    }

    extend type RouteContent {
      "The organization profile a route shows (kind OrganizationProfile), as Query.organizationProfile; null for other kinds."
      organizationProfile: OrganizationProfile
    }

    extend type Query {
      """
      The profiles of the request's brand the viewer may edit as owner or member, the one of their active
      organization first. Staff get only those they are members of. Requires a session.
      """
      updatableOrganizationProfiles: [OrganizationProfile!]!
      """
      One profile of the request's brand by id or by path (exactly one of them). Unpublished profiles are
      visible to their owner, members and staff only; null otherwise, and for another brand's profile.
      """
      organizationProfile(id: Int, path: String): OrganizationProfile
    }

    extend type Mutation {
      """
      Adds a PDF, JPG, PNG or WebP file (at most 50 MB) to the organization page; owner or staff only.
      Send it as a multipart request (GraphQL multipart request spec: operations, map and the file).
      """
      addOrganizationAttachment(organizationId: Int!, file: File!): Attachment!
      "Removes an attachment from the organization page, with its file; owner or staff only."
      removeOrganizationAttachment(organizationId: Int!, id: Int!): Boolean!
      """
      Saves one section of an organization's profile (exactly one field of input); members of the
      organization and staff only. Invalid input is BAD_USER_INPUT with fieldErrors keyed like the section's
      fields (items.0.email), in the request's language.
      """
      saveOrganizationProfileSection(
        organizationId: Int!
        input: OrganizationProfileSectionInput!
      ): OrganizationProfile!
      """
      Stores an image of the profile: JPG, PNG or WebP (proven by its first bytes), at most 10 MB; re-encoded
      in the size the pages show it in. A logo or cover replaces the current one, a gallery image is added to
      the gallery, a contact photo's URL is for the contactPersons section. Members and staff only; send it as
      a multipart request.
      """
      uploadOrganizationImage(organizationId: Int!, kind: OrganizationImageKind!, file: File!): OrganizationImage!
      "Publishes the profile (members and staff) or takes it off the site (published false: staff only)."
      setOrganizationProfilePublished(organizationId: Int!, published: Boolean!): OrganizationProfile!
    }

    enum OrganizationImageKind {
      logo
      cover
      gallery
      contactPhoto
      videoCover
    }

    "An uploaded, re-encoded image: where it is served and its size in pixels."
    type OrganizationImage {
      url: String!
      width: Int!
      height: Int!
    }

    "Terms the profile editor offers per category, in the request's language."
    type OrganizationProfileOptions {
      industries: [TermRef!]!
      occupations: [TermRef!]!
      fieldsOfStudy: [TermRef!]!
      benefits: [TermRef!]!
    }

    extend type Query {
      "The terms of the profile editor's categories section. Requires a session."
      organizationProfileOptions: OrganizationProfileOptions!
    }

    input PersonalInfoInput {
      salutation: String
      firstName: String
      lastName: String
      phone: String
      position: String
    }

    input AddressInput {
      countryCode: String
      addressLine1: String
      addressLine2: String
      administrativeArea: String
      locality: String
      postalCode: String
    }

    input CompanyInfoInput {
      name: String
      address: AddressInput
    }

    input ProfileBasicsInput {
      alternativeName: String
      website: String
      size: String
    }

    input SocialProfilesInput {
      facebook: String
      twitter: String
      linkedin: String
      youtube: String
      xing: String
      instagram: String
      tiktok: String
      blueSky: String
    }

    input PresentationInput {
      "HTML; sanitised (filtered_html) on save."
      presentation: String
    }

    input ProfileCategoriesInput {
      industry: [Int!]
      occupations: [Int!]
      fieldsOfStudy: [Int!]
      benefits: [Int!]
    }

    input ContactPersonInput {
      salutation: String
      firstName: String
      lastName: String
      "An image URL answered by uploadOrganizationImage (kind contactPhoto)."
      photo: String
      email: String
      position: String
      phone: String
      linkedinProfile: String
      contactInfo: String
    }

    input ContactPersonsInput {
      items: [ContactPersonInput!]
    }

    input VideoInput {
      source: String
      coverTitle: String
      cover: String
    }

    input VideosInput {
      items: [VideoInput!]
    }

    input FaqInput {
      question: String
      answer: String
    }

    input FaqsInput {
      items: [FaqInput!]
    }

    input OrganizationLocationInput {
      name: String
      "The town (locality) is required: the radius search places the location there."
      address: AddressInput
    }

    "The further locations in their order; a location left out is removed."
    input LocationsInput {
      items: [OrganizationLocationInput!]
    }

    input GalleryImageInput {
      url: String
      alt: String
      title: String
    }

    "The gallery's images in their order; an image left out is removed."
    input GalleryInput {
      items: [GalleryImageInput!]
    }

    "One section of the profile (SPEC section 3): set exactly one field."
    input OrganizationProfileSectionInput {
      personalInfo: PersonalInfoInput
      companyInfo: CompanyInfoInput
      locations: LocationsInput
      basics: ProfileBasicsInput
      socialProfiles: SocialProfilesInput
      presentation: PresentationInput
      categories: ProfileCategoriesInput
      contactPersons: ContactPersonsInput
      videos: VideosInput
      faq: FaqsInput
      gallery: GalleryInput
    }
  `,
  resolvers: {
    Query: {
      organizationProfileOptions: (_parent, _args, context: GraphQLContext) =>
        getOrganizationProfileOptions({ db: context.db, viewer: context.viewer, locale: context.locale }),
      updatableOrganizationProfiles: (_parent, _args, context: GraphQLContext) =>
        listUpdatableOrganizationProfiles({ db: context.db, viewer: context.viewer, brandId: context.brand.id }),
      organizationProfile: (_parent, args: unknown, context: GraphQLContext) =>
        getOrganizationProfile({
          db: context.db,
          viewer: context.viewer,
          loaders: context.loaders,
          brandId: context.brand.id,
          input: args,
        }),
    },
    RouteContent: {
      organizationProfile: (route: { kind: string; id: number }, _args, context: GraphQLContext) =>
        route.kind === 'OrganizationProfile'
          ? getOrganizationProfile({
              db: context.db,
              viewer: context.viewer,
              loaders: context.loaders,
              brandId: context.brand.id,
              input: { id: route.id },
            })
          : null,
    },
    Mutation: {
      saveOrganizationProfileSection: (_parent, args: unknown, context: GraphQLContext) =>
        saveOrganizationProfileSection(profileEditOptions(context, args)),
      uploadOrganizationImage: (_parent, args: unknown, context: GraphQLContext) =>
        uploadOrganizationImage(profileEditOptions(context, args)),
      setOrganizationProfilePublished: (_parent, args: unknown, context: GraphQLContext) =>
        setOrganizationProfilePublished(profileEditOptions(context, args)),
      addOrganizationAttachment: (_parent, args: unknown, context: GraphQLContext) =>
        addOrganizationAttachment({
          db: context.db,
          viewer: context.viewer,
          loaders: context.loaders,
          input: args,
          limits: context.brand.constants.attachments,
          locale: context.locale,
        }),
      removeOrganizationAttachment: (_parent, args: unknown, context: GraphQLContext) =>
        removeOrganizationAttachment(profileEditOptions(context, args)),
    },
    OrganizationProfile: {
      industry: (organization: Organization, _args, context: GraphQLContext) =>
        termRefs(context.loaders.organizationIndustries.load(organization.id), context),
      benefits: (organization: Organization, _args, context: GraphQLContext) =>
        termRefs(context.loaders.organizationBenefits.load(organization.id), context),
      occupations: (organization: Organization, _args, context: GraphQLContext) =>
        termRefs(context.loaders.organizationOccupations.load(organization.id), context),
      fieldsOfStudy: (organization: Organization, _args, context: GraphQLContext) =>
        termRefs(context.loaders.organizationFieldsOfStudy.load(organization.id), context),
      organization: (organization: Organization) => organizationRef(organization),
      url: (organization: Organization, _args, context: GraphQLContext) =>
        localizePath(profilePathOf(organization), context.locale, context.brand),
      urlNoPrefix: (organization: Organization) => profilePathOf(organization),
      logo: async (organization: Organization, _args, context: GraphQLContext) =>
        (await canViewProfile(organization, context)) ? logoOf(organization) : null,
      viewable: (organization: Organization, _args, context: GraphQLContext) => canViewProfile(organization, context),
      canEdit: async (organization: Organization, _args, context: GraphQLContext) =>
        (await getOrganizationAccess({ viewer: context.viewer, loaders: context.loaders, organization }))
          .canEditProfile,
      canManageAttachments: async (organization: Organization, _args, context: GraphQLContext) =>
        (await getOrganizationAccess({ viewer: context.viewer, loaders: context.loaders, organization })).canAct,
      address: (organization: Organization) => addressOf(organization),
      socialProfiles: (organization: Organization) => socialProfilesOf(organization),
      personalInfo: async (organization: Organization, _args, context: GraphQLContext) => {
        const access = await getOrganizationAccess({ viewer: context.viewer, loaders: context.loaders, organization });
        return access.canAct ? personalInfoOf(organization) : null;
      },
      contactPersons: async (organization: Organization, _args, context: GraphQLContext) =>
        (await context.loaders.organizationContactPersons.load(organization.id)).map((person) => ({
          ...person,
          photo: person.photoUrl,
        })),
      gallery: async (organization: Organization, _args, context: GraphQLContext) =>
        (await context.loaders.organizationGalleryImages.load(organization.id)).map((image) => ({
          ...image,
          url: image.imageUrl,
        })),
      videos: async (organization: Organization, _args, context: GraphQLContext) =>
        (await context.loaders.organizationVideos.load(organization.id)).map((video) => ({
          ...video,
          cover: video.coverUrl,
        })),
      locations: (organization: Organization, _args, context: GraphQLContext) =>
        context.loaders.organizationLocations.load(organization.id),
      faq: (organization: Organization, _args, context: GraphQLContext) =>
        context.loaders.organizationFaqs.load(organization.id),
      attachments: (organization: Organization, _args, context: GraphQLContext) =>
        context.loaders.organizationAttachments.load(organization.id),
      openJobCount: (organization: Organization, _args, context: GraphQLContext) =>
        context.loaders.organizationOpenJobCount.load(organization.id),
    },
    OrganizationLocation: {
      address: (location: OrganizationLocation) => addressOf(location),
    },
    Attachment: {
      size: (attachment: OrganizationAttachment) => attachment.sizeBytes,
      url: (attachment: OrganizationAttachment) => attachmentUrlOf(attachment),
    },
  },
};
