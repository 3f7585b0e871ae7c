import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalances, products, subscriptions } from '../../src/server/db/schema/commerce';
import type { RoleId } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import { publicOrigin } from '../../src/server/public-origin';
import type { OperationData } from '../../src/lib/backend-client';
import { getCredits, getSubscriptions } from '../../src/features/account/operations';
import { createTestBackend, operationBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser } from '../support/factories';
import { postLedgerEntry } from '../../src/server/modules/commerce/ledger';
import { reserveResumeContactCredit } from '../../src/server/modules/commerce/resume-contact-credits';

/** The calendar day `offset` days from today (UTC): subscription statuses follow from the dates. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(testDialects)('Credits and subscriptions on %s', (dialect) => {
  let backend: TestBackend;
  const ids = {
    acme: 0,
    beta: 0,
    rita: 0, // recruiter, member of Acme, Acme active
    rob: 0, // recruiter, owner and member of Beta
    olga: 0, // recruiter, owner of Acme without membership row or active organization
    nora: 0, // recruiter without organization
    ann: 0, // applicant
    sam: 0, // administrator without organization
    jobSlots: 0,
    resumeContacts: 0,
    jobregioSlots: 0,
  };
  /** Acme's subscriptions on tagblatt, by name. */
  const subs: Record<string, number> = {};

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    // Roles come with the tokens (backend.tokenFor), as each test signs in.
    for (const name of ['rita', 'rob', 'olga', 'nora', 'ann', 'sam'] as const) {
      ids[name] = (await createUser(db, { email: `${name}@example.com`, approved: true, verified: false })).id;
    }
    ids.acme = (
      await createOrganization(db, {
        name: 'Acme GmbH',
        owner: { id: ids.olga },
        members: [{ id: ids.rita }],
        activeFor: [{ id: ids.rita }],
      })
    ).id;
    ids.beta = (
      await createOrganization(db, {
        name: 'Beta AG',
        owner: { id: ids.rob },
        members: [{ user: { id: ids.rob }, isOwner: true }],
      })
    ).id;

    await db.insert(creditBalances).values([
      {
        organizationId: ids.acme,
        type: 'resume_contacts',
        label: 'Lebenslauf-Kontakte',
        amount: 5,
        frontend: 'tagblatt',
      },
      { organizationId: ids.acme, type: 'job_credits', label: 'Stellen-Credits', amount: 3, frontend: 'tagblatt' },
      { organizationId: ids.acme, type: 'resume_contacts', label: 'Resume contacts', amount: 9, frontend: 'jobregio' },
      { organizationId: ids.beta, type: 'resume_contacts', label: null, amount: 1, frontend: 'tagblatt' },
    ]);

    const [jobSlots, resumeContacts, jobregioSlots] = await db
      .insert(products)
      .values([
        { name: 'Stellenpaket 5', type: 'job_slots', frontend: 'tagblatt', jobSlots: 5, priceCents: 49_900 },
        {
          name: 'Kontakte 10',
          type: 'resume_contacts',
          frontend: 'tagblatt',
          resumeContactSlots: 10,
          priceCents: 9_900,
        },
        { name: 'Job pack 3', type: 'job_slots', frontend: 'jobregio', jobSlots: 3, priceCents: 29_900 },
      ])
      .returning();
    ids.jobSlots = jobSlots!.id;
    ids.resumeContacts = resumeContacts!.id;
    ids.jobregioSlots = jobregioSlots!.id;

    const rows = await db
      .insert(subscriptions)
      .values([
        {
          organizationId: ids.acme,
          productId: ids.jobSlots,
          label: 'Frühjahr',
          startDate: day(-300),
          endDate: day(-200),
          frontend: 'tagblatt',
        },
        {
          organizationId: ids.acme,
          productId: ids.jobSlots,
          label: 'Sommer',
          startDate: day(-100),
          endDate: day(60),
          jobSlots: 5,
          frontend: 'tagblatt',
        },
        {
          organizationId: ids.acme,
          productId: ids.resumeContacts,
          label: 'Kontakte',
          startDate: day(-50),
          endDate: null,
          resumeContactSlots: 10,
          frontend: 'tagblatt',
        },
        {
          organizationId: ids.acme,
          productId: ids.jobSlots,
          label: 'Herbst',
          startDate: day(30),
          endDate: day(120),
          jobSlots: 5,
          frontend: 'tagblatt',
        },
        {
          organizationId: ids.acme,
          productId: ids.jobSlots,
          label: 'Gekündigt',
          startDate: day(-400),
          endDate: day(-250),
          cancelledAt: new Date(),
          frontend: 'tagblatt',
        },
        {
          organizationId: ids.acme,
          productId: ids.jobregioSlots,
          label: 'Jobregio',
          startDate: day(-200),
          endDate: null,
          frontend: 'jobregio',
        },
        {
          organizationId: ids.beta,
          productId: ids.jobSlots,
          label: 'Beta',
          startDate: day(-150),
          endDate: null,
          frontend: 'tagblatt',
        },
      ])
      .returning();
    for (const row of rows) subs[row.label!] = row.id;
    // Usage comes from the ledger: one job slot of Sommer used, two resume contacts of Kontakte held.
    await postLedgerEntry(db, {
      organizationId: ids.acme,
      frontend: 'tagblatt',
      kind: 'job_credits',
      amount: -1,
      reason: 'job_publish',
      idempotencyKey: `test:${dialect}:sommer`,
      subscriptionId: subs.Sommer,
    });
    for (const requestId of [1, 2]) {
      await reserveResumeContactCredit(
        db,
        { organizationId: ids.acme, frontend: 'tagblatt', requestId, actorUserId: ids.rita },
        'en-GB',
      );
    }
  });
  afterAll(() => backend?.dispose());

  const token = (id: number, roles: RoleId[]) => backend.tokenFor({ id, roles });
  const recruiter = (id: number) => token(id, ['recruiter']);

  // The site's operations, with any variables: some tests send wrong ones to see them refused.
  const credits = async (variables: Record<string, unknown>, authToken?: string, headers?: Record<string, string>) =>
    (
      await backend.post<OperationData<typeof getCredits>>(operationBody(getCredits, variables), {
        token: authToken,
        headers,
      })
    ).body;

  const list = async (variables: Record<string, unknown>, authToken?: string, headers?: Record<string, string>) =>
    (
      await backend.post<OperationData<typeof getSubscriptions>>(
        operationBody(getSubscriptions, { limit: 100, ...variables }),
        { token: authToken, headers },
      )
    ).body;

  describe('getCredits', () => {
    it("returns the balances of the recruiter's active organization on this frontend", async () => {
      const { data, errors } = await credits({}, await recruiter(ids.rita));
      expect(errors).toBeUndefined();
      expect(data?.getCredits).toEqual([
        {
          amount: 3,
          label: 'Stellen-Credits',
          organizationName: 'Acme GmbH',
          type: 'job_credits',
          frontend: 'tagblatt',
        },
        {
          amount: 5,
          label: 'Lebenslauf-Kontakte',
          organizationName: 'Acme GmbH',
          type: 'resume_contacts',
          frontend: 'tagblatt',
        },
      ]);
      const jobregio = await credits({}, await recruiter(ids.rita), { frontend: 'jobregio;de' });
      expect(jobregio.data?.getCredits).toEqual([
        {
          amount: 9,
          label: 'Resume contacts',
          organizationName: 'Acme GmbH',
          type: 'resume_contacts',
          frontend: 'jobregio',
        },
      ]);
    });

    it('finds the organization a recruiter owns or belongs to when none is active', async () => {
      const owner = await credits({}, await recruiter(ids.olga));
      expect(owner.data?.getCredits.map((balance) => balance.amount)).toEqual([3, 5]);
      const member = await credits({}, await recruiter(ids.rob));
      expect(member.data?.getCredits).toEqual([
        { amount: 1, label: null, organizationName: 'Beta AG', type: 'resume_contacts', frontend: 'tagblatt' },
      ]);
      const none = await credits({}, await recruiter(ids.nora));
      expect(none).toEqual({ data: { getCredits: [] } });
    });

    it('refuses anonymous visitors, applicants and recruiters of another organization', async () => {
      const anonymous = await credits({});
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(anonymous.data).toBeNull();
      const applicant = await credits({}, await token(ids.ann, ['applicant']));
      expect(applicant.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const other = await credits({ organizationId: ids.beta }, await recruiter(ids.rita));
      expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(other.data).toBeNull();
      const unknown = await credits({ organizationId: 999_999 }, await recruiter(ids.rita));
      expect(unknown.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it('lets staff see any organization', async () => {
      const staff = await token(ids.sam, ['administrator']);
      const beta = await credits({ organizationId: ids.beta }, staff);
      expect(beta.data?.getCredits).toEqual([expect.objectContaining({ organizationName: 'Beta AG', amount: 1 })]);
      expect((await credits({}, staff)).data?.getCredits).toEqual([]);
      const unknown = await credits({ organizationId: 999_999 }, staff);
      expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });

    it('refuses a malformed organization id', async () => {
      const wrongType = await credits({ organizationId: 'acme' }, await recruiter(ids.rita));
      expect(wrongType.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
      const negative = await credits({ organizationId: -4 }, await recruiter(ids.rita));
      expect(negative.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(negative.errors?.[0]?.message).toContain('organizationId must be a positive number');
    });
  });

  describe('getSubscriptions', () => {
    it("lists the active organization's subscriptions on this frontend, newest start first", async () => {
      const { data, errors } = await list({}, await recruiter(ids.rita));
      expect(errors).toBeUndefined();
      const result = data!.getSubscriptions;
      expect(result.total).toBe(5);
      expect(result.errors).toEqual([]);
      expect(result.subscriptions.map((subscription) => subscription.label)).toEqual([
        'Herbst',
        'Kontakte',
        'Sommer',
        'Frühjahr',
        'Gekündigt',
      ]);
      expect(result.subscriptions[1]).toEqual({
        id: subs.Kontakte,
        startDate: `${day(-50)}T00:00:00.000Z`,
        endDate: null,
        label: 'Kontakte',
        organizationName: 'Acme GmbH',
        availableJobSlots: 0,
        totalJobSlots: 0,
        usageResumeContactSlots: { active: 2, available: 8, total: 10 },
        status: { label: 'Aktiv', value: 'active' },
        type: 'resume_contacts',
        frontend: 'tagblatt',
        product: { id: ids.resumeContacts, name: 'Kontakte 10' },
        absoluteUrl: `${publicOrigin().origin}/my-products?subscription=${subs.Kontakte}`,
      });
      expect(result.subscriptions[2]).toMatchObject({ endDate: `${day(60)}T00:00:00.000Z`, availableJobSlots: 4 });
      expect(result.subscriptions.map((subscription) => subscription.status.value)).toEqual([
        'scheduled',
        'active',
        'active',
        'expired',
        'cancelled',
      ]);
    });

    it("translates the status into the frontend's language and keeps to that frontend", async () => {
      const english = await list({}, await recruiter(ids.rita), { frontend: 'jobregio;en-GB' });
      expect(english.data?.getSubscriptions).toEqual({
        subscriptions: [
          expect.objectContaining({
            label: 'Jobregio',
            status: { label: 'Active', value: 'active' },
            frontend: 'jobregio',
            type: 'job_slots',
          }),
        ],
        total: 1,
        errors: [],
      });
      const french = await list({}, await recruiter(ids.rita), { frontend: 'jobregio;fr' });
      expect(french.data?.getSubscriptions.subscriptions[0]?.status.label).toBe('Actif');
    });

    it('pages with the total counted before paging', async () => {
      const rita = await recruiter(ids.rita);
      const page = await list({ limit: 2, offset: 2 }, rita);
      expect(page.data?.getSubscriptions.total).toBe(5);
      expect(page.data?.getSubscriptions.subscriptions.map((subscription) => subscription.label)).toEqual([
        'Sommer',
        'Frühjahr',
      ]);
      const beyond = await list({ limit: 2, offset: 10 }, rita);
      expect(beyond.data?.getSubscriptions).toEqual({ subscriptions: [], total: 5, errors: [] });
    });

    it('sorts by id, start or end date in either direction', async () => {
      const rita = await recruiter(ids.rita);
      const labels = async (sorting: Record<string, string>) =>
        (await list({ sorting }, rita)).data?.getSubscriptions.subscriptions.map((subscription) => subscription.label);
      expect(await labels({ field: 'ID', direction: 'ASC' })).toEqual([
        'Frühjahr',
        'Sommer',
        'Kontakte',
        'Herbst',
        'Gekündigt',
      ]);
      expect(await labels({ field: 'START_DATE', direction: 'ASC' })).toEqual([
        'Gekündigt',
        'Frühjahr',
        'Sommer',
        'Kontakte',
        'Herbst',
      ]);
      // A subscription without an end runs longest.
      expect(await labels({ field: 'END_DATE', direction: 'ASC' })).toEqual([
        'Gekündigt',
        'Frühjahr',
        'Sommer',
        'Herbst',
        'Kontakte',
      ]);
      const invalid = await list({ sorting: { field: 'NAME', direction: 'ASC' } }, rita);
      expect(invalid.errors?.[0]?.message).toContain('Value "NAME" does not exist in "SubscriptionSortField" enum');
    });

    it('filters by status, product type and the day a subscription runs on', async () => {
      const rita = await recruiter(ids.rita);
      const labels = async (filters: Record<string, unknown>) => {
        const { data, errors } = await list({ filters }, rita);
        expect(errors).toBeUndefined();
        return data?.getSubscriptions.subscriptions.map((subscription) => subscription.label);
      };
      expect(await labels({ status: ['active', 'scheduled'] })).toEqual(['Herbst', 'Kontakte', 'Sommer']);
      expect(await labels({ productType: 'resume_contacts' })).toEqual(['Kontakte']);
      expect(await labels({ activeOn: `${day(-20)}T12:00:00.000Z` })).toEqual(['Kontakte', 'Sommer']);
      expect(await labels({ activeOn: `${day(-201)}T08:00:00.000Z`, status: ['expired'] })).toEqual(['Frühjahr']);
      const counted = await list({ filters: { status: ['active'] }, limit: 1 }, rita);
      expect(counted.data?.getSubscriptions.total).toBe(2);
    });

    it('reports unknown filter values in the error list with an empty result', async () => {
      const { data, errors } = await list(
        { filters: { status: ['active', 'paused'], productType: 'coupons' } },
        await recruiter(ids.rita),
      );
      expect(errors).toBeUndefined();
      expect(data?.getSubscriptions.subscriptions).toEqual([]);
      expect(data?.getSubscriptions.total).toBe(0);
      expect(data?.getSubscriptions.errors).toEqual([
        expect.stringMatching(/^filters\.status\.1: "paused" is not a subscription status/),
        expect.stringMatching(/^filters\.productType: "coupons" is not a product type/),
      ]);
    });

    it('refuses a limit outside 1..100, a negative offset and mistyped variables', async () => {
      const rita = await recruiter(ids.rita);
      for (const variables of [{ limit: 0 }, { limit: 500 }]) {
        const { data, errors } = await list(variables, rita);
        expect(data).toBeNull();
        expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        expect(errors?.[0]?.message).toContain('limit must be between 1 and 100');
      }
      const negative = await list({ offset: -1 }, rita);
      expect(negative.errors?.[0]?.message).toContain('offset must not be negative');
      const missing = await backend.post(operationBody(getSubscriptions, {}), { token: rita });
      expect(missing.body.errors?.[0]?.message).toContain('Variable "$limit" of required type "Int!" was not provided');
      const wrongType = await list({ limit: 'all' }, rita);
      expect(wrongType.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
      const badDate = await list({ filters: { activeOn: 'tomorrow' } }, rita);
      expect(badDate.errors?.[0]?.message).toContain('DateTime must be an ISO 8601 string');
    });

    it('refuses anonymous visitors, applicants and recruiters of another organization', async () => {
      const anonymous = await list({});
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const applicant = await list({}, await token(ids.ann, ['applicant']));
      expect(applicant.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const other = await list({ organizationId: ids.acme }, await recruiter(ids.rob));
      expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(other.data).toBeNull();
      // Permission problems stay GraphQL errors even when the filters are also wrong.
      const otherWithBadFilter = await list(
        { organizationId: ids.acme, filters: { status: ['x'] } },
        await recruiter(ids.rob),
      );
      expect(otherWithBadFilter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const none = await list({}, await recruiter(ids.nora));
      expect(none.data?.getSubscriptions).toEqual({ subscriptions: [], total: 0, errors: [] });
    });

    it('shows other frontends to staff only', async () => {
      const rita = await list({ showSubscriptionsFromAllFrontends: true }, await recruiter(ids.rita));
      expect(rita.data?.getSubscriptions.total).toBe(5);
      expect(new Set(rita.data?.getSubscriptions.subscriptions.map((subscription) => subscription.frontend))).toEqual(
        new Set(['tagblatt']),
      );
      const staff = await token(ids.sam, ['site_admin']);
      const acme = await list({ organizationId: ids.acme, showSubscriptionsFromAllFrontends: true }, staff);
      expect(acme.data?.getSubscriptions.total).toBe(6);
      expect(acme.data?.getSubscriptions.subscriptions.map((subscription) => subscription.organizationName)).toEqual(
        Array(6).fill('Acme GmbH'),
      );
      const acmeHere = await list({ organizationId: ids.acme }, staff);
      expect(acmeHere.data?.getSubscriptions.total).toBe(5);
    });

    it('lists every organization for staff who name none and have none', async () => {
      const staff = await token(ids.sam, ['job_editor']);
      const here = await list({}, staff);
      expect(here.data?.getSubscriptions.total).toBe(6);
      expect(
        new Set(here.data?.getSubscriptions.subscriptions.map((subscription) => subscription.organizationName)),
      ).toEqual(new Set(['Acme GmbH', 'Beta AG']));
      const everywhere = await list({ showSubscriptionsFromAllFrontends: true }, staff);
      expect(everywhere.data?.getSubscriptions.total).toBe(7);
    });
  });
});
