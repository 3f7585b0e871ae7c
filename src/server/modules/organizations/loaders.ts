import type DataLoader from 'dataloader';
import { asc, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { isAnyOf, preparedPerDatabase } from '../../db/prepared.ts';
import {
  organizationAttachments,
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
  organizationColumns,
} from '../../db/schema/organizations.ts';
import { organizationMembers } from '../../db/schema/users.ts';
import { rowsById, rowsByOwner } from '../../graphql/batch.ts';
import { linkedTerms } from '../base/loaders.ts';

/** A table of an organization's page parts, shown in their order (weight, then id). */
type PartTable = PgTable & { organizationId: PgColumn; weight: PgColumn; id: PgColumn };

function partsOf<TTable extends PartTable>(
  db: Database,
  table: TTable,
): DataLoader<number, (TTable['$inferSelect'] & { organizationId: number })[]> {
  type Row = TTable['$inferSelect'] & { organizationId: number };
  return rowsByOwner(
    async (ids) =>
      (await db
        .select()
        .from(table as PgTable)
        .where(inArray(table.organizationId, ids))
        .orderBy(asc(table.weight), asc(table.id))) as Row[],
    (row) => row.organizationId,
  );
}

const organizationsByIds = preparedPerDatabase((db) =>
  db
    .select(organizationColumns)
    .from(organizations)
    .where(isAnyOf(organizations.id, 'ids'))
    .prepare('organizations_by_ids'),
);

/** The organizations module's per-request loaders. */
export function createOrganizationLoaders(db: Database) {
  return {
    organization: rowsById((ids) => organizationsByIds(db).execute({ ids })),
    organizationIndustries: linkedTerms(db, organizationIndustries, organizationIndustries.organizationId),
    organizationBenefits: linkedTerms(db, organizationBenefits, organizationBenefits.organizationId),
    organizationOccupations: linkedTerms(db, organizationOccupations, organizationOccupations.organizationId),
    organizationFieldsOfStudy: linkedTerms(db, organizationFieldsOfStudy, organizationFieldsOfStudy.organizationId),
    organizationContactPersons: partsOf(db, organizationContactPersons),
    organizationGalleryImages: partsOf(db, organizationGalleryImages),
    organizationVideos: partsOf(db, organizationVideos),
    organizationLocations: partsOf(db, organizationLocations),
    organizationFaqs: partsOf(db, organizationFaqs),
    organizationAttachments: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationAttachments)
          .where(inArray(organizationAttachments.organizationId, ids))
          .orderBy(asc(organizationAttachments.createdAt), asc(organizationAttachments.id)),
      (row) => row.organizationId,
    ),
    /** A user's organization memberships, e.g. the viewer's for the access policy. */
    userMemberships: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationMembers)
          .where(inArray(organizationMembers.userId, ids))
          .orderBy(asc(organizationMembers.organizationId)),
      (row) => row.userId,
    ),
  };
}

export type OrganizationLoaders = ReturnType<typeof createOrganizationLoaders>;
