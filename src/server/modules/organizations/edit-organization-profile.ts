/**
 * Profile editing (issue 15): a member of an organization (or staff) saves one section of its profile at a
 * time, and publishes it; staff can take it off the site again. Every section is checked with the schema
 * the editor island uses (src/lib/organizations/profile-sections.ts) and written in one transaction, so a
 * refused or failing save leaves the section as it was. The tables' triggers bump content_revision, so the
 * cached public page shows the change at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Locale } from '../../../../brands/types.ts';
import {
  profileSectionNames,
  profileSectionSchemas,
  type ProfileSectionName,
  type ProfileSectionValues,
} from '../../../lib/organizations/profile-sections.ts';
import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import {
  organizationBenefits,
  organizationContactPersons,
  organizationFaqs,
  organizationFieldsOfStudy,
  organizationGalleryImages,
  organizationIndustries,
  organizationLocations,
  organizationOccupations,
  organizations,
  organizationVideos,
  type Organization,
  organizationColumns,
} from '../../db/schema/organizations.ts';
import { taxonomyTerms, type Vocabulary } from '../../db/schema/taxonomy.ts';
import { sanitize } from '../../html/sanitize.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { getOrganizationAccess, type OrganizationAccess } from './get-organization-access.ts';
import type { OrganizationLoaders } from './loaders.ts';
import { removeOrganizationImage } from './organization-image-keys.ts';
import { coordinatesOfAddress } from './organization-place.ts';
import { isOrganizationOfBrand } from './organization-visibility.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ProfileEditOptions {
  db: Database;
  viewer: Viewer;
  loaders: Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;
  brandId: string;
  locale: Locale;
  input: unknown;
}

const organizationIdSchema = z.number().int().positive({ error: 'organizationId must be a positive organization id' });

/**
 * The organization `organizationId` of the request's brand and the viewer's access to it, when the viewer
 * may edit its profile: NOT_FOUND for another brand's or an unknown one, FORBIDDEN for non-members.
 */
export async function requireEditableOrganization(options: {
  viewer: Viewer;
  loaders: ProfileEditOptions['loaders'];
  brandId: string;
  locale: Locale;
  organizationId: number;
}): Promise<{ organization: Organization; access: OrganizationAccess }> {
  const { viewer, loaders, brandId, locale, organizationId } = options;
  requireSignedIn(viewer);
  const organization = await loaders.organization.load(organizationId);
  if (!organization || !isOrganizationOfBrand(organization, brandId)) {
    throw new AppError('NOT_FOUND', { key: 'error.organizationNotFound', params: { id: organizationId }, locale });
  }
  const access = await getOrganizationAccess({ viewer, loaders, organization });
  if (!access.canEditProfile) throw new AppError('FORBIDDEN', { key: 'orgEdit.error.forbidden', locale });
  return { organization, access };
}

const saveInputSchema = z.object({
  organizationId: organizationIdSchema,
  input: z
    .record(z.string(), z.unknown())
    .transform((sections) => Object.entries(sections).filter(([, value]) => value !== null && value !== undefined))
    .refine((entries) => entries.length === 1, { error: 'input must name exactly one section' })
    .transform((entries) => entries[0] as [string, unknown])
    .refine(([name]) => (profileSectionNames as string[]).includes(name), {
      error: `input's section must be one of ${profileSectionNames.join(', ')}`,
    })
    .transform(([name, values]) => ({ name: name as ProfileSectionName, values })),
});

/** Term link tables of the categories section and the vocabulary each one's terms must be of. */
const termLinks = {
  industry: { table: organizationIndustries, vocabulary: 'industry' },
  occupations: { table: organizationOccupations, vocabulary: 'occupational_field' },
  fieldsOfStudy: { table: organizationFieldsOfStudy, vocabulary: 'field_of_study' },
  benefits: { table: organizationBenefits, vocabulary: 'benefit' },
} as const satisfies Record<string, { table: PgTable; vocabulary: Vocabulary }>;

type PartTable = PgTable & { organizationId: PgColumn };

/** Replaces the organization's rows of a list section with `rows` in their order (weight). */
async function replaceParts(
  tx: Transaction,
  table: PartTable,
  organizationId: number,
  rows: Record<string, unknown>[],
): Promise<void> {
  await tx.delete(table).where(eq(table.organizationId, organizationId));
  if (rows.length === 0) return;
  await tx.insert(table).values(rows.map((row, weight) => ({ ...row, organizationId, weight })));
}

async function writeSection<TName extends ProfileSectionName>(
  tx: Transaction,
  organizationId: number,
  name: TName,
  section: ProfileSectionValues<TName>,
  locale: Locale,
): Promise<void> {
  const update = (values: Partial<typeof organizations.$inferInsert>) =>
    tx
      .update(organizations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
  switch (name) {
    case 'personalInfo':
    case 'basics':
      await update(section as ProfileSectionValues<'personalInfo' | 'basics'>);
      return;
    case 'companyInfo': {
      const { name: companyName, address } = section as ProfileSectionValues<'companyInfo'>;
      const [current] = await tx
        .select(organizationColumns)
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      const moved =
        current !== undefined &&
        (current.postalCode !== address.postalCode ||
          current.locality !== address.locality ||
          current.countryCode !== address.countryCode);
      // A changed place takes the coordinates of its town for the radius search (none when the gazetteer
      // does not know it): those of the old address would find the organization where it no longer is.
      await update({ name: companyName, ...address, ...(moved ? coordinatesOfAddress(address) : {}) });
      return;
    }
    case 'socialProfiles': {
      const { blueSky, ...others } = section as ProfileSectionValues<'socialProfiles'>;
      await update({ ...others, bluesky: blueSky });
      return;
    }
    case 'presentation': {
      const { presentation } = section as ProfileSectionValues<'presentation'>;
      const clean = presentation === null ? '' : sanitize(presentation, 'filtered_html').trim();
      await update({ presentation: clean === '' ? null : clean });
      return;
    }
    case 'categories': {
      const categories = section as ProfileSectionValues<'categories'>;
      for (const [field, { table, vocabulary }] of Object.entries(termLinks) as [
        keyof typeof termLinks,
        (typeof termLinks)[keyof typeof termLinks],
      ][]) {
        const ids = [...new Set(categories[field])];
        if (ids.length > 0) {
          const found = await tx
            .select({ id: taxonomyTerms.id })
            .from(taxonomyTerms)
            .where(and(inArray(taxonomyTerms.id, ids), eq(taxonomyTerms.vocabulary, vocabulary)));
          if (found.length !== ids.length) throw fieldRefusal(field, 'job.error.invalid', locale);
        }
        await tx.delete(table).where(eq(table.organizationId, organizationId));
        if (ids.length > 0) await tx.insert(table).values(ids.map((termId) => ({ organizationId, termId })));
      }
      await update({});
      return;
    }
    case 'contactPersons': {
      const { items } = section as ProfileSectionValues<'contactPersons'>;
      await replaceParts(
        tx,
        organizationContactPersons,
        organizationId,
        items.map(({ photo, ...person }) => ({ ...person, photoUrl: photo })),
      );
      return;
    }
    case 'videos': {
      const { items } = section as ProfileSectionValues<'videos'>;
      await replaceParts(
        tx,
        organizationVideos,
        organizationId,
        items.map(({ cover, ...video }) => ({ ...video, coverUrl: cover })),
      );
      return;
    }
    case 'faq':
      await replaceParts(tx, organizationFaqs, organizationId, (section as ProfileSectionValues<'faq'>).items);
      return;
    case 'locations': {
      const { items } = section as ProfileSectionValues<'locations'>;
      await replaceParts(
        tx,
        organizationLocations,
        organizationId,
        items.map(({ name, address }) => ({ name, ...address, ...coordinatesOfAddress(address) })),
      );
      return;
    }
    case 'gallery': {
      const { items } = section as ProfileSectionValues<'gallery'>;
      // Only images the gallery has: a save reorders, relabels and removes, never adds foreign ones.
      const existing = await tx
        .select({ imageUrl: organizationGalleryImages.imageUrl })
        .from(organizationGalleryImages)
        .where(eq(organizationGalleryImages.organizationId, organizationId));
      const known = new Set(existing.map((image) => image.imageUrl));
      const unknown = items.findIndex((image) => !known.has(image.url));
      if (unknown >= 0) throw fieldRefusal(`items.${unknown}.url`, 'orgEdit.error.image', locale);
      await replaceParts(
        tx,
        organizationGalleryImages,
        organizationId,
        items.map(({ url, ...image }) => ({ ...image, imageUrl: url })),
      );
      return;
    }
  }
}

/** The image URLs a list section's rows show (gallery pictures, contact photos, video covers). */
async function imageUrlsOf(tx: Transaction, organizationId: number, name: ProfileSectionName): Promise<string[]> {
  const urls = async (column: PgColumn, table: PartTable) =>
    (await tx.select({ url: column }).from(table).where(eq(table.organizationId, organizationId)))
      .map((row) => row.url as string | null)
      .filter((url): url is string => url !== null);
  switch (name) {
    case 'gallery':
      return urls(organizationGalleryImages.imageUrl, organizationGalleryImages);
    case 'contactPersons':
      return urls(organizationContactPersons.photoUrl, organizationContactPersons);
    case 'videos':
      return urls(organizationVideos.coverUrl, organizationVideos);
    default:
      return [];
  }
}

/**
 * saveOrganizationProfileSection: one section of the profile, exactly as the editor sends it. Field errors
 * are keyed like the section's form fields, in the visitor's language.
 */
export async function saveOrganizationProfileSection(
  options: ProfileEditOptions & { storageDirectory?: string },
): Promise<Organization> {
  const { db, locale } = options;
  const { organizationId, input } = parseInput(saveInputSchema, options.input);
  const { access } = await requireEditableOrganization({ ...options, organizationId });
  // The invoicing contact is the owner's (and staff's), as it is only shown to them.
  if (input.name === 'personalInfo' && !access.canAct) {
    throw new AppError('FORBIDDEN', { key: 'orgEdit.error.personalInfoOwnerOnly', locale });
  }
  const section = parseInput(profileSectionSchemas[input.name], input.values, { locale });
  const dropped = await db.transaction(async (tx) => {
    // Two saves of the same organization wait for each other rather than interleave their list rows.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const before = await imageUrlsOf(tx, organizationId, input.name);
    await writeSection(tx, organizationId, input.name, section, locale);
    const after = new Set(await imageUrlsOf(tx, organizationId, input.name));
    return before.filter((url) => !after.has(url));
  });
  // Uploaded images the section no longer shows are removed from storage once the save is committed.
  for (const url of dropped) await removeOrganizationImage(url, options.storageDirectory);
  options.loaders.organization.clear(organizationId);
  const saved = await options.loaders.organization.load(organizationId);
  if (!saved)
    throw new AppError('NOT_FOUND', { key: 'error.organizationNotFound', params: { id: organizationId }, locale });
  return saved;
}

const publishInputSchema = z.object({ organizationId: organizationIdSchema, published: z.boolean() });

/**
 * setOrganizationProfilePublished: members (and staff) publish the profile, which makes it public; only
 * staff take a published one off the site again.
 */
export async function setOrganizationProfilePublished(options: ProfileEditOptions): Promise<Organization> {
  const { db, locale } = options;
  const { organizationId, published } = parseInput(publishInputSchema, options.input);
  const { access } = await requireEditableOrganization({ ...options, organizationId });
  if (!published && !access.canUnpublish) {
    throw new AppError('FORBIDDEN', { key: 'orgEdit.error.unpublishStaffOnly', locale });
  }
  const [row] = await db
    .update(organizations)
    .set({ published, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!row)
    throw new AppError('NOT_FOUND', { key: 'error.organizationNotFound', params: { id: organizationId }, locale });
  options.loaders.organization.clear(organizationId).prime(organizationId, row);
  return row;
}
