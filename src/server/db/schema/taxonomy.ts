import { check, index, integer, pgTable, serial, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isOneOf } from './columns.ts';

export const vocabularies = [
  'occupational_field',
  'industry',
  'employment_type',
  'remote_option',
  'years_of_experience',
  'degree_level',
  'field_of_study',
  'language',
  'skill',
  'benefit',
  'career_status',
  'region',
] as const;
export type Vocabulary = (typeof vocabularies)[number];

/** Every facet vocabulary in one table: facets and filters join the same way whatever the vocabulary. */
export const taxonomyTerms = pgTable(
  'taxonomy_terms',
  {
    id: serial('id').primaryKey(),
    vocabulary: text('vocabulary', { enum: vocabularies }).notNull(),
    slug: text('slug').notNull(),
    labelDe: text('label_de').notNull(),
    labelEn: text('label_en'),
    labelFr: text('label_fr'),
    weight: integer('weight').notNull().default(0),
    parentId: integer('parent_id').references((): AnyPgColumn => taxonomyTerms.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('taxonomy_terms_vocabulary_slug_unique').on(table.vocabulary, table.slug),
    check('taxonomy_terms_vocabulary_check', isOneOf(table.vocabulary, vocabularies)),
    index('taxonomy_terms_parent_id_idx').on(table.parentId),
  ],
);

export type TaxonomyTerm = typeof taxonomyTerms.$inferSelect;
export type NewTaxonomyTerm = typeof taxonomyTerms.$inferInsert;
