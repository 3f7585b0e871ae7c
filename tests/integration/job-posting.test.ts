/**
 * Job posting over GraphQL on both databases (issue 13): the one job schema's field errors in the
 * visitor's language with nothing written, permissions per organization, paying for a posting once
 * however often it is retried, the workflow (review, trusted organizations, approve, reject with a mailed
 * reason, withdraw, extend, repost), sanitising, the job manager, the moderation queue and the PDF upload.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type MessageKey } from '../../src/i18n';
import {
  approveJob,
  changeJobState,
  createJob,
  duplicateJob,
  jobForEdit,
  jobFormOptions,
  managedJobs,
  moderationQueue,
  rejectJob,
  setOrganizationTrusted,
  updateJob,
} from '../../src/lib/operations/job-posting';
import type { JobInput } from '../../src/lib/operations/generated/types';
import { creditBalances, creditLedgerEntries, products, subscriptions } from '../../src/server/db/schema/commerce';
import { jobFiles, jobLocations, jobPayments, jobs, jobSkills, jobStateChanges } from '../../src/server/db/schema/jobs';
import { organizations } from '../../src/server/db/schema/organizations';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import { testDialects } from '../../src/server/db/testing';
import type { Database } from '../../src/server/db';
import { createLoaders } from '../../src/server/graphql/loaders';
import { readJobFile } from '../../src/server/modules/job-posting/read-job-file';
import { recordJobView } from '../../src/features/jobs/operations';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser, type TestUser } from '../support/factories';
import { startMailServer, type TestMailServer } from '../support/mail';

const english = { frontend: 'jobregio;en-GB' };
const french = { frontend: 'jobregio;fr' };
const german = { frontend: 'tagblatt;de' };
const t = createTranslator('en-GB');

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let mail: TestMailServer;
const previousSmtp = process.env.SMTP_URL;
const previousUploadDir = process.env.UPLOAD_DIR;
let uploadDir: string;

beforeAll(async () => {
  mail = await startMailServer();
  // The services send mail through the process configuration, read on first use.
  process.env.SMTP_URL = mail.url;
  uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-job-files-'));
  process.env.UPLOAD_DIR = uploadDir;
});

afterAll(async () => {
  await mail?.stop();
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
  if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
  else process.env.UPLOAD_DIR = previousUploadDir;
  await rm(uploadDir, { recursive: true, force: true });
});

describe.each(testDialects)('job posting on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let rita: TestUser; // recruiter, member of Acme (jobregio)
  let bob: TestUser; // recruiter, owner of Beta (jobregio)
  let tina: TestUser; // recruiter, member of the trusted Trusty (jobregio) and of Tagwerk (tagblatt)
  let ann: TestUser; // applicant
  let sam: TestUser; // job editor (staff)
  let acme: number;
  let beta: number;
  let trusty: number;
  let tagwerk: number;
  const terms = { fullTime: 0, skill: 0, remote: 0 };

  const as = (user: TestUser) => backend.tokenFor(user);

  /** A complete job of Acme that may be published. */
  const completeJob = (overrides: Partial<JobInput> = {}): JobInput => ({
    jobType: 'job_per_template',
    title: 'Pflegefachkraft (m/w/d)',
    description: '<p>Wir suchen <strong>Sie</strong>.</p>',
    organizationId: acme,
    locations: [
      {
        addressLine1: 'Hauptstraße 1',
        postalCode: '72070',
        locality: 'Tübingen',
        countryCode: 'DE',
        latitude: 48.52,
        longitude: 9.05,
      },
      { locality: 'Reutlingen', countryCode: 'DE', latitude: 48.49, longitude: 9.2 },
    ],
    employmentTypeIds: [terms.fullTime],
    skillIds: [terms.skill],
    salaryMin: 3500,
    salaryMax: 4200,
    currencyCode: 'EUR',
    salaryUnit: 'month',
    applicationWorkflow: 'email',
    applicationEmails: ['jobs@acme.test'],
    language: 'de',
    ...overrides,
  });

  /** Rows of the tables a job save writes, to see that a refusal wrote nothing. */
  async function rowCounts() {
    const counted = async (table: typeof jobs | typeof jobLocations | typeof jobSkills | typeof jobStateChanges) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      jobs: await counted(jobs),
      locations: await counted(jobLocations),
      skills: await counted(jobSkills),
      history: await counted(jobStateChanges),
      payments: (await db.select({ n: count() }).from(jobPayments))[0]?.n ?? 0,
      files: (await db.select({ n: count() }).from(jobFiles))[0]?.n ?? 0,
    };
  }

  async function credits(organizationId: number): Promise<number> {
    const [row] = await db
      .select({ amount: creditBalances.amount })
      .from(creditBalances)
      .where(eq(creditBalances.organizationId, organizationId));
    return row?.amount ?? 0;
  }

  async function draftOf(user: TestUser, input: JobInput, headers = english): Promise<number> {
    const { body } = await backend.request(createJob, { input }, { token: await as(user), headers });
    expect(body.errors).toBeUndefined();
    return body.data!.createJob.id;
  }

  const errorOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions ?? {};

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    rita = await createUser(db, { email: `rita-${dialect}@acme.test`, displayName: 'Rita', roles: ['recruiter'] });
    bob = await createUser(db, { email: `bob-${dialect}@beta.test`, roles: ['recruiter'] });
    tina = await createUser(db, { email: `tina-${dialect}@trusty.test`, roles: ['recruiter'] });
    ann = await createUser(db, { email: `ann-${dialect}@example.test`, roles: ['applicant'] });
    sam = await createUser(db, { email: `sam-${dialect}@staff.test`, roles: ['job_editor'] });
    acme = (await createOrganization(db, { name: 'Acme GmbH', frontend: 'jobregio', members: [{ id: rita.id }] })).id;
    beta = (
      await createOrganization(db, {
        name: 'Beta AG',
        frontend: 'jobregio',
        owner: { id: bob.id },
        members: [{ user: { id: bob.id }, isOwner: true }],
      })
    ).id;
    trusty = (
      await createOrganization(db, {
        name: 'Trusty KG',
        frontend: 'jobregio',
        trusted: true,
        members: [{ id: tina.id }],
      })
    ).id;
    tagwerk = (await createOrganization(db, { name: 'Tagwerk', frontend: 'tagblatt', members: [{ id: tina.id }] })).id;
    const inserted = await db
      .insert(taxonomyTerms)
      .values([
        { vocabulary: 'employment_type', slug: `vollzeit-${dialect}`, labelDe: 'Vollzeit', labelEn: 'Full-time' },
        { vocabulary: 'skill', slug: `pflege-${dialect}`, labelDe: 'Pflege', labelEn: 'Care' },
        { vocabulary: 'remote_option', slug: `remote-${dialect}`, labelDe: 'Homeoffice', labelEn: 'Remote' },
      ])
      .returning();
    terms.fullTime = inserted[0]!.id;
    terms.skill = inserted[1]!.id;
    terms.remote = inserted[2]!.id;
    await db.insert(creditBalances).values([
      { organizationId: acme, type: 'job_credits', amount: 20, frontend: 'jobregio' },
      { organizationId: beta, type: 'job_credits', amount: 5, frontend: 'jobregio' },
      { organizationId: trusty, type: 'job_credits', amount: 5, frontend: 'jobregio' },
      { organizationId: tagwerk, type: 'job_credits', amount: 5, frontend: 'tagblatt' },
    ]);
  });

  afterAll(async () => {
    await backend?.dispose();
  });

  describe('who may post', () => {
    it('refuses visitors (UNAUTHENTICATED) and applicants (FORBIDDEN) and writes nothing', async () => {
      const before = await rowCounts();
      const anonymous = await backend.request(createJob, { input: completeJob() }, { headers: english });
      expect(errorOf(anonymous.body).code).toBe('UNAUTHENTICATED');
      const applicant = await backend.request(
        createJob,
        { input: completeJob() },
        { token: await as(ann), headers: english },
      );
      expect(errorOf(applicant.body).code).toBe('FORBIDDEN');
      expect(applicant.body.errors?.[0]?.message).toBe(t('job.error.forbidden'));
      const options = await backend.request(jobFormOptions, {}, { token: await as(ann), headers: english });
      expect(errorOf(options.body).code).toBe('FORBIDDEN');
      expect(await rowCounts()).toEqual(before);
    });

    it("offers the brand's job types and the recruiter's organizations of that brand", async () => {
      const { body } = await backend.request(jobFormOptions, {}, { token: await as(tina), headers: english });
      expect(body.data?.jobFormOptions.jobTypes).toEqual(['job_per_template', 'job_per_link']);
      expect(body.data?.jobFormOptions.organizations.map((organization) => organization.name)).toEqual(['Trusty KG']);
      expect(body.data?.jobFormOptions.employmentTypes).toContainEqual({
        tid: terms.fullTime,
        slug: `vollzeit-${dialect}`,
        label: 'Full-time',
      });
      expect(body.data?.jobFormOptions.fullHtml).toBe(false);
      const tagblatt = await backend.request(jobFormOptions, {}, { token: await as(tina), headers: german });
      expect(tagblatt.body.data?.jobFormOptions.jobTypes).toEqual(['job_per_template', 'job_per_link', 'job_per_file']);
      expect(tagblatt.body.data?.jobFormOptions.organizations.map((organization) => organization.name)).toEqual([
        'Tagwerk',
      ]);
    });
  });

  describe('bad input', () => {
    const place = { locality: 'Tübingen', countryCode: 'DE', latitude: 48.52, longitude: 9.05 };
    const cases: [string, Partial<JobInput>, string, MessageKey][] = [
      ['an empty title', { title: '  ' }, 'title', 'job.error.required'],
      ['a too long title', { title: 'x'.repeat(201) }, 'title', 'job.error.tooLong'],
      ['an unknown job type', { jobType: 'job_per_video' }, 'jobType', 'job.error.invalid'],
      ['no job type', { jobType: null }, 'jobType', 'job.error.required'],
      ['a job type the brand does not offer', { jobType: 'job_per_file' }, 'jobType', 'job.error.jobTypeNotAllowed'],
      ['a link that is not a web address', { linkUrl: 'javascript:alert(1)' }, 'linkUrl', 'job.error.url'],
      [
        'a too long video link',
        { videoUrl: `https://example.com/${'v'.repeat(2000)}` },
        'videoUrl',
        'job.error.tooLong',
      ],
      ['salary min above max', { salaryMin: 5000, salaryMax: 4000 }, 'salaryMax', 'job.error.salaryRange'],
      ['a negative salary', { salaryMin: -1 }, 'salaryMin', 'job.error.number'],
      ['a salary without currency', { currencyCode: null }, 'currencyCode', 'job.error.currency'],
      ['an unknown salary unit', { salaryUnit: 'week' }, 'salaryUnit', 'job.error.invalid'],
      [
        'expiry before publishing',
        { publishedAt: '2026-12-10T08:00:00Z', expiresAt: '2026-12-01T08:00:00Z' },
        'expiresAt',
        'job.error.expiryBeforePublish',
      ],
      ['a date that is no date', { publishedAt: 'tomorrow' }, 'publishedAt', 'job.error.date'],
      ['a duration of zero days', { durationDays: 0 }, 'durationDays', 'job.error.number'],
      ['a wrong e-mail address', { applicationEmails: ['jobs-at-acme'] }, 'applicationEmails.0', 'job.error.email'],
      ['an unknown workflow', { applicationWorkflow: 'fax' }, 'applicationWorkflow', 'job.error.invalid'],
      [
        'a wrong postcode',
        { locations: [{ ...place, postalCode: '!' }] },
        'locations.0.postalCode',
        'job.error.postalCode',
      ],
      [
        'a place without locality',
        { locations: [{ ...place, locality: '' }] },
        'locations.0.locality',
        'job.error.required',
      ],
      [
        'a latitude off the globe',
        { locations: [{ ...place, latitude: 91 }] },
        'locations.0.latitude',
        'job.error.invalid',
      ],
      [
        'an empty question',
        { applicationQualifyingQuestions: [{ question: '' }] },
        'applicationQualifyingQuestions.0.question',
        'job.error.required',
      ],
      ['an unknown language', { language: 'es' }, 'language', 'job.error.invalid'],
      ['a term id that is no id', { employmentTypeIds: [-1] }, 'employmentTypeIds.0', 'job.error.invalid'],
    ];

    it.each(cases)('refuses %s with a field error and writes nothing', async (_name, patch, field, key) => {
      const before = await rowCounts();
      const { body } = await backend.request(
        createJob,
        { input: completeJob(patch) },
        { token: await as(rita), headers: english },
      );
      expect(body.data).toBeNull();
      expect(errorOf(body).code).toBe('BAD_USER_INPUT');
      expect((errorOf(body).fieldErrors as Record<string, string>)[field]).toBe(t(key));
      expect(await rowCounts()).toEqual(before);
      expect(await credits(acme)).toBe(20);
    });

    it('refuses a term of another vocabulary (checked against the database) and writes nothing', async () => {
      const before = await rowCounts();
      const { body } = await backend.request(
        createJob,
        { input: completeJob({ employmentTypeIds: [terms.skill], remoteOptionId: terms.fullTime }) },
        { token: await as(rita), headers: english },
      );
      expect(errorOf(body).fieldErrors).toEqual({
        employmentTypeIds: t('job.error.termUnknown'),
        remoteOptionId: t('job.error.termUnknown'),
      });
      expect(await rowCounts()).toEqual(before);
    });

    it('requires for publishing what Google for Jobs needs, and lets drafts be incomplete', async () => {
      const before = await rowCounts();
      const incomplete = { jobType: 'job_per_template', title: 'Koch', organizationId: acme };
      const refused = await backend.request(
        createJob,
        { input: incomplete, publish: true },
        { token: await as(rita), headers: english },
      );
      expect(errorOf(refused.body).fieldErrors).toEqual({
        description: t('job.error.required'),
        locations: t('job.error.locationRequired'),
        applicationEmails: t('job.error.applicationEmailRequired'),
      });
      expect(await rowCounts()).toEqual(before);
      const id = await draftOf(rita, incomplete);
      const { body } = await backend.request(jobForEdit, { id }, { token: await as(rita), headers: english });
      expect(body.data?.job).toMatchObject({ workflowState: 'draft', availableActions: ['publish'] });
      // Publishing the saved draft checks it the same way.
      const publish = await backend.request(
        changeJobState,
        { id, action: 'publish' },
        { token: await as(rita), headers: english },
      );
      expect(errorOf(publish.body).fieldErrors).toMatchObject({ description: t('job.error.required') });
      expect(await credits(acme)).toBe(20);
    });

    it("answers in the visitor's language", async () => {
      const { body } = await backend.request(
        createJob,
        { input: completeJob({ salaryMin: 9000, salaryMax: 10 }) },
        { token: await as(rita), headers: french },
      );
      expect(errorOf(body).fieldErrors).toEqual({ salaryMax: createTranslator('fr')('job.error.salaryRange') });
    });

    it('refuses a value of the wrong type before anything runs', async () => {
      const before = await rowCounts();
      const { body } = await backend.post(
        {
          query: createJob.query,
          operationName: createJob.operationName,
          variables: { input: { ...completeJob(), salaryMin: 'a lot' } },
        },
        { token: await as(rita), headers: english },
      );
      expect(body.errors?.[0]?.message).toContain('Float cannot represent');
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe('organizations keep to their own jobs', () => {
    it("lets no recruiter of Acme read or change Beta's draft", async () => {
      const id = await draftOf(bob, completeJob({ organizationId: beta, title: 'Beta draft' }));
      const before = await rowCounts();
      const token = await as(rita);
      const read = await backend.request(jobForEdit, { id }, { token, headers: english });
      expect(read.body.data?.job).toBeNull();
      const attempts = [
        await backend.request(
          updateJob,
          { id, input: completeJob({ organizationId: beta }) },
          { token, headers: english },
        ),
        await backend.request(changeJobState, { id, action: 'publish' }, { token, headers: english }),
        await backend.request(duplicateJob, { id }, { token, headers: english }),
        await backend.request(managedJobs, { organizationId: beta }, { token, headers: english }),
      ];
      for (const attempt of attempts) expect(errorOf(attempt.body).code).toBe('FORBIDDEN');
      // Moving one's own job to Beta is refused as well.
      const own = await draftOf(rita, completeJob({ title: 'Acme draft' }));
      const move = await backend.request(
        updateJob,
        { id: own, input: completeJob({ organizationId: beta }) },
        { token, headers: english },
      );
      expect(errorOf(move.body)).toMatchObject({
        code: 'FORBIDDEN',
        fieldErrors: { organizationId: t('job.error.organization') },
      });
      const [beta0] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(beta0).toMatchObject({ title: 'Beta draft', state: 'draft', organizationId: beta });
      expect((await rowCounts()).jobs).toBe(before.jobs + 1);
      const list = await backend.request(managedJobs, {}, { token, headers: english });
      expect(list.body.data?.managedJobs.jobs.every((job) => job.organization.id === acme)).toBe(true);
      // Staff may.
      const staff = await backend.request(jobForEdit, { id }, { token: await as(sam), headers: english });
      expect(staff.body.data?.job?.formValues?.title).toBe('Beta draft');
    });

    it("hides a brand's jobs from other brands", async () => {
      const id = await draftOf(tina, completeJob({ organizationId: tagwerk }), german);
      const elsewhere = await backend.request(jobForEdit, { id }, { token: await as(tina), headers: english });
      expect(elsewhere.body.data?.job).toBeNull();
      const change = await backend.request(
        changeJobState,
        { id, action: 'withdraw' },
        { token: await as(tina), headers: english },
      );
      expect(errorOf(change.body).code).toBe('NOT_FOUND');
    });
  });

  describe('paying for a posting', () => {
    it('spends one credit when a publish is retried 5 times at once', async () => {
      const id = await draftOf(rita, completeJob({ title: 'Five clicks' }));
      const before = await credits(acme);
      const token = await as(rita);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          backend.request(changeJobState, { id, action: 'publish' }, { token, headers: english }),
        ),
      );
      for (const { body } of results) {
        expect(body.errors).toBeUndefined();
        expect(body.data?.changeJobState.workflowState).toBe('needs_review');
      }
      expect(await credits(acme)).toBe(before - 1);
      expect(await db.select().from(jobPayments).where(eq(jobPayments.jobId, id))).toHaveLength(1);
      const submitted = await db.select().from(jobStateChanges).where(eq(jobStateChanges.jobId, id));
      expect(submitted.map((change) => [change.fromState, change.toState])).toEqual([
        [null, 'draft'],
        ['draft', 'needs_review'],
      ]);
    });

    it('uses a job slot of an active subscription before credits', async () => {
      const [product] = await db
        .insert(products)
        .values({ name: 'Pack', type: 'job_slots', frontend: 'jobregio', jobSlots: 1, priceCents: 100 })
        .returning();
      const [subscription] = await db
        .insert(subscriptions)
        .values({
          organizationId: beta,
          productId: product!.id,
          startDate: '2020-01-01',
          jobSlots: 1,
          frontend: 'jobregio',
        })
        .returning();
      const first = await draftOf(bob, completeJob({ organizationId: beta }));
      const second = await draftOf(bob, completeJob({ organizationId: beta }));
      const token = await as(bob);
      await backend.request(changeJobState, { id: first, action: 'publish' }, { token, headers: english });
      await backend.request(changeJobState, { id: second, action: 'publish' }, { token, headers: english });
      const slotEntries = await db
        .select()
        .from(creditLedgerEntries)
        .where(eq(creditLedgerEntries.subscriptionId, subscription!.id));
      expect(slotEntries.map((entry) => [entry.amount, entry.reason, entry.reference])).toEqual([
        [-1, 'job_publish', `job:${first}:1`],
      ]);
      expect(await credits(beta)).toBe(4);
      const payments = await db.select().from(jobPayments).where(eq(jobPayments.subscriptionId, subscription!.id));
      expect(payments.map((payment) => payment.jobId)).toEqual([first]);
    });

    it('tells why without slots or credits, and changes nothing', async () => {
      const poor = (await createOrganization(db, { name: 'Poor', frontend: 'jobregio', members: [{ id: rita.id }] }))
        .id;
      const id = await draftOf(rita, completeJob({ organizationId: poor }));
      const before = await rowCounts();
      const { body } = await backend.request(
        changeJobState,
        { id, action: 'publish' },
        { token: await as(rita), headers: english },
      );
      expect(errorOf(body)).toMatchObject({ code: 'QUOTA_EXCEEDED', getMorePath: '/contact' });
      expect(body.errors?.[0]?.message).toBe(t('job.error.noCredits'));
      const created = await backend.request(
        createJob,
        { input: completeJob({ organizationId: poor }), publish: true },
        { token: await as(rita), headers: english },
      );
      expect(errorOf(created.body).code).toBe('QUOTA_EXCEEDED');
      expect(await rowCounts()).toEqual(before);
      const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(job?.state).toBe('draft');
    });
  });

  describe('workflow', () => {
    it('lets staff, and only staff, mark an organization of their brand trusted: its next job skips review', async () => {
      const org = (
        await createOrganization(db, { name: 'Soon Trusted', frontend: 'jobregio', members: [{ id: bob.id }] })
      ).id;
      await db
        .insert(creditBalances)
        .values({ organizationId: org, type: 'job_credits', amount: 2, frontend: 'jobregio' });
      const trust = (user: TestUser, headers = english) =>
        as(user).then((token) =>
          backend.request(setOrganizationTrusted, { organizationId: org, trusted: true }, { token, headers }),
        );
      expect(errorOf((await trust(bob)).body).code).toBe('FORBIDDEN');
      expect(errorOf((await trust(sam, german)).body).code).toBe('NOT_FOUND');
      const before = await backend.request(
        createJob,
        { input: completeJob({ organizationId: org }), publish: true },
        { token: await as(bob), headers: english },
      );
      expect(before.body.data?.createJob.workflowState).toBe('needs_review');

      const trusted = await trust(sam);
      expect(trusted.body.data?.setOrganizationTrusted).toEqual({ id: org, trusted: true });
      const after = await backend.request(
        createJob,
        { input: completeJob({ organizationId: org }), publish: true },
        { token: await as(bob), headers: english },
      );
      expect(after.body.data?.createJob.workflowState).toBe('published');
      // Only staff see the flag.
      const flagOf = async (user: TestUser) =>
        (
          await backend.post<{ job: { organization: { trusted: boolean | null } } }>(
            { query: `{ job(id: ${after.body.data!.createJob.id}) { organization { trusted } } }` },
            { token: await as(user), headers: english },
          )
        ).body.data?.job.organization.trusted;
      expect(await flagOf(sam)).toBe(true);
      expect(await flagOf(bob)).toBeNull();
      // The moderation queue shows staff the flag beside the job in review.
      const staffToken = await as(sam);
      let queued: { organization: { trusted?: boolean | null } } | undefined;
      for (let page = 1; !queued; page++) {
        const { body } = await backend.request(moderationQueue, { page }, { token: staffToken, headers: english });
        const list = body.data!.moderationQueue.jobs;
        if (list.length === 0) break;
        queued = list.find((job) => job.id === before.body.data!.createJob.id);
      }
      expect(queued?.organization.trusted).toBe(true);
    });

    it("puts a trusted organization's job live at once, or schedules it for its date", async () => {
      const token = await as(tina);
      const now = await backend.request(
        createJob,
        { input: completeJob({ organizationId: trusty }), publish: true },
        { token, headers: english },
      );
      expect(now.body.data?.createJob).toMatchObject({
        workflowState: 'published',
        availableActions: ['withdraw', 'extend'],
      });
      const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
      const scheduled = await backend.request(
        createJob,
        { input: completeJob({ organizationId: trusty, publishedAt: later }), publish: true },
        { token, headers: english },
      );
      expect(scheduled.body.data?.createJob.workflowState).toBe('scheduled');
      const [scheduledRow] = await db.select().from(jobs).where(eq(jobs.id, scheduled.body.data!.createJob.id));
      expect(scheduledRow?.publishedAt?.toISOString()).toBe(later);
      const [job] = await db.select().from(jobs).where(eq(jobs.id, now.body.data!.createJob.id));
      // Thirty days by default.
      expect(job!.expiresAt!.getTime() - job!.publishedAt!.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    });

    it('lets staff approve a job in review, and nobody else', async () => {
      const id = await draftOf(rita, completeJob());
      await backend.request(changeJobState, { id, action: 'publish' }, { token: await as(rita), headers: english });
      const byRecruiter = await backend.request(approveJob, { id }, { token: await as(rita), headers: english });
      expect(errorOf(byRecruiter.body).code).toBe('FORBIDDEN');
      const { body } = await backend.request(approveJob, { id }, { token: await as(sam), headers: english });
      expect(body.data?.approveJob.workflowState).toBe('published');
      const again = await backend.request(approveJob, { id }, { token: await as(sam), headers: english });
      expect(errorOf(again.body).code).toBe('CONFLICT');
      // A visitor now sees it.
      const visitor = await backend.request(jobForEdit, { id }, { headers: english });
      expect(visitor.body.data?.job).toMatchObject({
        workflowState: 'published',
        formValues: null,
        views: null,
        canEdit: false,
      });
    });

    it("sends an untrusted organization's edit of a live job back to review, without paying again", async () => {
      const id = await draftOf(rita, completeJob({ title: 'Approved once' }));
      await backend.request(changeJobState, { id, action: 'publish' }, { token: await as(rita), headers: english });
      await backend.request(approveJob, { id }, { token: await as(sam), headers: english });
      const before = await credits(acme);
      const edited = await backend.request(
        updateJob,
        { id, input: completeJob({ title: 'Changed after approval' }) },
        { token: await as(rita), headers: english },
      );
      expect(edited.body.data?.updateJob.workflowState).toBe('needs_review');
      expect(await credits(acme)).toBe(before);
      const trusted = await backend.request(
        createJob,
        { input: completeJob({ organizationId: trusty }), publish: true },
        { token: await as(tina), headers: english },
      );
      const trustedId = trusted.body.data!.createJob.id;
      const datesOf = async () =>
        (
          await db
            .select({ publishedAt: jobs.publishedAt, expiresAt: jobs.expiresAt })
            .from(jobs)
            .where(eq(jobs.id, trustedId))
        )[0];
      const liveDates = await datesOf();
      expect(liveDates?.publishedAt).toBeInstanceOf(Date);
      const trustedEdit = await backend.request(
        updateJob,
        { id: trustedId, input: completeJob({ organizationId: trusty, title: 'Still live' }) },
        { token: await as(tina), headers: english },
      );
      expect(trustedEdit.body.data?.updateJob.workflowState).toBe('published');
      // An edit that leaves the dates out keeps the live job's dates (it stays in search and still expires).
      expect(await datesOf()).toEqual(liveDates);
      // Publishing again is no way around it either.
      const again = await backend.request(
        updateJob,
        { id, input: completeJob(), publish: true },
        { token: await as(rita), headers: english },
      );
      expect(errorOf(again.body).code).toBe('CONFLICT');
    });

    it('archives a rejected job, gives the credit back and mails the reason to the recruiter', async () => {
      const id = await draftOf(rita, completeJob({ title: 'Zu vage' }));
      await backend.request(changeJobState, { id, action: 'publish' }, { token: await as(rita), headers: english });
      const afterPaying = await credits(acme);
      const refused = await backend.request(rejectJob, { id, reason: ' ' }, { token: await as(sam), headers: english });
      expect(errorOf(refused.body).fieldErrors).toEqual({ reason: t('job.error.required') });
      const sent = mail.mails.length;
      const { body } = await backend.request(
        rejectJob,
        { id, reason: 'Bitte nennen Sie die Aufgaben genauer.' },
        { token: await as(sam), headers: english },
      );
      expect(body.data?.rejectJob.workflowState).toBe('archived');
      expect(await credits(acme)).toBe(afterPaying + 1);
      const received = await mail.waitFor(rita.email, { after: sent });
      expect(received.subject).toContain('Zu vage');
      expect(received.text).toContain('Bitte nennen Sie die Aufgaben genauer.');
      expect(received.text).toMatch(/https?:\/\/\S+/);
      const edit = await backend.request(jobForEdit, { id }, { token: await as(rita), headers: english });
      expect(edit.body.data?.job).toMatchObject({
        rejectionReason: 'Bitte nennen Sie die Aufgaben genauer.',
        availableActions: ['repost'],
      });
      expect(edit.body.data?.job?.stateHistory.map((change) => [change.from, change.to, change.actorName])).toEqual([
        [null, 'draft', 'Rita'],
        ['draft', 'needs_review', 'Rita'],
        ['needs_review', 'archived', null],
      ]);
    });

    it('withdraws, extends and reposts (a repost is a new, paid posting)', async () => {
      const token = await as(tina);
      const created = await backend.request(
        createJob,
        { input: completeJob({ organizationId: trusty }), publish: true },
        { token, headers: english },
      );
      const id = created.body.data!.createJob.id;
      const until = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString();
      const extended = await backend.request(
        changeJobState,
        { id, action: 'extend', expiresAt: until },
        { token, headers: english },
      );
      expect(extended.body.data?.changeJobState.workflowState).toBe('published');
      const [extendedRow] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(extendedRow?.expiresAt?.toISOString()).toBe(until);
      const past = await backend.request(
        changeJobState,
        { id, action: 'extend', expiresAt: '2020-01-01T00:00:00Z' },
        { token, headers: english },
      );
      expect(errorOf(past.body).fieldErrors).toEqual({ expiresAt: t('job.error.expiryBeforePublish') });
      const withdrawn = await backend.request(changeJobState, { id, action: 'withdraw' }, { token, headers: english });
      expect(withdrawn.body.data?.changeJobState.workflowState).toBe('archived');
      const before = await credits(trusty);
      const reposted = await backend.request(changeJobState, { id, action: 'repost' }, { token, headers: english });
      expect(reposted.body.data?.changeJobState.workflowState).toBe('published');
      expect(await credits(trusty)).toBe(before - 1);
      const wrong = await backend.request(changeJobState, { id, action: 'repost' }, { token, headers: english });
      expect(errorOf(wrong.body).code).toBe('CONFLICT');
    });
  });

  describe('saving', () => {
    it('sanitises the description on the server: iframes only for staff', async () => {
      const html =
        '<p onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://www.youtube.com/embed/abc"></iframe>';
      const id = await draftOf(rita, completeJob({ description: html }));
      const [recruiterJob] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(recruiterJob?.description).toBe('<p>Hi</p>');
      const staffId = await draftOf(sam, completeJob({ description: html }));
      const [staffJob] = await db.select().from(jobs).where(eq(jobs.id, staffId));
      expect(staffJob?.description).toBe('<p>Hi</p><iframe src="https://www.youtube.com/embed/abc"></iframe>');
    });

    it('keeps every field of the form, and duplicates a job into a new draft', async () => {
      const input = completeJob({
        availabilityPeriod: 'ab sofort',
        videoUrl: 'https://www.youtube.com/watch?v=abc',
        remoteOptionId: terms.remote,
        salaryFree: 'nach Tarif',
        languagesFree: 'Deutsch C1',
        skillsFree: 'Empathie',
        durationDays: 45,
        applicationRequireCv: true,
        applicationRequireQualifyingQuestions: true,
        applicationQualifyingQuestions: [{ question: 'Führerschein?', required: true }],
      });
      const id = await draftOf(rita, input);
      const { body } = await backend.request(jobForEdit, { id }, { token: await as(rita), headers: english });
      expect(body.data?.job?.formValues).toMatchObject({
        ...input,
        locations: input.locations!.map((location) => ({
          addressLine2: null,
          administrativeArea: null,
          addressLine1: null,
          postalCode: null,
          ...location,
        })),
      });
      const copy = await backend.request(duplicateJob, { id }, { token: await as(rita), headers: english });
      const copyId = copy.body.data!.duplicateJob.id;
      expect(copyId).not.toBe(id);
      const copied = await backend.request(jobForEdit, { id: copyId }, { token: await as(rita), headers: english });
      expect(copied.body.data?.job).toMatchObject({
        workflowState: 'draft',
        formValues: { title: input.title, skillIds: [terms.skill] },
      });
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(row).toMatchObject({ organizationName: 'Acme GmbH', skillsText: 'Pflege', searchConfig: 'german' });
    });
  });

  describe('job manager and moderation queue', () => {
    it("lists the organization's jobs newest first, 10 per page, by state", async () => {
      const org = (await createOrganization(db, { name: 'Busy', frontend: 'jobregio', members: [{ id: bob.id }] })).id;
      const ids: number[] = [];
      for (let index = 0; index < 12; index++)
        ids.push(await draftOf(bob, completeJob({ organizationId: org, title: `Job ${index}` })));
      const token = await as(bob);
      const first = await backend.request(managedJobs, { organizationId: org }, { token, headers: english });
      expect(first.body.data?.managedJobs).toMatchObject({ total: 12, pageSize: 10 });
      expect(first.body.data?.managedJobs.jobs.map((job) => job.id)).toEqual(ids.slice(2).reverse());
      expect(first.body.data?.managedJobs.jobs[0]).toMatchObject({
        views: 0,
        canEdit: true,
        availableActions: ['publish'],
      });
      const second = await backend.request(managedJobs, { organizationId: org, page: 2 }, { token, headers: english });
      expect(second.body.data?.managedJobs.jobs.map((job) => job.id)).toEqual(ids.slice(0, 2).reverse());
      const published = await backend.request(
        managedJobs,
        { organizationId: org, state: 'published' },
        { token, headers: english },
      );
      expect(published.body.data?.managedJobs.total).toBe(0);
    });

    it("counts the job page's views once per visitor and half hour, for the job's brand only", async () => {
      const org = (await createOrganization(db, { name: 'Viewed', frontend: 'jobregio', members: [{ id: bob.id }] }))
        .id;
      const id = await draftOf(bob, completeJob({ organizationId: org, title: 'Viewed job' }));
      const view = (address: string, headers = english) =>
        backend.request(recordJobView, { jobId: id }, { headers, serverContext: { clientAddress: address } });
      expect((await view('203.0.113.20')).body.data?.recordJobView).toBe(true);
      expect((await view('203.0.113.20')).body.data?.recordJobView).toBe(false);
      expect((await view('203.0.113.21')).body.data?.recordJobView).toBe(true);
      // Another brand's request for this job counts nothing.
      expect((await view('203.0.113.22', german)).body.data?.recordJobView).toBe(true);
      const token = await as(bob);
      const viewsOf = async () =>
        (await backend.request(managedJobs, { organizationId: org }, { token, headers: english })).body.data
          ?.managedJobs.jobs[0]?.views;
      await expect.poll(viewsOf, { timeout: 15_000, interval: 500 }).toBe(2);
      const refused = await backend.request(recordJobView, { jobId: -1 }, { headers: english });
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('shows staff the jobs in review first, oldest first', async () => {
      const token = await as(rita);
      const older = await draftOf(rita, completeJob({ title: 'Older' }));
      const newer = await draftOf(rita, completeJob({ title: 'Newer' }));
      await backend.request(changeJobState, { id: older, action: 'publish' }, { token, headers: english });
      await backend.request(changeJobState, { id: newer, action: 'publish' }, { token, headers: english });
      const { body } = await backend.request(
        moderationQueue,
        { states: ['needs_review', 'draft'] },
        { token: await as(sam), headers: english },
      );
      const list = body.data!.moderationQueue.jobs;
      const review = list.filter((job) => job.workflowState === 'needs_review').map((job) => job.id);
      expect(review.indexOf(older)).toBeLessThan(review.indexOf(newer));
      const firstDraft = list.findIndex((job) => job.workflowState === 'draft');
      expect(firstDraft === -1 || firstDraft >= review.length).toBe(true);
      const recruiter = await backend.request(moderationQueue, {}, { token, headers: english });
      expect(errorOf(recruiter.body).code).toBe('FORBIDDEN');
    });
  });

  describe('the PDF of a job_per_file ad', () => {
    const mutation = `mutation upload($organizationId: Int!, $file: File!) {
      uploadJobFile(organizationId: $organizationId, file: $file) { file fileName size }
    }`;

    async function upload(user: TestUser, organizationId: number, bytes: Uint8Array<ArrayBuffer>, fileName: string) {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: mutation, variables: { organizationId, file: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new File([bytes], fileName, { type: 'application/pdf' }));
      const response = await backend.server.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { frontend: 'tagblatt;de', authorization: `Bearer ${await as(user)}` },
        body: form,
      });
      return (await response.json()) as GraphQLResponseBody<{ uploadJobFile: { file: string; size: number } }>;
    }

    it('keeps a real PDF and attaches it to a job of the same organization', async () => {
      const uploaded = await upload(tina, tagwerk, new Uint8Array(pdfBytes), 'Anzeige.pdf');
      expect(uploaded.errors).toBeUndefined();
      const file = uploaded.data!.uploadJobFile.file;
      const id = await draftOf(
        tina,
        completeJob({ organizationId: tagwerk, jobType: 'job_per_file', file, description: null }),
        german,
      );
      const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
      const [stored] = await db
        .select()
        .from(jobFiles)
        .where(eq(jobFiles.id, Number(file)));
      expect(job?.fileKey).toBe(stored?.storageKey);
      expect(stored).toMatchObject({ fileName: 'Anzeige.pdf', sizeBytes: pdfBytes.length, organizationId: tagwerk });
      // Another organization cannot use the token.
      const elsewhere = await backend.request(
        createJob,
        { input: completeJob({ organizationId: trusty, jobType: 'job_per_template', file }) },
        { token: await as(tina), headers: english },
      );
      expect(elsewhere.body.errors).toBeUndefined();
      const [template] = await db.select().from(jobs).where(eq(jobs.id, elsewhere.body.data!.createJob.id));
      expect(template?.fileKey).toBeNull();
    });

    it('serves the PDF to whoever may see its job, and to nobody else', async () => {
      const uploaded = await upload(tina, tagwerk, new Uint8Array(pdfBytes), 'Stelle.pdf');
      const file = uploaded.data!.uploadJobFile.file;
      const id = await draftOf(tina, completeJob({ organizationId: tagwerk, jobType: 'job_per_file', file }), german);
      const read = (user: TestUser | null, brandId = 'tagblatt') =>
        readJobFile({
          db,
          viewer: user ? { userId: user.id, roles: user.roles } : { userId: null, roles: [] },
          loaders: createLoaders(db),
          brandId,
          input: { id },
        });
      const visitor = null;
      expect(await read(visitor)).toBeNull();
      expect(await read(rita)).toBeNull();
      expect(await read(tina)).toEqual({ data: new Uint8Array(pdfBytes), fileName: 'Stelle.pdf' });
      expect(await read(sam)).not.toBeNull();
      await db.update(jobs).set({ state: 'published' }).where(eq(jobs.id, id));
      expect(await read(visitor)).toEqual({ data: new Uint8Array(pdfBytes), fileName: 'Stelle.pdf' });
      // Another brand does not know the job.
      expect(await read(visitor, 'jobregio')).toBeNull();
    });

    it('refuses a disguised PDF with a field error and keeps nothing', async () => {
      const before = await rowCounts();
      const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
      const body = await upload(tina, tagwerk, new Uint8Array(html), 'Anzeige.pdf');
      expect(errorOf(body)).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: { file: createTranslator('de')('job.error.fileNotPdf') },
      });
      const foreign = await upload(rita, tagwerk, new Uint8Array(pdfBytes), 'Anzeige.pdf');
      expect(errorOf(foreign).code).toBe('FORBIDDEN');
      const unknownFile = await backend.request(
        createJob,
        { input: completeJob({ organizationId: tagwerk, jobType: 'job_per_file', file: '999999' }) },
        { token: await as(tina), headers: german },
      );
      expect(errorOf(unknownFile.body).fieldErrors).toEqual({ file: createTranslator('de')('job.error.fileUnknown') });
      expect(await rowCounts()).toEqual(before);
    });
  });

  it('marks organizations as not trusted by default', async () => {
    const [row] = await db
      .select({ trusted: organizations.trusted })
      .from(organizations)
      .where(eq(organizations.id, acme));
    expect(row?.trusted).toBe(false);
  });
});
