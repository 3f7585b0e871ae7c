import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addressColumns, coordinateColumns, createdAt } from './columns.ts';
import { taxonomyTerms } from './taxonomy.ts';
import { organizations } from './users.ts';

/**
 * The organizations table lives with the users (users.ts): the two point at each other
 * (organizations.owner_user_id, users.active_organization_id). This file holds the parts of an
 * organization's page and re-exports the table, so both are imported from here.
 */
export { organizationColumns, organizations, type NewOrganization, type Organization } from './users.ts';

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
  (table) => [
    index('organization_locations_organization_id_idx').on(table.organizationId),
    // The organization search's radius (sql-geo.ts inEarthBox), as job_locations_earth_idx for jobs.
    index('organization_locations_earth_idx').using('gist', sql`ll_to_earth(${table.latitude}, ${table.longitude})`),
  ],
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
