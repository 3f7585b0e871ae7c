/**
 * Writes the demo data into a migrated database: everything inside ONE transaction, jobs generated and
 * inserted batch by batch so memory stays flat for 100,000 jobs. The marker row (app_config
 * system/demo_seed) is the transaction's last write, so a database either has the marker and all the
 * data or – after a crash, kill -9 included – neither.
 */
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { brandIds, brands } from '../../../brands/index.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { CreditKind, RoleId, Vocabulary } from '../db/schema/index.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer.ts';
import {
  generateAppConfig,
  generateBlogPosts,
  generateCommerce,
  generateConsents,
  generateLandingPages,
  generateMetatags,
  generateProducts,
  generateRedirects,
} from './generate-content.ts';
import { createJobGenerator, type JobDraft } from './generate-jobs.ts';
import {
  createPerson,
  generateOrganizations,
  type OrganizationDraft,
  type PersonDraft,
} from './generate-organizations.ts';
import { generateTaxonomyTerms } from './generate-taxonomies.ts';
import { generateResume } from './generate-resumes.ts';
import { searchColumnsOf, writeFacetLinks } from '../modules/resumes/save-resume-section.ts';
import { createRandom } from './random.ts';
import { createShowcaseImages, showcaseOrganizationIndex, type ShowcaseImages } from './showcase-images.ts';
import { slugifyGerman } from './slug.ts';

export type SeedPhase = 'taxonomies' | 'organizations' | 'jobs' | 'content';

export interface SeedOptions {
  jobs: number;
  organizations: number;
  seed: number;
  /** "Now" for the generated dates (published within the 60 days before it); defaults to the current time. */
  referenceDate?: Date;
  /** Called after every batch; an exception aborts the seed and rolls everything back. */
  onProgress?: (done: number, total: number, phase: SeedPhase) => void;
  /** Jobs per insert (default 500). */
  batchSize?: number;
  /** Empty every application table first, in the same transaction (the CLI's --reset). */
  truncate?: boolean;
  /**
   * The upload directory: when given, the showcase organization gets a raster cover and a gallery of 12
   * pictures stored there (showcase-images.ts); without it the seed writes no files and every organization
   * keeps its SVG placeholders.
   */
  imageDirectory?: string;
}

export interface SeedSummary {
  seed: number;
  referenceDate: string;
  organizations: number;
  jobs: number;
  /** Rows written per table. */
  counts: Record<string, number>;
  elapsedMs: number;
}

/** The marker stored as app_config system/demo_seed. */
export interface SeedMarker {
  seed: number;
  referenceDate: string;
  seededAt: string;
  organizations: number;
  jobs: number;
  counts: Record<string, number>;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const markerName = 'system';
const markerKey = 'demo_seed';
/** Serialises concurrent ensureDemoData calls on PostgreSQL (two app instances starting at once). */
const seedLockId = 727_001;
const defaultBatchSize = 500;
/** Rows per insert for narrow tables (two-column link tables and the like). */
const linkBatchSize = 5000;
const staffAccounts: readonly { email: string; role: RoleId; firstName: string; lastName: string }[] = [
  { email: 'admin@demo.example', role: 'administrator', firstName: 'Alex', lastName: 'Admin' },
  { email: 'siteadmin@demo.example', role: 'site_admin', firstName: 'Sina', lastName: 'Seitenadmin' },
  { email: 'editor@demo.example', role: 'job_editor', firstName: 'Erik', lastName: 'Redaktion' },
];
const applicantCount = 8;

/** Every table of the schema: the application's data lives nowhere else. */
const applicationTables: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function truncateApplicationTables(tx: Transaction): Promise<void> {
  await tx.execute(sql.raw(`truncate table ${applicationTables.map(quoted).join(', ')} restart identity cascade`));
}

async function hasApplicationRows(tx: Database | Transaction): Promise<boolean> {
  const checks = applicationTables.map((name) => `exists (select 1 from ${quoted(name)})`).join(' or ');
  const result = await tx.execute<{ has_rows: boolean }>(sql.raw(`select (${checks}) as has_rows`));
  return Boolean(result.rows[0]?.has_rows);
}

async function readMarker(db: Database | Transaction): Promise<SeedMarker | undefined> {
  const [row] = await db
    .select({ value: schema.appConfig.value })
    .from(schema.appConfig)
    .where(and(eq(schema.appConfig.name, markerName), eq(schema.appConfig.key, markerKey)))
    .limit(1);
  if (!row?.value) return undefined;
  return JSON.parse(row.value) as SeedMarker;
}

/** Whether the demo data was written completely (the marker exists). */
export async function isSeeded(db: Database): Promise<boolean> {
  return (await readMarker(db)) !== undefined;
}

export async function readSeedMarker(db: Database): Promise<SeedMarker | undefined> {
  return readMarker(db);
}

/** Whether any application table holds a row (with or without the marker). */
export async function hasApplicationData(db: Database): Promise<boolean> {
  return hasApplicationRows(db);
}

/**
 * Seeds the database in one transaction; see the module comment. The application tables must be empty
 * (unique paths, slugs and e-mail addresses would collide) unless `truncate` empties them first.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedSummary> {
  validate(options);
  return db.transaction(async (tx) => {
    if (options.truncate) await truncateApplicationTables(tx);
    return writeDemoData(tx, options);
  });
}

/**
 * Seeds unless the marker is present. A database without the marker but with rows (an interrupted older
 * run, a manual insert) is emptied first, in the same transaction – it never ends up half seeded.
 * Only for demo databases: it empties every application table of a database without the marker.
 * Returns null when the data was there already.
 */
export async function ensureDemoData(db: Database, options: SeedOptions): Promise<SeedSummary | null> {
  validate(options);
  if (await isSeeded(db)) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockId})`);
    // Another process may have seeded while this one waited for the lock.
    if (await readMarker(tx)) return null;
    if (options.truncate || (await hasApplicationRows(tx))) await truncateApplicationTables(tx);
    return writeDemoData(tx, options);
  });
}

function validate(options: SeedOptions): void {
  if (!Number.isInteger(options.jobs) || options.jobs < 0) throw new Error('jobs must be a non-negative integer');
  if (!Number.isInteger(options.organizations) || options.organizations < 1)
    throw new Error('organizations must be a positive integer');
  if (!Number.isInteger(options.seed)) throw new Error('seed must be an integer');
  if (options.batchSize !== undefined && (!Number.isInteger(options.batchSize) || options.batchSize < 1))
    throw new Error('batchSize must be a positive integer');
  if (options.referenceDate && Number.isNaN(options.referenceDate.getTime()))
    throw new Error('referenceDate is not a valid date');
}

/** Ids taken from the table's own sequence, so that rows can refer to each other before they are inserted. */
async function reserveIds(tx: Transaction, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute<{ id: number | string }>(
    sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`missing item ${index}`);
  return item;
}

async function writeDemoData(tx: Transaction, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const referenceDate = options.referenceDate ?? new Date();
  const batchSize = options.batchSize ?? defaultBatchSize;
  const gazetteer = loadGazetteer();
  const counts: Record<string, number> = {};
  const total = options.organizations + options.jobs + 2;
  let done = 0;
  const progress = (amount: number, phase: SeedPhase) => {
    done += amount;
    options.onProgress?.(done, total, phase);
  };

  async function insertRows<TTable extends PgTable>(
    table: TTable,
    rows: TTable['$inferInsert'][],
    chunkSize = linkBatchSize,
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += chunkSize) {
      await tx.insert(table).values(rows.slice(start, start + chunkSize));
    }
    const name = getTableName(table);
    counts[name] = (counts[name] ?? 0) + rows.length;
  }

  // Taxonomies: parents first, then the skills below their categories.
  const terms = generateTaxonomyTerms();
  const termIds = new Map<string, number>();
  const termId = (vocabulary: Vocabulary, slug: string): number => {
    const id = termIds.get(`${vocabulary}:${slug}`);
    if (id === undefined) throw new Error(`unknown taxonomy term ${vocabulary}:${slug}`);
    return id;
  };
  for (const level of [terms.filter((term) => !term.parentSlug), terms.filter((term) => term.parentSlug)]) {
    const inserted = await tx
      .insert(schema.taxonomyTerms)
      .values(
        level.map((term) => ({
          vocabulary: term.vocabulary,
          slug: term.slug,
          labelDe: term.label.de,
          labelEn: term.label.en,
          labelFr: term.label.fr,
          weight: term.weight,
          parentId: term.parentSlug ? termId(term.vocabulary, term.parentSlug) : null,
        })),
      )
      .returning({
        id: schema.taxonomyTerms.id,
        vocabulary: schema.taxonomyTerms.vocabulary,
        slug: schema.taxonomyTerms.slug,
      });
    for (const row of inserted) termIds.set(`${row.vocabulary}:${row.slug}`, row.id);
  }
  counts.taxonomy_terms = terms.length;
  progress(1, 'taxonomies');

  // Organizations with their recruiters.
  const organizations = generateOrganizations({
    seed: options.seed,
    count: options.organizations,
    referenceDate,
    gazetteer,
  });
  const organizationIds = await reserveIds(tx, schema.organizations, organizations.length);
  const organizationId = (draft: OrganizationDraft) => at(organizationIds, draft.index);
  const showcaseDraft = organizations[showcaseOrganizationIndex];
  const showcase =
    options.imageDirectory && showcaseDraft?.page
      ? { index: showcaseDraft.index, ...(await createShowcaseImages(showcaseDraft, options.imageDirectory)) }
      : null;
  await writeOrganizations(organizations, organizationId, termId, insertRows, showcase, (amount) =>
    progress(amount, 'organizations'),
  );
  await writeUsers(tx, options.seed, referenceDate, organizations, organizationId, insertRows);
  await writeResumes(tx, options.seed);

  // Jobs, batch by batch.
  const generateJob = createJobGenerator({ seed: options.seed, referenceDate, gazetteer, organizations });
  for (let start = 0; start < options.jobs; start += batchSize) {
    const end = Math.min(options.jobs, start + batchSize);
    const drafts: JobDraft[] = [];
    for (let index = start; index < end; index += 1) drafts.push(generateJob(index));
    await writeJobs(
      tx,
      drafts,
      (draft) => organizationId(at(organizations, draft.organizationIndex)),
      termId,
      insertRows,
    );
    progress(drafts.length, 'jobs');
  }

  // Content and commerce.
  await writeContent(tx, options.seed, referenceDate, gazetteer, organizations, organizationId, termId, insertRows);
  progress(1, 'content');

  const summary: SeedSummary = {
    seed: options.seed,
    referenceDate: referenceDate.toISOString(),
    organizations: organizations.length,
    jobs: options.jobs,
    counts: { ...counts, app_config: (counts.app_config ?? 0) + 1 },
    elapsedMs: 0,
  };
  const marker: SeedMarker = {
    seed: summary.seed,
    referenceDate: summary.referenceDate,
    seededAt: new Date().toISOString(),
    organizations: summary.organizations,
    jobs: summary.jobs,
    counts: summary.counts,
  };
  // The last write of the transaction: its presence means the rest is there.
  await tx.insert(schema.appConfig).values({ name: markerName, key: markerKey, value: JSON.stringify(marker) });
  summary.elapsedMs = Math.round(performance.now() - started);
  return summary;
}

type InsertRows = <TTable extends PgTable>(
  table: TTable,
  rows: TTable['$inferInsert'][],
  chunkSize?: number,
) => Promise<void>;
type TermId = (vocabulary: Vocabulary, slug: string) => number;

async function writeOrganizations(
  organizations: readonly OrganizationDraft[],
  organizationId: (draft: OrganizationDraft) => number,
  termId: TermId,
  insertRows: InsertRows,
  showcase: (ShowcaseImages & { index: number }) | null,
  onBatch: (amount: number) => void,
): Promise<void> {
  const showcaseOf = (draft: OrganizationDraft) => (draft.index === showcase?.index ? showcase : null);
  const chunk = 500;
  for (let start = 0; start < organizations.length; start += chunk) {
    const batch = organizations.slice(start, start + chunk);
    await insertRows(
      schema.organizations,
      batch.map((draft) => {
        const id = organizationId(draft);
        const city = draft.address.city;
        return {
          id,
          salutation: draft.owner.salutation,
          firstName: draft.owner.firstName,
          lastName: draft.owner.lastName,
          phone: draft.owner.phone,
          position: draft.owner.position,
          name: draft.name,
          countryCode: city.countryCode,
          addressLine1: draft.address.addressLine1,
          administrativeArea: city.state,
          locality: city.name,
          postalCode: city.postalCode ?? null,
          latitude: draft.address.latitude,
          longitude: draft.address.longitude,
          alternativeName: draft.page?.alternativeName ?? null,
          logoUrl: `/media/logos/${id}.svg`,
          coverUrl: showcaseOf(draft)?.cover.url ?? (draft.page ? `/media/covers/${id}.svg` : null),
          website: draft.website,
          ...(draft.page?.social ?? {}),
          presentation: draft.presentation,
          size: draft.size,
          featured: draft.featured,
          published: draft.published,
          path: `/organization/${draft.slug}`,
          frontend: draft.frontend,
          createdAt: draft.createdAt,
          updatedAt: draft.createdAt,
        };
      }),
      chunk,
    );
    onBatch(batch.length);
  }

  const links = (vocabulary: Vocabulary, slugsOf: (draft: OrganizationDraft) => readonly string[]) =>
    organizations.flatMap((draft) =>
      [...new Set(slugsOf(draft))].map((slug) => ({
        organizationId: organizationId(draft),
        termId: termId(vocabulary, slug),
      })),
    );
  await insertRows(
    schema.organizationIndustries,
    links('industry', (draft) => draft.industries),
  );
  await insertRows(
    schema.organizationOccupations,
    links('occupational_field', (draft) => draft.fields.map((field) => field.slug)),
  );
  await insertRows(
    schema.organizationFieldsOfStudy,
    links('field_of_study', (draft) => draft.studies),
  );
  await insertRows(
    schema.organizationBenefits,
    links('benefit', (draft) => draft.benefits),
  );

  const withPages = organizations.filter((draft) => draft.page);
  await insertRows(
    schema.organizationContactPersons,
    withPages.flatMap((draft) =>
      (draft.page?.contacts ?? []).map((contact, weight) => ({
        organizationId: organizationId(draft),
        salutation: contact.salutation,
        firstName: contact.firstName,
        lastName: contact.lastName,
        photoUrl: null,
        email: contact.email,
        position: contact.position,
        phone: contact.phone,
        linkedinProfile: contact.linkedinProfile,
        contactInfo: contact.contactInfo,
        weight,
      })),
    ),
    1000,
  );
  await insertRows(
    schema.organizationGalleryImages,
    withPages.flatMap((draft) =>
      (
        showcaseOf(draft)?.gallery ??
        (draft.page?.gallery ?? []).map((image, weight) => ({
          ...image,
          url: `/media/gallery/${organizationId(draft)}-${weight + 1}.svg`,
        }))
      ).map((image, weight) => ({
        organizationId: organizationId(draft),
        imageUrl: image.url,
        alt: image.alt,
        title: image.title,
        weight,
      })),
    ),
    1000,
  );
  await insertRows(
    schema.organizationVideos,
    withPages.flatMap((draft) =>
      (draft.page?.videos ?? []).map((video, weight) => ({
        organizationId: organizationId(draft),
        coverUrl: null,
        coverTitle: video.coverTitle,
        source: video.source,
        weight,
      })),
    ),
    1000,
  );
  await insertRows(
    schema.organizationLocations,
    withPages.flatMap((draft) =>
      (draft.page?.locations ?? []).map((location, weight) => ({
        organizationId: organizationId(draft),
        name: location.name,
        countryCode: location.address.city.countryCode,
        addressLine1: location.address.addressLine1,
        administrativeArea: location.address.city.state,
        locality: location.address.city.name,
        postalCode: location.address.city.postalCode ?? null,
        latitude: location.address.latitude,
        longitude: location.address.longitude,
        weight,
      })),
    ),
    1000,
  );
  await insertRows(
    schema.organizationFaqs,
    withPages.flatMap((draft) =>
      (draft.page?.faqs ?? []).map((faq, weight) => ({
        organizationId: organizationId(draft),
        question: faq.question,
        answer: faq.answer,
        weight,
      })),
    ),
    1000,
  );
}

interface UserDraft {
  person: Pick<PersonDraft, 'email' | 'firstName' | 'lastName'>;
  roles: { role: RoleId; targetId: string | null }[];
  organizationId: number | null;
  isOwner: boolean;
  createdAt: Date;
}

async function writeUsers(
  tx: Transaction,
  seed: number,
  referenceDate: Date,
  organizations: readonly OrganizationDraft[],
  organizationId: (draft: OrganizationDraft) => number,
  insertRows: InsertRows,
): Promise<void> {
  const random = createRandom(seed).fork('users');
  const longAgo = new Date(referenceDate.getTime() - 800 * 24 * 60 * 60 * 1000);
  const drafts: UserDraft[] = staffAccounts.map((account) => ({
    person: account,
    roles: [{ role: account.role, targetId: null }],
    organizationId: null,
    isOwner: false,
    createdAt: longAgo,
  }));
  for (let index = 0; index < applicantCount; index += 1) {
    const person = createPerson(random, 'DE', 'demo.example');
    drafts.push({
      person:
        index === 0
          ? { ...person, email: 'applicant@demo.example' }
          : { ...person, email: `bewerber${index}@demo.example` },
      roles: [{ role: 'applicant', targetId: null }],
      organizationId: null,
      isOwner: false,
      createdAt: new Date(referenceDate.getTime() - random.int(1, 300) * 24 * 60 * 60 * 1000),
    });
  }
  for (const organization of organizations) {
    const id = organizationId(organization);
    const members = organization.colleague ? [organization.owner, organization.colleague] : [organization.owner];
    members.forEach((person, memberIndex) => {
      drafts.push({
        person,
        roles: [{ role: 'recruiter', targetId: String(id) }],
        organizationId: id,
        isOwner: memberIndex === 0,
        createdAt: organization.createdAt,
      });
    });
  }

  const userIds = await reserveIds(tx, schema.users, drafts.length);
  await insertRows(
    schema.users,
    drafts.map((draft, index) => ({
      id: at(userIds, index),
      email: draft.person.email.toLowerCase(),
      passwordHash: null,
      firstName: draft.person.firstName,
      lastName: draft.person.lastName,
      displayName: `${draft.person.firstName} ${draft.person.lastName}`,
      emailVerifiedAt: draft.createdAt,
      approved: true,
      activeOrganizationId: draft.organizationId,
      createdAt: draft.createdAt,
    })),
    1000,
  );
  await insertRows(
    schema.userRoles,
    drafts.flatMap((draft, index) => draft.roles.map((role) => ({ userId: at(userIds, index), ...role }))),
  );
  await insertRows(
    schema.organizationMembers,
    drafts.flatMap((draft, index) =>
      draft.organizationId === null
        ? []
        : [
            {
              organizationId: draft.organizationId,
              userId: at(userIds, index),
              createdAt: draft.createdAt,
            },
          ],
    ),
  );
  // Ownership is organizations.owner_user_id alone (decision 0024): the first member of each owns it.
  const owners = drafts.flatMap((draft, index) =>
    draft.isOwner && draft.organizationId !== null ? [[draft.organizationId, at(userIds, index)] as const] : [],
  );
  for (let start = 0; start < owners.length; start += 1000) {
    const pairs = owners
      .slice(start, start + 1000)
      .map(([organization, user]) => sql`(${organization}::int, ${user}::int)`);
    await tx.execute(sql`
      update ${schema.organizations} set owner_user_id = o.user_id
      from (values ${sql.join(pairs, sql`, `)}) as o(organization_id, user_id)
      where o.organization_id = ${schema.organizations.id}`);
  }
}

async function writeJobs(
  tx: Transaction,
  drafts: readonly JobDraft[],
  organizationIdOf: (draft: JobDraft) => number,
  termId: TermId,
  insertRows: InsertRows,
): Promise<void> {
  const ids = await reserveIds(tx, schema.jobs, drafts.length);
  await insertRows(
    schema.jobs,
    drafts.map((draft, index) => {
      const organizationId = organizationIdOf(draft);
      return {
        id: at(ids, index),
        jobType: draft.jobType,
        state: draft.state,
        title: draft.title,
        linkUrl: draft.linkUrl,
        fileKey: draft.fileKey,
        description: draft.description,
        availabilityPeriod: draft.availabilityPeriod,
        videoUrl: draft.videoUrl,
        organizationId,
        organizationName: draft.organizationName,
        logoUrl: `/media/logos/${organizationId}.svg`,
        remoteOptionId: termId('remote_option', draft.remoteSlug),
        yearsOfExperienceId: termId('years_of_experience', draft.experienceSlug),
        degreeLevelId: termId('degree_level', draft.degreeSlug),
        salaryMin: draft.salary?.min ?? null,
        salaryMax: draft.salary?.max ?? null,
        currencyCode: draft.salary?.currencyCode ?? null,
        salaryUnit: draft.salary?.unit ?? null,
        salaryFree: draft.salaryFree,
        languagesFree: draft.languagesFree,
        skillsFree: draft.skillsFree,
        skillsText: draft.skillsText,
        publishedAt: draft.publishedAt,
        expiresAt: draft.expiresAt,
        durationDays: draft.durationDays,
        applicationWorkflow: draft.applicationWorkflow,
        applicationEmails: draft.applicationEmails,
        applicationLink: draft.applicationLink,
        applicationRequireCv: draft.applicationRequireCv,
        applicationRequireCoverLetter: draft.applicationRequireCoverLetter,
        applicationRequireQualifyingQuestions: draft.applicationRequireQualifyingQuestions,
        applicationQualifyingQuestions: draft.applicationQualifyingQuestions,
        language: draft.language,
        searchConfig: draft.searchConfig,
        isTop: draft.isTop,
        frontend: draft.frontend,
        createdAt: draft.createdAt,
        updatedAt: draft.createdAt,
      };
    }),
    drafts.length,
  );
  await insertRows(
    schema.jobLocations,
    drafts.flatMap((draft, index) =>
      draft.locations.map((location, weight) => ({
        jobId: at(ids, index),
        countryCode: location.city.countryCode,
        addressLine1: location.addressLine1,
        administrativeArea: location.city.state,
        locality: location.city.name,
        postalCode: location.addressLine1 ? (location.city.postalCode ?? null) : null,
        latitude: location.latitude,
        longitude: location.longitude,
        weight,
      })),
    ),
    2000,
  );
  const links = (vocabulary: Vocabulary, slugsOf: (draft: JobDraft) => readonly string[]) =>
    drafts.flatMap((draft, index) =>
      [...new Set(slugsOf(draft))].map((slug) => ({ jobId: at(ids, index), termId: termId(vocabulary, slug) })),
    );
  await insertRows(
    schema.jobEmploymentTypes,
    links('employment_type', (draft) => draft.employmentSlugs),
  );
  await insertRows(
    schema.jobOccupationalFields,
    links('occupational_field', (draft) => [draft.fieldSlug]),
  );
  await insertRows(
    schema.jobFieldsOfStudy,
    links('field_of_study', (draft) => draft.studySlugs),
  );
  await insertRows(
    schema.jobLanguages,
    links('language', (draft) => draft.languageSlugs),
  );
  await insertRows(
    schema.jobSkills,
    links('skill', (draft) => draft.skillSlugs),
  );
  // The history of each demo job: how it reached its state (posted by the system, before the job manager).
  await insertRows(
    schema.jobStateChanges,
    drafts.flatMap((draft, index): (typeof schema.jobStateChanges.$inferInsert)[] => {
      const posted = { jobId: at(ids, index), fromState: null, toState: draft.state, createdAt: draft.createdAt };
      if (draft.state !== 'archived' || !draft.publishedAt) return [posted];
      return [
        { ...posted, toState: 'published' },
        {
          jobId: at(ids, index),
          fromState: 'published',
          toState: draft.state,
          createdAt: draft.expiresAt ?? draft.publishedAt,
        },
      ];
    }),
    2000,
  );
  await insertRows(
    schema.pathAliases,
    drafts.flatMap((draft, index) =>
      // Archived jobs stay readable under their address (with a notice); unreviewed and scheduled ones get
      // theirs when they are published.
      draft.state === 'published' || draft.state === 'archived'
        ? [
            {
              path: `/job/${slugifyGerman(draft.title).slice(0, 80).replace(/-+$/, '')}-${at(ids, index)}`,
              targetKind: 'Job' as const,
              targetId: at(ids, index),
              language: draft.language,
            },
          ]
        : [],
    ),
    2000,
  );
}

async function writeContent(
  tx: Transaction,
  seed: number,
  referenceDate: Date,
  gazetteer: Gazetteer,
  organizations: readonly OrganizationDraft[],
  organizationId: (draft: OrganizationDraft) => number,
  termId: TermId,
  insertRows: InsertRows,
): Promise<void> {
  const random = createRandom(seed).fork('content');

  await insertRows(
    schema.pathAliases,
    organizations
      .filter((draft) => draft.published)
      .map((draft) => ({
        path: `/organization/${draft.slug}`,
        targetKind: 'OrganizationProfile' as const,
        targetId: organizationId(draft),
        language: null,
      })),
  );

  const landingPages = generateLandingPages(gazetteer);
  const landingIds = await reserveIds(tx, schema.landingPages, landingPages.length);
  await insertRows(
    schema.landingPages,
    landingPages.map((page, index) => ({
      id: at(landingIds, index),
      path: page.path,
      title: page.title,
      introHtml: page.introHtml,
      occupationalFieldId: page.fieldSlug ? termId('occupational_field', page.fieldSlug) : null,
      region: page.region,
      locality: page.locality,
      language: page.language,
      published: true,
      createdAt: new Date(referenceDate.getTime() - 200 * 24 * 60 * 60 * 1000),
      updatedAt: new Date(referenceDate.getTime() - 20 * 24 * 60 * 60 * 1000),
    })),
  );
  await insertRows(
    schema.pathAliases,
    landingPages.map((page, index) => ({
      path: page.path,
      targetKind: 'LandingPage' as const,
      targetId: at(landingIds, index),
      language: page.language,
    })),
  );
  await insertRows(schema.redirects, generateRedirects());
  await insertRows(schema.seoMetatags, generateMetatags(landingPages));
  await insertRows(
    schema.blogPosts,
    generateBlogPosts(
      random,
      referenceDate,
      brandIds.filter((id) => brands[id].features.blog),
    ),
  );
  // What staff chose for the home page (issues 15 and 19): the first published employers of each brand as
  // featured (4) and training (10) employers; the job modules are left to staff and the top-job product.
  await tx.execute(sql`
    insert into home_picks (frontend, module, position, target_id)
    select frontend, module, position, id from (
      select o.frontend, m.module, o.id,
        (row_number() over (partition by o.frontend, m.module order by o.id) - 1)::int as position, m.size
      from organizations o
      cross join (values ('featured_organizations', 4), ('training_organizations', 10)) as m(module, size)
      where o.published
    ) ranked
    where position < size`);

  // GDPR consent texts, and the consents the demo applicants gave when they registered.
  const consents = generateConsents(referenceDate);
  const infoIds = await reserveIds(tx, schema.consentInfos, consents.length);
  await insertRows(
    schema.consentInfos,
    consents.map((consent, index) => ({
      id: at(infoIds, index),
      type: consent.type,
      placement: consent.placement,
      optIn: consent.optIn,
      createdAt: consent.revisions[0]?.createdAt ?? referenceDate,
    })),
  );
  const revisions = consents.flatMap((consent, index) =>
    consent.revisions.map((revision) => ({ ...revision, infoId: at(infoIds, index) })),
  );
  const revisionIds = await reserveIds(tx, schema.consentInfoRevisions, revisions.length);
  await insertRows(
    schema.consentInfoRevisions,
    revisions.map((revision, index) => ({ id: at(revisionIds, index), ...revision })),
  );
  const registrationInfo = at(infoIds, 0);
  const latestGerman = revisions.findIndex(
    (revision) => revision.infoId === registrationInfo && revision.language === 'de' && revision.revision === 2,
  );
  const applicants = await tx
    .select({ id: schema.users.id, email: schema.users.email, createdAt: schema.users.createdAt })
    .from(schema.users)
    .innerJoin(schema.userRoles, eq(schema.userRoles.userId, schema.users.id))
    .where(eq(schema.userRoles.role, 'applicant'));
  // The demo applicant agreed to the first wording of the modal's terms: the GDPR modal asks about the changes.
  const modalInfo = at(infoIds, 1);
  const firstModalGerman = revisions.findIndex(
    (revision) => revision.infoId === modalInfo && revision.language === 'de' && revision.revision === 1,
  );
  const demoApplicant = applicants.find((applicant) => applicant.email === 'applicant@demo.example');
  await insertRows(schema.consentRecords, [
    ...applicants.map((applicant) => ({
      mail: applicant.email,
      infoId: registrationInfo,
      infoRevisionId: at(revisionIds, latestGerman),
      userId: applicant.id,
      createdAt: applicant.createdAt,
      placement: 'registration',
      method: 'session' as const,
      verifiedAt: applicant.createdAt,
    })),
    ...(demoApplicant
      ? [
          {
            mail: demoApplicant.email,
            infoId: modalInfo,
            infoRevisionId: at(revisionIds, firstModalGerman),
            userId: demoApplicant.id,
            createdAt: demoApplicant.createdAt,
            placement: 'modal',
            method: 'session' as const,
            verifiedAt: demoApplicant.createdAt,
          },
        ]
      : []),
  ]);

  await insertRows(schema.appConfig, generateAppConfig());

  // Products per brand, subscriptions and credit balances.
  const products = generateProducts(referenceDate);
  const productIds = await reserveIds(tx, schema.products, products.length);
  await insertRows(
    schema.products,
    products.map((product, index) => ({ id: at(productIds, index), ...product })),
  );
  const productId = (frontend: string, name: string): number => {
    const index = products.findIndex((product) => product.frontend === frontend && product.name === name);
    return at(productIds, index);
  };
  const commerce = generateCommerce(random, referenceDate, organizations);
  const subscriptionIds = await reserveIds(tx, schema.subscriptions, commerce.subscriptions.length);
  await insertRows(
    schema.subscriptions,
    commerce.subscriptions.map((subscription, index) => ({
      id: at(subscriptionIds, index),
      organizationId: organizationId(at(organizations, subscription.organizationIndex)),
      productId: productId(subscription.frontend, subscription.productName),
      label: subscription.label,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
      cancelledAt: subscription.cancelled ? new Date(`${subscription.endDate}T08:00:00Z`) : null,
      jobSlots: subscription.jobSlots,
      resumeContactSlots: subscription.resumeContactSlots,
      frontend: subscription.frontend,
      createdAt: new Date(Math.min(Date.parse(`${subscription.startDate}T08:00:00Z`), referenceDate.getTime())),
    })),
  );
  await insertRows(
    schema.creditBalances,
    commerce.creditBalances.map((balance) => ({
      organizationId: organizationId(at(organizations, balance.organizationIndex)),
      type: balance.type,
      label: balance.label,
      amount: balance.amount,
      frontend: balance.frontend,
    })),
  );
  // A few requested orders of credit packs, so the staff order list has something to confirm.
  const customers = [...new Set(commerce.creditBalances.map((balance) => balance.organizationIndex))].slice(0, 3);
  const orderIds = await reserveIds(tx, schema.orders, customers.length);
  const orderDrafts = customers.map((index, position) => {
    const organization = at(organizations, index);
    const pack = products.find((product) => product.frontend === organization.frontend && product.jobCredits);
    if (!pack) throw new Error(`no credit pack for ${organization.frontend}`);
    const billing = {
      companyName: organization.name,
      email: organization.owner.email.toLowerCase(),
      firstName: organization.owner.firstName,
      lastName: organization.owner.lastName,
      addressLine1: organization.address.addressLine1 ?? 'Marktplatz 1',
      addressLine2: null,
      postalCode: '70173',
      locality: organization.address.city.name,
      countryCode: 'DE',
      vatNumber: `DE${String(100_000_000 + index * 7919).slice(0, 9)}`,
    };
    const vatCents = Math.round((pack.priceCents * 19) / 100);
    const id = at(orderIds, position);
    const createdAt = new Date(referenceDate.getTime() - (position + 1) * 86_400_000);
    return { id, organization, pack, billing, vatCents, createdAt };
  });
  await insertRows(
    schema.billingProfiles,
    orderDrafts.map(({ organization, billing }) => ({
      organizationId: organizationId(organization),
      details: billing,
    })),
  );
  await insertRows(
    schema.orders,
    orderDrafts.map(({ id, organization, pack, billing, vatCents, createdAt }) => ({
      id,
      number: `${organization.frontend.slice(0, 2).toUpperCase()}-${createdAt.getUTCFullYear()}-${String(id).padStart(5, '0')}`,
      organizationId: organizationId(organization),
      frontend: organization.frontend,
      billing,
      netCents: pack.priceCents,
      vatCents,
      grossCents: pack.priceCents + vatCents,
      vatRatePercent: 19,
      currency: 'EUR',
      requestKey: `seed-order-${String(id).padStart(8, '0')}`,
      termsAcceptedAt: createdAt,
      createdAt,
    })),
  );
  await insertRows(
    schema.orderLines,
    orderDrafts.map(({ id, pack }) => ({
      orderId: id,
      productId: productId(pack.frontend, pack.name),
      name: pack.name,
      quantity: 1,
      unitNetCents: pack.priceCents,
      netCents: pack.priceCents,
      jobCredits: pack.jobCredits ?? 0,
    })),
  );
  // The ledger the balances and used slots sum from (decision 0020): an opening grant per balance, one entry
  // per subscription for the slots already used.
  const seededAt = new Date(referenceDate.getTime() - 30 * 24 * 3600 * 1000);
  await insertRows(schema.creditLedgerEntries, [
    ...commerce.creditBalances
      .filter((balance) => balance.amount > 0)
      .map((balance, index) => ({
        organizationId: organizationId(at(organizations, balance.organizationIndex)),
        frontend: balance.frontend,
        kind: balance.type as CreditKind,
        amount: balance.amount,
        reason: 'grant' as const,
        note: 'Startguthaben',
        idempotencyKey: `seed:balance:${index}`,
        createdAt: seededAt,
      })),
    ...commerce.subscriptions.flatMap((subscription, index) =>
      (
        [
          ['job_credits', subscription.usedJobSlots, 'job_publish'],
          ['resume_contacts', subscription.usedResumeContacts, 'contact_request'],
        ] as const
      )
        .filter(([, used]) => used > 0)
        .map(([kind, used, reason]) => ({
          organizationId: organizationId(at(organizations, subscription.organizationIndex)),
          frontend: subscription.frontend,
          kind,
          subscriptionId: at(subscriptionIds, index),
          amount: -used,
          reason,
          idempotencyKey: `seed:subscription:${index}:${kind}`,
          createdAt: new Date(Math.min(Date.parse(`${subscription.startDate}T09:00:00Z`), referenceDate.getTime())),
        })),
    ),
  ]);
}

/**
 * A visible resume on jobregio (the brand with resumes) for each demo applicant (issue 17), with its private
 * row and facet links written as the resume services write them.
 */
async function writeResumes(tx: Transaction, seed: number): Promise<void> {
  const random = createRandom(seed).fork('resumes');
  const applicants = await tx
    .select({ id: schema.users.id, firstName: schema.users.firstName, lastName: schema.users.lastName })
    .from(schema.users)
    .innerJoin(schema.userRoles, eq(schema.userRoles.userId, schema.users.id))
    .where(eq(schema.userRoles.role, 'applicant'))
    .orderBy(schema.users.id);
  for (const [index, applicant] of applicants.entries()) {
    const draft = generateResume(random, index);
    const sections = {
      jobPreferences: draft.jobPreferences,
      education: draft.education,
      workExperience: draft.workExperience,
      languages: draft.languages,
      skills: draft.skills,
    };
    const { columns, facets } = searchColumnsOf(sections);
    const [resume] = await tx
      .insert(schema.resumes)
      .values({ userId: applicant.id, frontend: 'jobregio', visible: true, ...sections, ...columns })
      .returning({ id: schema.resumes.id });
    if (!resume) throw new Error('Inserting a demo resume returned no row.');
    await tx.insert(schema.resumePrivate).values({
      resumeId: resume.id,
      firstName: applicant.firstName ?? 'Demo',
      lastName: applicant.lastName ?? 'Bewerber',
      homeLocation: draft.homeLocation,
    });
    await writeFacetLinks(tx, resume.id, facets);
  }
}
