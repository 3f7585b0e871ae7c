import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { pathAliases } from '../../src/server/db/schema/content';
import {
  jobEmploymentTypes,
  jobLanguages,
  jobOccupationalFields,
  jobs,
  jobSkills,
  type Job,
} from '../../src/server/db/schema/jobs';
import { organizationIndustries, organizations } from '../../src/server/db/schema/organizations';
import { taxonomyTerms, type Vocabulary } from '../../src/server/db/schema/taxonomy';
import type { RoleId } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import { getJob } from '../../src/lib/operations/content';
import { createTestBackend, operationBody, type TestBackend } from '../support/backend';
import { createJob, createOrganization, createUser, type JobOptions, type TestUser } from '../support/factories';

const day = 24 * 60 * 60 * 1000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * day);

async function insertTerm(db: Database, vocabulary: Vocabulary, slug: string, labelDe: string, labelEn: string) {
  const [term] = await db.insert(taxonomyTerms).values({ vocabulary, slug, labelDe, labelEn }).returning();
  if (!term) throw new Error('term not inserted');
  return term;
}

interface Fixture {
  owner: TestUser;
  member: TestUser;
  otherRecruiter: TestUser;
  applicant: TestUser;
  staff: TestUser;
  jobIds: Record<'open' | 'expired' | 'archived' | 'review' | 'scheduled' | 'aliased', number>;
  openCount: number;
}

/** Four organizations, 24 open jobs spread over them, and one job of every other kind. */
async function insertFixture(db: Database): Promise<Fixture> {
  const user = (email: string, roles: RoleId[]) =>
    createUser(db, { email, firstName: email.split('@')[0], approved: true, roles });
  const owner = await user('owner@acme.test', ['recruiter']);
  const member = await user('member@acme.test', ['recruiter']);
  const otherRecruiter = await user('other@globex.test', ['recruiter']);
  const applicant = await user('applicant@example.test', ['applicant']);
  const staff = await user('editor@jobboard.test', ['job_editor']);

  const fullTime = await insertTerm(db, 'employment_type', 'full-time', 'Vollzeit', 'Full time');
  const partTime = await insertTerm(db, 'employment_type', 'part-time', 'Teilzeit', 'Part time');
  const it = await insertTerm(db, 'occupational_field', 'it', 'IT und Telekommunikation', 'IT and telecoms');
  const care = await insertTerm(db, 'occupational_field', 'care', 'Pflege', 'Care');
  const remote = await insertTerm(db, 'remote_option', 'remote', 'Homeoffice', 'Remote');
  const hybrid = await insertTerm(db, 'remote_option', 'hybrid', 'Hybrid', 'Hybrid');
  const senior = await insertTerm(db, 'years_of_experience', '5-plus', 'Über 5 Jahre', 'More than 5 years');
  const master = await insertTerm(db, 'degree_level', 'master', 'Master', 'Master');
  const typescript = await insertTerm(db, 'skill', 'typescript', 'TypeScript', 'TypeScript');
  const german = await insertTerm(db, 'language', 'german', 'Deutsch', 'German');
  const software = await insertTerm(db, 'industry', 'software', 'Software', 'Software');
  const health = await insertTerm(db, 'industry', 'health', 'Gesundheitswesen', 'Healthcare');

  const organizationRows = [];
  for (const [index, name] of ['Acme GmbH', 'Globex AG', 'Initech KG', 'Umbrella e.V.'].entries()) {
    organizationRows.push(
      await createOrganization(db, {
        name,
        published: true,
        logoUrl: `https://cdn.example.test/logos/${index}.png`,
        path: `/organization/${name.split(' ')[0]!.toLowerCase()}`,
        owner: [owner, otherRecruiter][index],
        members: index === 0 ? [member] : [],
      }),
    );
  }
  const [acme, globex] = organizationRows;
  if (!acme || !globex) throw new Error('organizations not inserted');
  await db
    .insert(organizationIndustries)
    .values(
      organizationRows.flatMap((organization, index) => [
        { organizationId: organization.id, termId: index % 2 === 0 ? software.id : health.id },
      ]),
    );

  const openRows: Job[] = [];
  for (let index = 0; index < 24; index += 1) {
    openRows.push(
      await createJob(db, {
        organization: organizationRows[index % organizationRows.length]!,
        title: `Open job ${String(index).padStart(2, '0')}`,
        // Job 00 is the newest.
        publishedAt: new Date(now - (index + 1) * 60 * 60 * 1000),
        expiresAt: index % 3 === 0 ? null : new Date(now + 30 * day),
        remoteOptionId: index % 2 === 0 ? remote.id : hybrid.id,
        salaryMin: 40000 + index * 1000,
        salaryMax: 60000 + index * 1000,
        currencyCode: 'EUR',
        salaryUnit: 'year',
        locations: [
          { locality: 'Tübingen', postalCode: '72070', countryCode: 'DE', latitude: 48.52, longitude: 9.05 },
          ...(index % 2 === 0
            ? [{ locality: 'Stuttgart', countryCode: 'DE', latitude: 48.78, longitude: 9.18, weight: 1 }]
            : []),
        ],
      }),
    );
  }
  await db
    .insert(jobEmploymentTypes)
    .values(openRows.map((job, index) => ({ jobId: job.id, termId: index % 2 === 0 ? fullTime.id : partTime.id })));
  await db.insert(jobOccupationalFields).values(
    openRows.flatMap((job) => [
      { jobId: job.id, termId: it.id },
      { jobId: job.id, termId: care.id },
    ]),
  );

  const special = async (overrides: Omit<JobOptions, 'organization'>) =>
    (await createJob(db, { organization: acme, title: 'Job', publishedAt: daysAgo(1), ...overrides })).id;
  const aliased = await special({
    title: 'Senior TypeScript Developer (m/w/d)',
    description: '<p>Wir suchen Verstärkung.</p>',
    publishedAt: daysAgo(400),
    expiresAt: new Date(now + 10 * day),
    yearsOfExperienceId: senior.id,
    degreeLevelId: master.id,
    salaryMin: 25,
    salaryMax: 35,
    currencyCode: 'EUR',
    salaryUnit: 'hour',
    applicationWorkflow: 'email',
    applicationEmails: ['jobs@acme.test'],
    applicationRequireCv: true,
    applicationQualifyingQuestions: [{ question: 'Haben Sie einen Führerschein?', required: true }],
    isTop: true,
  });
  await db.insert(jobSkills).values({ jobId: aliased, termId: typescript.id });
  await db.insert(jobLanguages).values({ jobId: aliased, termId: german.id });
  await db
    .insert(pathAliases)
    .values({ path: '/job/senior-typescript-developer', targetKind: 'Job', targetId: aliased });

  return {
    owner,
    member,
    otherRecruiter,
    applicant,
    staff,
    openCount: openRows.length + 1,
    jobIds: {
      open: openRows[0]!.id,
      aliased,
      expired: await special({ title: 'Expired job', expiresAt: daysAgo(2), publishedAt: daysAgo(40) }),
      archived: await special({ title: 'Archived job', state: 'archived', publishedAt: daysAgo(90) }),
      review: await special({ title: 'Job in review', state: 'needs_review', publishedAt: null }),
      scheduled: await special({ title: 'Scheduled job', state: 'scheduled', publishedAt: new Date(now + 5 * day) }),
    },
  };
}

interface JobResult {
  id: number;
  title: string;
  state: string;
  [field: string]: unknown;
}

describe.each(testDialects)('jobs on %s', (dialect) => {
  let backend: TestBackend;
  let fixture: Fixture;
  const statements: string[] = [];

  beforeAll(async () => {
    backend = await createTestBackend(dialect, { onQuery: (sql) => statements.push(sql) });
    fixture = await insertFixture(backend.handle.db);
  });
  afterAll(() => backend?.dispose());

  const fetchJob = async (id: number, user?: { id: number; roles: RoleId[] }) => {
    const token = user ? await backend.tokenFor(user) : undefined;
    const { body } = await backend.request(getJob, { id }, { token });
    expect(body.errors).toBeUndefined();
    return body.data?.job ?? null;
  };

  describe('job', () => {
    it('returns a published job with every field, labels in the request language', async () => {
      // Jobs are seen by their own brand only: the job and Acme move to the multilingual brand meanwhile.
      const { db } = backend.handle;
      const moveTo = async (frontend: 'tagblatt' | 'jobregio') => {
        await db.update(jobs).set({ frontend }).where(eq(jobs.id, fixture.jobIds.aliased));
        await db.update(organizations).set({ frontend }).where(eq(organizations.path, '/organization/acme'));
      };
      await moveTo('jobregio');
      const { body } = await backend
        .post<{ job: Record<string, unknown> }>(
          {
            query: `query job($id: Int!) { job(id: $id) {
            id title jobType state description linkUrl videoUrl availabilityPeriod
            organization { id name url logo { url alt title } }
            locations { address { countryCode locality postalCode addressLine1 } latitude longitude }
            employmentTypes { tid label } occupationalFields { label } remoteOption { label }
            yearsOfExperience { label } degreeLevel { label } skills { label } languages { label }
            salary { min max currencyCode unit minYearly maxYearly }
            publishedAt expiresAt isExpired isTop language url
            application { workflow emails link requireCv requireCoverLetter requireQualifyingQuestions
              qualifyingQuestions { question required } }
          } }`,
            variables: { id: fixture.jobIds.aliased },
          },
          { token: await backend.tokenFor(fixture.applicant), headers: { frontend: 'jobregio;en-GB' } },
        )
        .finally(() => moveTo('tagblatt'));
      expect(body.errors).toBeUndefined();
      expect(body.data?.job).toMatchObject({
        id: fixture.jobIds.aliased,
        title: 'Senior TypeScript Developer (m/w/d)',
        jobType: 'job_per_template',
        state: 'published',
        description: '<p>Wir suchen Verstärkung.</p>',
        linkUrl: null,
        organization: {
          name: 'Acme GmbH',
          url: '/en-GB/organization/acme',
          logo: { url: 'https://cdn.example.test/logos/0.png?style=medium_squared', alt: 'Acme GmbH' },
        },
        locations: [],
        employmentTypes: [],
        yearsOfExperience: { label: 'More than 5 years' },
        degreeLevel: { label: 'Master' },
        skills: [{ label: 'TypeScript' }],
        languages: [{ label: 'German' }],
        remoteOption: null,
        salary: { min: 25, max: 35, currencyCode: 'EUR', unit: 'hour', minYearly: 52000, maxYearly: 72800 },
        isExpired: false,
        isTop: true,
        language: 'de',
        url: '/job/senior-typescript-developer',
        application: {
          workflow: 'email',
          emails: ['jobs@acme.test'],
          link: null,
          requireCv: true,
          requireCoverLetter: false,
          requireQualifyingQuestions: false,
          qualifyingQuestions: [{ question: 'Haben Sie einen Führerschein?', required: true }],
        },
      });
      expect(new Date(String(body.data?.job.expiresAt)).getTime()).toBeGreaterThan(now);
    });

    it('lists locations and terms, and falls back to /job/<id> without an alias', async () => {
      const { body } = await backend.request(getJob, { id: fixture.jobIds.open });
      expect(body.data?.job).toMatchObject({
        url: `/job/${fixture.jobIds.open}`,
        locations: [
          {
            address: { locality: 'Tübingen', postalCode: '72070', countryCode: 'DE' },
            latitude: 48.52,
            longitude: 9.05,
          },
          { address: { locality: 'Stuttgart', postalCode: null, countryCode: 'DE' }, latitude: 48.78, longitude: 9.18 },
        ],
        employmentTypes: [{ label: 'Vollzeit' }],
        occupationalFields: [{ label: 'IT und Telekommunikation' }, { label: 'Pflege' }],
        remoteOption: { label: 'Homeoffice' },
        salary: { unit: 'year', min: 40000 },
      });
    });

    it('hides application e-mail addresses from anonymous visitors', async () => {
      const anonymous = await backend.request(getJob, { id: fixture.jobIds.aliased });
      expect(anonymous.body.data?.job?.application).toMatchObject({ workflow: 'email', emails: [] });
    });

    it('shows published, archived and expired jobs to everyone', async () => {
      expect(await fetchJob(fixture.jobIds.open)).toMatchObject({ state: 'published', isExpired: false });
      expect(await fetchJob(fixture.jobIds.archived)).toMatchObject({ state: 'archived' });
      expect(await fetchJob(fixture.jobIds.expired)).toMatchObject({ state: 'published', isExpired: true });
      expect(await fetchJob(fixture.jobIds.expired, fixture.applicant)).toMatchObject({ isExpired: true });
    });

    it("shows jobs in review and scheduled jobs only to the organization's recruiters and staff", async () => {
      for (const id of [fixture.jobIds.review, fixture.jobIds.scheduled]) {
        expect(await fetchJob(id)).toBeNull();
        expect(await fetchJob(id, fixture.applicant)).toBeNull();
        expect(await fetchJob(id, fixture.otherRecruiter)).toBeNull();
        // Recruiters who belong to the organization manage its jobs (issue 13), owners or not.
        expect(await fetchJob(id, fixture.member)).toMatchObject({ id });
        expect(await fetchJob(id, fixture.owner)).toMatchObject({ id });
        expect(await fetchJob(id, fixture.staff)).toMatchObject({ id });
      }
    });

    it('answers null for an unknown job', async () => {
      expect(await fetchJob(999_999)).toBeNull();
    });

    it('refuses a missing, mistyped or impossible id with a clear error', async () => {
      const missing = await backend.post(operationBody(getJob, {}));
      expect(missing.body.errors?.[0]?.message).toContain('Variable "$id" of required type "Int!" was not provided');
      const wrongType = await backend.post(operationBody(getJob, { id: 'seven' }));
      expect(wrongType.body.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
      const negative = await backend.request(getJob, { id: -1 });
      expect(negative.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(negative.body.errors?.[0]?.message).toContain('id must be a positive job id');
    });
  });

  describe('latestJobs', () => {
    const latestQuery = `query latest($limit: Int, $offset: Int) {
      latestJobs(limit: $limit, offset: $offset) { total jobs { id title state isExpired } }
    }`;
    const latest = async (variables: Record<string, unknown>) =>
      backend.post<{ latestJobs: { total: number; jobs: JobResult[] } }>({ query: latestQuery, variables });

    it('lists open jobs newest first with the total, 10 by default', async () => {
      const { body } = await latest({});
      expect(body.errors).toBeUndefined();
      expect(body.data?.latestJobs.total).toBe(fixture.openCount);
      expect(body.data?.latestJobs.jobs.map((job) => job.title)).toEqual(
        Array.from({ length: 10 }, (_, index) => `Open job ${String(index).padStart(2, '0')}`),
      );
    });

    it('pages with limit and offset and leaves out expired, archived and unpublished jobs', async () => {
      const { body } = await latest({ limit: 50 });
      const titles = body.data?.latestJobs.jobs.map((job) => job.title) ?? [];
      expect(titles).toHaveLength(fixture.openCount);
      expect(titles.at(-1)).toBe('Senior TypeScript Developer (m/w/d)');
      for (const hidden of ['Expired job', 'Archived job', 'Job in review', 'Scheduled job']) {
        expect(titles).not.toContain(hidden);
      }
      const page = await latest({ limit: 5, offset: 20 });
      expect(page.body.data?.latestJobs.jobs.map((job) => job.title)).toEqual([
        'Open job 20',
        'Open job 21',
        'Open job 22',
        'Open job 23',
        'Senior TypeScript Developer (m/w/d)',
      ]);
      const beyond = await latest({ limit: 5, offset: 100 });
      expect(beyond.body.data?.latestJobs).toEqual({ total: fixture.openCount, jobs: [] });
    });

    it('refuses a limit outside 1..50, a negative offset and wrong types', async () => {
      for (const limit of [0, 100]) {
        const { body } = await latest({ limit });
        expect(body.data ?? null).toBeNull();
        expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        expect(body.errors?.[0]?.message).toContain('limit must be between 1 and 50');
      }
      const negative = await latest({ offset: -1 });
      expect(negative.body.errors?.[0]?.message).toContain('offset must be 0 or more');
      const wrongType = await latest({ limit: 'ten' });
      expect(wrongType.body.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
    });

    it('loads a page of jobs with organizations, terms and locations in a constant number of statements', async () => {
      const listingQuery = `query listing($limit: Int) { latestJobs(limit: $limit) { total jobs {
        title
        organization { name logo { url } industry { label } }
        locations { address { locality } latitude longitude }
        employmentTypes { label } occupationalFields { label } remoteOption { label }
        salary { min max currencyCode unit }
      } } }`;
      const countStatements = async (limit: number) => {
        statements.length = 0;
        const { body } = await backend.post<{ latestJobs: { jobs: { organization: { industry: unknown[] } }[] } }>({
          query: listingQuery,
          variables: { limit },
        });
        expect(body.errors).toBeUndefined();
        expect(body.data?.latestJobs.jobs).toHaveLength(limit);
        expect(body.data?.latestJobs.jobs.every((job) => job.organization.industry.length === 1)).toBe(true);
        return statements.length;
      };
      const forFive = await countStatements(5);
      const forTwenty = await countStatements(20);
      console.info(`latestJobs statements on ${dialect}: limit 5 → ${forFive}, limit 20 → ${forTwenty}`);
      expect(forTwenty).toBeLessThanOrEqual(12);
      expect(forTwenty).toBe(forFive);
    });
  });
});
