import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCredits } from '../../src/features/account/operations';
import { getCreditLedger } from '../../src/features/commerce/operations';
import {
  creditBalances,
  creditLedgerEntries,
  creditReservations,
  products,
  subscriptions,
  type CreditKind,
} from '../../src/server/db/schema/commerce';
import { testDialects } from '../../src/server/db/testing';
import { AppError } from '../../src/server/errors';
import {
  ledgerBalance,
  postLedgerEntry,
  usedSlots,
  useSubscriptionSlot,
} from '../../src/server/modules/commerce/ledger';
import {
  bookResumeContactCredit,
  releaseResumeContactCredit,
  reserveResumeContactCredit,
} from '../../src/server/modules/commerce/resume-contact-credits';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createOrganization, createUser } from '../support/factories';

describe.each(testDialects)('The credit ledger on %s', (dialect) => {
  let backend: TestBackend;
  const db = () => backend.handle.db;
  let rita: number; // recruiter of Acme
  let rob: number; // recruiter of Beta

  const newOrganization = async (name: string, members: number[] = []) =>
    (await createOrganization(db(), { name, frontend: 'tagblatt', members: members.map((id) => ({ id })) })).id;

  const grant = (organizationId: number, amount: number, key: string, kind: CreditKind = 'job_credits') =>
    postLedgerEntry(db(), {
      organizationId,
      frontend: 'tagblatt',
      kind,
      amount,
      reason: 'grant',
      idempotencyKey: `${dialect}:${key}`,
    });

  /** One business action spending one credit, in its own transaction, as a request would. */
  const spend = (organizationId: number, key: string, kind: CreditKind = 'job_credits') =>
    db().transaction((tx) =>
      postLedgerEntry(tx, {
        organizationId,
        frontend: 'tagblatt',
        kind,
        amount: -1,
        reason: 'job_publish',
        idempotencyKey: `${dialect}:${key}`,
      }),
    );

  const cached = async (organizationId: number, kind: CreditKind = 'job_credits') => {
    const [row] = await db()
      .select({ amount: creditBalances.amount })
      .from(creditBalances)
      .where(
        and(
          eq(creditBalances.organizationId, organizationId),
          eq(creditBalances.type, kind),
          eq(creditBalances.frontend, 'tagblatt'),
        ),
      );
    return row?.amount ?? 0;
  };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    rita = (await createUser(db(), { email: `rita-ledger-${dialect}@acme.test` })).id;
    rob = (await createUser(db(), { email: `rob-ledger-${dialect}@beta.test` })).id;
  });
  afterAll(() => backend?.dispose());

  it('lets 20 concurrent spends against a balance of 5 spend exactly 5 and end at 0', async () => {
    const org = await newOrganization('Twenty');
    await grant(org, 5, `twenty:${org}`);
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => spend(org, `twenty:${org}:${index}`)));
    expect(results.filter((result) => result !== null)).toHaveLength(5);
    expect(await cached(org)).toBe(0);
    expect(await ledgerBalance(db(), { organizationId: org, frontend: 'tagblatt', kind: 'job_credits' })).toBe(0);
    const spends = await db()
      .select()
      .from(creditLedgerEntries)
      .where(and(eq(creditLedgerEntries.organizationId, org), eq(creditLedgerEntries.reason, 'job_publish')));
    expect(spends).toHaveLength(5);
  });

  it('spends once for one business action retried concurrently', async () => {
    const org = await newOrganization('Retry');
    await grant(org, 3, `retry:${org}`);
    const results = await Promise.all(Array.from({ length: 10 }, () => spend(org, `retry:${org}:publish`)));
    expect(results.every((result) => result !== null)).toBe(true);
    expect(new Set(results.map((result) => result!.entry.id)).size).toBe(1);
    expect(results.filter((result) => !result!.replayed)).toHaveLength(1);
    expect(await cached(org)).toBe(2);
    // The database refuses a second entry with the same key whatever the code does.
    await expect(
      db()
        .insert(creditLedgerEntries)
        .values({
          organizationId: org,
          frontend: 'tagblatt',
          kind: 'job_credits',
          amount: -1,
          reason: 'job_publish',
          idempotencyKey: `${dialect}:retry:${org}:publish`,
        }),
    ).rejects.toThrow();
  });

  it('never goes below zero and refuses a zero amount', async () => {
    const org = await newOrganization('Empty');
    expect(await spend(org, `empty:${org}`)).toBeNull();
    await grant(org, 1, `empty:${org}:grant`);
    expect(
      await postLedgerEntry(db(), {
        organizationId: org,
        frontend: 'tagblatt',
        kind: 'job_credits',
        amount: -2,
        reason: 'correction',
        idempotencyKey: `${dialect}:empty:${org}:minus2`,
      }),
    ).toBeNull();
    await expect(grant(org, 0, `empty:${org}:zero`)).rejects.toThrow(/non-zero/);
    expect(await cached(org)).toBe(1);
    const entries = await db().select().from(creditLedgerEntries).where(eq(creditLedgerEntries.organizationId, org));
    expect(entries.map((entry) => entry.amount)).toEqual([1]);
  });

  it('uses subscription slots under concurrency: 10 uses of 3 slots use exactly 3', async () => {
    const org = await newOrganization('Slots');
    const [product] = await db()
      .insert(products)
      .values({ name: `Slots ${dialect}`, type: 'job_slots', frontend: 'tagblatt', jobSlots: 3, priceCents: 100 })
      .returning();
    const [subscription] = await db()
      .insert(subscriptions)
      .values({
        organizationId: org,
        productId: product!.id,
        startDate: '2020-01-01',
        jobSlots: 3,
        frontend: 'tagblatt',
      })
      .returning();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        db().transaction((tx) =>
          useSubscriptionSlot(tx, {
            organizationId: org,
            frontend: 'tagblatt',
            kind: 'job_credits',
            reason: 'job_publish',
            idempotencyKey: `${dialect}:slots:${org}:${index}`,
          }),
        ),
      ),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(3);
    expect(await usedSlots(db(), subscription!.id, 'job_credits')).toBe(3);
  });

  it('keeps the shown balance equal to the ledger sum over a random sequence of 1,000 operations', async () => {
    const org = await newOrganization('Random', [rita]);
    const token = await backend.tokenFor({ id: rita, roles: ['recruiter'] });
    const operation = fc.record({
      kind: fc.constantFrom<CreditKind>('job_credits', 'resume_contacts'),
      amount: fc.integer({ min: -4, max: 6 }).filter((amount) => amount !== 0),
      // Some actions are retries of an earlier one: they must change nothing.
      key: fc.integer({ min: 0, max: 1_200 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1_000, maxLength: 1_000 }), async (operations) => {
        run += 1;
        const model: Record<CreditKind, number> = { job_credits: 0, resume_contacts: 0 };
        const seen = new Set<number>();
        const start = {
          job_credits: await cached(org, 'job_credits'),
          resume_contacts: await cached(org, 'resume_contacts'),
        };
        for (const { kind, amount, key } of operations) {
          const posted = await postLedgerEntry(db(), {
            organizationId: org,
            frontend: 'tagblatt',
            kind,
            amount,
            reason: amount > 0 ? 'purchase' : 'job_publish',
            idempotencyKey: `${dialect}:random:${org}:${run}:${key}`,
          });
          const fits = start[kind] + model[kind] + amount >= 0;
          if (seen.has(key)) expect(posted === null || posted.replayed).toBe(true);
          else if (fits) {
            expect(posted?.replayed).toBe(false);
            model[kind] += amount;
            seen.add(key);
          } else expect(posted).toBeNull();
        }
        for (const kind of ['job_credits', 'resume_contacts'] as const) {
          const sum = await ledgerBalance(db(), { organizationId: org, frontend: 'tagblatt', kind });
          expect(sum).toBe(start[kind] + model[kind]);
          expect(await cached(org, kind)).toBe(sum);
        }
      }),
      { numRuns: 1 },
    );
    // What the recruiter is shown: the balances equal the sums of the ledger they can page through.
    const shown = (await backend.request(getCredits, {}, { token })).body.data!.getCredits;
    for (const kind of ['job_credits', 'resume_contacts'] as const) {
      let total = 0;
      let pages = 0;
      for (let offset = 0; ; offset += 100) {
        const page = (await backend.request(getCreditLedger, { kind, offset, limit: 100 }, { token })).body.data!
          .getCreditLedger;
        expect(page.entries.length).toBeLessThanOrEqual(100);
        total += page.entries.reduce((sum, entry) => sum + entry.amount, 0);
        pages += 1;
        if (offset + 100 >= page.total) break;
      }
      expect(pages).toBeGreaterThan(1);
      expect(shown.find((balance) => balance.type === kind)?.amount ?? 0).toBe(total);
    }
  });

  it("lets no recruiter read another organization's ledger", async () => {
    const acme = await newOrganization('Acme Ledger', [rita]);
    const beta = await newOrganization('Beta Ledger', [rob]);
    await grant(beta, 7, `beta:${beta}`);
    const robToken = await backend.tokenFor({ id: rob, roles: ['recruiter'] });
    const ritaToken = await backend.tokenFor({ id: rita, roles: ['recruiter'] });
    const own = await backend.request(getCreditLedger, { organizationId: beta }, { token: robToken });
    expect(own.body.data?.getCreditLedger.entries.map((entry) => entry.amount)).toEqual([7]);
    const other = await backend.request(getCreditLedger, { organizationId: beta }, { token: ritaToken });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(other.body.data).toBeNull();
    const otherCredits = await backend.request(getCredits, { organizationId: beta }, { token: ritaToken });
    expect(otherCredits.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await backend.request(getCreditLedger, { organizationId: beta });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const acmeOnly = await backend.request(getCreditLedger, { organizationId: acme }, { token: ritaToken });
    expect(acmeOnly.body.data?.getCreditLedger).toEqual({ entries: [], total: 0 });
  });

  it('reserves, books and releases resume-contact credits once per request', async () => {
    const org = await newOrganization('Contacts');
    await grant(org, 2, `contacts:${org}`, 'resume_contacts');
    const ref = (requestId: number) => ({
      organizationId: org,
      frontend: 'tagblatt' as const,
      requestId,
      actorUserId: null,
    });
    const base = org * 1000;
    const first = await reserveResumeContactCredit(db(), ref(base + 1), 'en-GB');
    const again = await reserveResumeContactCredit(db(), ref(base + 1), 'en-GB');
    expect(again.id).toBe(first.id);
    expect(await cached(org, 'resume_contacts')).toBe(1);
    await reserveResumeContactCredit(db(), ref(base + 2), 'en-GB');
    expect(await cached(org, 'resume_contacts')).toBe(0);
    const refused = await reserveResumeContactCredit(db(), ref(base + 3), 'en-GB').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('QUOTA_EXCEEDED');
    expect(await db().select().from(creditReservations).where(eq(creditReservations.organizationId, org))).toHaveLength(
      2,
    );

    expect(await bookResumeContactCredit(db(), base + 1)).toBe(true);
    expect(await bookResumeContactCredit(db(), base + 1)).toBe(true);
    expect(await releaseResumeContactCredit(db(), base + 1, null)).toBe(false); // booked stays spent
    expect(await releaseResumeContactCredit(db(), base + 2, null)).toBe(true);
    expect(await releaseResumeContactCredit(db(), base + 2, null)).toBe(true);
    expect(await cached(org, 'resume_contacts')).toBe(1);
    const entries = await db()
      .select({ amount: creditLedgerEntries.amount, reason: creditLedgerEntries.reason })
      .from(creditLedgerEntries)
      .where(eq(creditLedgerEntries.organizationId, org))
      .orderBy(creditLedgerEntries.id);
    expect(entries).toEqual([
      { amount: 2, reason: 'grant' },
      { amount: -1, reason: 'contact_request' },
      { amount: -1, reason: 'contact_request' },
      { amount: 1, reason: 'refund' },
    ]);
    expect(await ledgerBalance(db(), { organizationId: org, frontend: 'tagblatt', kind: 'resume_contacts' })).toBe(1);
  });
});
