import { relations } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { addressColumns, coordinateColumns, createdAt, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
import { taxonomyTerms } from './taxonomy.ts';
import { organizationMembers, users } from './users.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    // Personal info: not public, used for invoicing and account actions.
    salutation: text('salutation'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    position: text('position'),
    // Company info: public once published.
    name: text('name').notNull(),
    ...addressColumns(),
    // Organization page.
    alternativeName: text('alternative_name'),
    logoUrl: text('logo_url'),
    coverUrl: text('cover_url'),
    website: text('website'),
    facebook: text('facebook'),
    twitter: text('twitter'),
    linkedin: text('linkedin'),
    youtube: text('youtube'),
    xing: text('xing'),
    instagram: text('instagram'),
    tiktok: text('tiktok'),
    bluesky: text('bluesky'),
    /** Sanitised HTML (filtered_html). */
    presentation: text('presentation'),
    size: text('size'),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** Public URL path such as /organization/<slug>; set when the page is first saved. */
    path: text('path'),
    ownerUserId: integer('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('organizations_path_unique').on(table.path),
    index('organizations_owner_user_id_idx').on(table.ownerUserId),
    index('organizations_published_featured_idx').on(table.published, table.featured),
  ],
);

/** Many-to-many link from an organization to taxonomy terms of one vocabulary. */
function organizationTermTable<TName extends string>(name: TName) {
  return pgTable(
    name,
    {
      organizationId: integer('organization_id')
        .notNull()
        .references(() => organizations.id, { onDelete: 'cascade' }),
      termId: integer('term_id')
        .notNull()
        .references(() => taxonomyTerms.id, { onDelete: 'cascade' }),
    },
    (table) => [
      primaryKey({ columns: [table.organizationId, table.termId] }),
      // Facet counts and filters go from the term to the organizations.
      index(`${name}_term_id_idx`).on(table.termId),
    ],
  );
}

export const organizationIndustries = organizationTermTable('organization_industries');
export const organizationOccupations = organizationTermTable('organization_occupations');
export const organizationFieldsOfStudy = organizationTermTable('organization_fields_of_study');
export const organizationBenefits = organizationTermTable('organization_benefits');

const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const organizationContactPersons = pgTable(
  'organization_contact_persons',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    salutation: text('salutation'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    photoUrl: text('photo_url'),
    email: text('email'),
    position: text('position'),
    phone: text('phone'),
    linkedinProfile: text('linkedin_profile'),
    contactInfo: text('contact_info'),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [index('organization_contact_persons_organization_id_idx').on(table.organizationId)],
);

export const organizationGalleryImages = pgTable(
  'organization_gallery_images',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    imageUrl: text('image_url').notNull(),
    alt: text('alt'),
    title: text('title'),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [index('organization_gallery_images_organization_id_idx').on(table.organizationId)],
);

export const organizationVideos = pgTable(
  'organization_videos',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    coverUrl: text('cover_url'),
    coverTitle: text('cover_title'),
    /** Video URL (YouTube, Vimeo, …). */
    source: text('source').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [index('organization_videos_organization_id_idx').on(table.organizationId)],
);

export const organizationLocations = pgTable(
  'organization_locations',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name'),
    ...addressColumns(),
    // Nullable: a location is kept even when geocoding fails.
    ...coordinateColumns(),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [index('organization_locations_organization_id_idx').on(table.organizationId)],
);

export const organizationFaqs = pgTable(
  'organization_faqs',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [index('organization_faqs_organization_id_idx').on(table.organizationId)],
);

export const organizationAttachments = pgTable(
  'organization_attachments',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Generated name in file storage, never the uploaded name (DESIGN.md, files). */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('organization_attachments_storage_key_unique').on(table.storageKey),
    index('organization_attachments_organization_id_idx').on(table.organizationId),
  ],
);

export const organizationsRelations = relations(organizations, ({ one, many }) => ({
  owner: one(users, { fields: [organizations.ownerUserId], references: [users.id] }),
  members: many(organizationMembers),
  jobs: many(jobs),
  industries: many(organizationIndustries),
  occupations: many(organizationOccupations),
  fieldsOfStudy: many(organizationFieldsOfStudy),
  benefits: many(organizationBenefits),
  contactPersons: many(organizationContactPersons),
  galleryImages: many(organizationGalleryImages),
  videos: many(organizationVideos),
  locations: many(organizationLocations),
  faqs: many(organizationFaqs),
  attachments: many(organizationAttachments),
}));

export const organizationIndustriesRelations = relations(organizationIndustries, ({ one }) => ({
  organization: one(organizations, { fields: [organizationIndustries.organizationId], references: [organizations.id] }),
  term: one(taxonomyTerms, { fields: [organizationIndustries.termId], references: [taxonomyTerms.id] }),
}));

export const organizationOccupationsRelations = relations(organizationOccupations, ({ one }) => ({
  organization: one(organizations, {
    fields: [organizationOccupations.organizationId],
    references: [organizations.id],
  }),
  term: one(taxonomyTerms, { fields: [organizationOccupations.termId], references: [taxonomyTerms.id] }),
}));

export const organizationFieldsOfStudyRelations = relations(organizationFieldsOfStudy, ({ one }) => ({
  organization: one(organizations, {
    fields: [organizationFieldsOfStudy.organizationId],
    references: [organizations.id],
  }),
  term: one(taxonomyTerms, { fields: [organizationFieldsOfStudy.termId], references: [taxonomyTerms.id] }),
}));

export const organizationBenefitsRelations = relations(organizationBenefits, ({ one }) => ({
  organization: one(organizations, { fields: [organizationBenefits.organizationId], references: [organizations.id] }),
  term: one(taxonomyTerms, { fields: [organizationBenefits.termId], references: [taxonomyTerms.id] }),
}));

export const organizationContactPersonsRelations = relations(organizationContactPersons, ({ one }) => ({
  organization: one(organizations, {
    fields: [organizationContactPersons.organizationId],
    references: [organizations.id],
  }),
}));

export const organizationGalleryImagesRelations = relations(organizationGalleryImages, ({ one }) => ({
  organization: one(organizations, {
    fields: [organizationGalleryImages.organizationId],
    references: [organizations.id],
  }),
}));

export const organizationVideosRelations = relations(organizationVideos, ({ one }) => ({
  organization: one(organizations, { fields: [organizationVideos.organizationId], references: [organizations.id] }),
}));

export const organizationLocationsRelations = relations(organizationLocations, ({ one }) => ({
  organization: one(organizations, { fields: [organizationLocations.organizationId], references: [organizations.id] }),
}));

export const organizationFaqsRelations = relations(organizationFaqs, ({ one }) => ({
  organization: one(organizations, { fields: [organizationFaqs.organizationId], references: [organizations.id] }),
}));

export const organizationAttachmentsRelations = relations(organizationAttachments, ({ one }) => ({
  organization: one(organizations, {
    fields: [organizationAttachments.organizationId],
    references: [organizations.id],
  }),
}));

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type OrganizationContactPerson = typeof organizationContactPersons.$inferSelect;
export type NewOrganizationContactPerson = typeof organizationContactPersons.$inferInsert;
export type OrganizationGalleryImage = typeof organizationGalleryImages.$inferSelect;
export type NewOrganizationGalleryImage = typeof organizationGalleryImages.$inferInsert;
export type OrganizationVideo = typeof organizationVideos.$inferSelect;
export type NewOrganizationVideo = typeof organizationVideos.$inferInsert;
export type OrganizationLocation = typeof organizationLocations.$inferSelect;
export type NewOrganizationLocation = typeof organizationLocations.$inferInsert;
export type OrganizationFaq = typeof organizationFaqs.$inferSelect;
export type NewOrganizationFaq = typeof organizationFaqs.$inferInsert;
export type OrganizationAttachment = typeof organizationAttachments.$inferSelect;
export type NewOrganizationAttachment = typeof organizationAttachments.$inferInsert;
