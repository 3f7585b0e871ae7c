import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCredits, getSubscriptions } from '../../src/features/account/operations';
import {
  cancelOrder,
  confirmOrder,
  getCheckout,
  getCreditLedger,
  getOrders,
  grantCredits,
  placeOrder,
} from '../../src/features/commerce/operations';
import type { PlaceOrderInput } from '../../src/lib/operations/generated/types';
import { brands } from '../../brands';
import { createTranslator } from '../../src/i18n';
import { billingProfiles, orderLines, orders, products, subscriptions } from '../../src/server/db/schema/commerce';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createOrganization, createUser } from '../support/factories';
import { startMailServer, type TestMailServer } from '../support/mail';

const english = { frontend: 'tagblatt;de' };
const t = createTranslator('de');

let mail: TestMailServer;
const previousSmtp = process.env.SMTP_URL;
beforeAll(async () => {
  mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
});
afterAll(async () => {
  await mail?.stop();
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
});

describe.each(testDialects)('Checkout by order on %s', (dialect) => {
  let backend: TestBackend;
  const db = () => backend.handle.db;
  const ids = { acme: 0, beta: 0, pack: 0, plan: 0, otherBrand: 0 };
  const tokens = { rita: '', rob: '', sam: '' };
  let key = 0;
  const requestKey = () => `order-${dialect}-${Date.now()}-${++key}`.padEnd(16, 'x');

  const billing = {
    companyName: 'Acme GmbH',
    email: `billing-${dialect}@acme.test`,
    firstName: 'Rita',
    lastName: 'Rechner',
    addressLine1: 'Marktplatz 1',
    postalCode: '72070',
    locality: 'Tübingen',
    countryCode: 'DE',
    vatNumber: 'DE 123 456 789',
  };
  const order = (overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    productId: ids.pack,
    quantity: 1,
    billing,
    acceptTerms: true,
    requestKey: requestKey(),
    ...overrides,
  });
  const rowCounts = async () => ({
    orders: (await db().select({ n: count() }).from(orders))[0]?.n,
    lines: (await db().select({ n: count() }).from(orderLines))[0]?.n,
    profiles: (await db().select({ n: count() }).from(billingProfiles))[0]?.n,
  });

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const rita = await createUser(db(), { email: `rita-orders-${dialect}@acme.test` });
    const rob = await createUser(db(), { email: `rob-orders-${dialect}@beta.test` });
    const sam = await createUser(db(), { email: `sam-orders-${dialect}@staff.test` });
    ids.acme = (
      await createOrganization(db(), { name: 'Acme Orders', frontend: 'tagblatt', members: [{ id: rita.id }] })
    ).id;
    ids.beta = (
      await createOrganization(db(), { name: 'Beta Orders', frontend: 'tagblatt', members: [{ id: rob.id }] })
    ).id;
    const [pack, plan, otherBrand] = await db()
      .insert(products)
      .values([
        { name: '10 Job-Credits', type: 'credits', frontend: 'tagblatt', jobCredits: 10, priceCents: 9_900 },
        {
          name: 'Job-Paket S',
          type: 'job_slots',
          frontend: 'tagblatt',
          jobSlots: 5,
          durationDays: 365,
          priceCents: 49_900,
        },
        { name: 'Jobregio credits', type: 'credits', frontend: 'jobregio', jobCredits: 5, priceCents: 1_000 },
      ])
      .returning();
    ids.pack = pack!.id;
    ids.plan = plan!.id;
    ids.otherBrand = otherBrand!.id;
    tokens.rita = await backend.tokenFor({ id: rita.id, roles: ['recruiter'] });
    tokens.rob = await backend.tokenFor({ id: rob.id, roles: ['recruiter'] });
    tokens.sam = await backend.tokenFor({ id: sam.id, roles: ['administrator'] });
  });
  afterAll(() => backend?.dispose());

  it("shows the brand's products with net price, 19 % VAT and total to recruiters only", async () => {
    const { body } = await backend.request(getCheckout, {}, { token: tokens.rita, headers: english });
    expect(body.data?.checkout.products.map((product) => product.name)).toEqual(['Job-Paket S', '10 Job-Credits']);
    expect(body.data?.checkout.products[1]).toMatchObject({
      kind: 'credit_pack',
      netCents: 9_900,
      vatCents: 1_881,
      grossCents: 11_781,
      vatRatePercent: 19,
      currency: 'EUR',
    });
    const anonymous = await backend.request(getCheckout, {}, { headers: english });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [Partial<PlaceOrderInput>, string, string][] = [
      [{ billing: { ...billing, vatNumber: 'DE12' } }, 'billing.vatNumber', t('commerce.error.vatNumber')],
      [{ quantity: -1 }, 'quantity', t('commerce.error.quantity')],
      [{ acceptTerms: false }, 'acceptTerms', t('commerce.error.terms')],
      [{ productId: 999_999 }, 'productId', t('commerce.error.product')],
      [{ productId: ids.otherBrand }, 'productId', t('commerce.error.product')],
    ];
    for (const [overrides, field, message] of cases) {
      const { body } = await backend.request(
        placeOrder,
        { input: order(overrides) },
        { token: tokens.rita, headers: english },
      );
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions?.fieldErrors).toMatchObject({ [field]: message });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('places an order once per form submission and mails the confirmation with a PDF', async () => {
    const mailsBefore = mail.mails.length;
    const input = order({ quantity: 2 });
    const first = await backend.request(placeOrder, { input }, { token: tokens.rita, headers: english });
    expect(first.body.errors).toBeUndefined();
    const placed = first.body.data!.placeOrder;
    expect(placed).toMatchObject({
      status: 'requested',
      organizationName: 'Acme Orders',
      netCents: 19_800,
      vatCents: 3_762,
      grossCents: 23_562,
      paymentProvider: 'invoice',
      billing: { vatNumber: 'DE123456789', companyName: 'Acme GmbH' },
      lines: [{ productId: ids.pack, name: '10 Job-Credits', quantity: 2, unitNetCents: 9_900, netCents: 19_800 }],
    });
    expect(placed.number).toMatch(new RegExp(`^TA-\\d{4}-${String(placed.id).padStart(5, '0')}$`));
    const again = await backend.request(placeOrder, { input }, { token: tokens.rita, headers: english });
    expect(again.body.data?.placeOrder.id).toBe(placed.id);
    expect(await db().select().from(orders).where(eq(orders.requestKey, input.requestKey!))).toHaveLength(1);

    const confirmation = await mail.waitFor(billing.email, { after: mailsBefore });
    expect(confirmation.subject).toBe(
      t('commerce.mail.subject', { number: placed.number, brand: brands.tagblatt.name }),
    );
    expect(confirmation.raw).toContain(`filename=${placed.number}.pdf`);
    expect(confirmation.raw).toContain('Content-Type: application/pdf');
    expect(mail.mails.slice(mailsBefore).filter((received) => received.to.includes(billing.email))).toHaveLength(1);

    // The billing profile is offered next time.
    const checkout = await backend.request(getCheckout, {}, { token: tokens.rita, headers: english });
    expect(checkout.body.data?.checkout.billingProfile).toMatchObject({
      companyName: 'Acme GmbH',
      vatNumber: 'DE123456789',
    });
  });

  it('lets staff confirm once: the credits are booked on the ledger, a retried confirmation books nothing', async () => {
    const placed = (await backend.request(placeOrder, { input: order() }, { token: tokens.rita, headers: english }))
      .body.data!.placeOrder;
    const refused = await backend.request(confirmOrder, { id: placed.id }, { token: tokens.rita, headers: english });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const otherBrand = await backend.request(
      confirmOrder,
      { id: placed.id },
      { token: tokens.sam, headers: { frontend: 'jobregio;en-GB' } },
    );
    expect(otherBrand.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const before =
      (await backend.request(getCredits, {}, { token: tokens.rita, headers: english })).body.data!.getCredits.find(
        (balance) => balance.type === 'job_credits',
      )?.amount ?? 0;
    const confirmations = await Promise.all(
      Array.from({ length: 5 }, () =>
        backend.request(confirmOrder, { id: placed.id }, { token: tokens.sam, headers: english }),
      ),
    );
    for (const { body } of confirmations) {
      expect(body.errors).toBeUndefined();
      expect(body.data?.confirmOrder.status).toBe('fulfilled');
    }
    const after = (
      await backend.request(getCredits, {}, { token: tokens.rita, headers: english })
    ).body.data!.getCredits.find((balance) => balance.type === 'job_credits')?.amount;
    expect(after).toBe(before + 10);
    const ledger = (await backend.request(getCreditLedger, {}, { token: tokens.rita, headers: english })).body.data!
      .getCreditLedger;
    expect(ledger.entries.filter((entry) => entry.reference === `order:${placed.id}`)).toEqual([
      expect.objectContaining({ amount: 10, reason: 'purchase', kind: 'job_credits' }),
    ]);
    const cancelled = await backend.request(cancelOrder, { id: placed.id }, { token: tokens.sam, headers: english });
    expect(cancelled.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('starts a subscription once when a plan is confirmed', async () => {
    const placed = (
      await backend.request(
        placeOrder,
        { input: order({ productId: ids.plan }) },
        { token: tokens.rita, headers: english },
      )
    ).body.data!.placeOrder;
    await Promise.all(
      [1, 2, 3].map(() => backend.request(confirmOrder, { id: placed.id }, { token: tokens.sam, headers: english })),
    );
    const started = await db().select().from(subscriptions).where(eq(subscriptions.organizationId, ids.acme));
    expect(started).toHaveLength(1);
    const list = await backend.request(getSubscriptions, { limit: 100 }, { token: tokens.rita, headers: english });
    expect(list.body.data?.getSubscriptions.subscriptions).toEqual([
      expect.objectContaining({
        label: 'Job-Paket S',
        availableJobSlots: 5,
        status: { label: t('subscription.status.active'), value: 'active' },
      }),
    ]);
  });

  it('lets staff cancel a requested order, which can then not be confirmed', async () => {
    const placed = (await backend.request(placeOrder, { input: order() }, { token: tokens.rita, headers: english }))
      .body.data!.placeOrder;
    const cancelled = await backend.request(cancelOrder, { id: placed.id }, { token: tokens.sam, headers: english });
    expect(cancelled.body.data?.cancelOrder.status).toBe('cancelled');
    const confirmed = await backend.request(confirmOrder, { id: placed.id }, { token: tokens.sam, headers: english });
    expect(confirmed.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it("shows a recruiter only their organization's orders; staff see all of the brand", async () => {
    const rob = await backend.request(getOrders, {}, { token: tokens.rob, headers: english });
    expect(rob.body.data?.orders).toEqual({ orders: [], total: 0 });
    const robNamesAcme = await backend.request(
      getOrders,
      { organizationId: ids.acme },
      { token: tokens.rob, headers: english },
    );
    expect(robNamesAcme.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rita = await backend.request(getOrders, {}, { token: tokens.rita, headers: english });
    expect(rita.body.data?.orders.total).toBe(4);
    const staff = await backend.request(getOrders, { status: 'requested' }, { token: tokens.sam, headers: english });
    expect(staff.body.data?.orders.orders.map((listed) => listed.status)).toEqual(['requested']);
  });

  it('lets staff grant and correct credits, always with a reason on the ledger, never below zero', async () => {
    const balance = async () =>
      (await backend.request(getCredits, {}, { token: tokens.rob, headers: english })).body.data!.getCredits.find(
        (credit) => credit.type === 'resume_contacts',
      )?.amount ?? 0;
    const grant = (amount: number, note: string, token = tokens.sam, key = requestKey()) =>
      backend.request(
        grantCredits,
        { input: { organizationId: ids.beta, kind: 'resume_contacts', amount, note, requestKey: key } },
        { token, headers: english },
      );
    const byRecruiter = await grant(5, 'Ich will mehr', tokens.rob);
    expect(byRecruiter.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const key = requestKey();
    expect((await grant(5, 'Kulanz nach Ausfall', tokens.sam, key)).body.data?.grantCredits).toMatchObject({
      amount: 5,
      reason: 'grant',
      note: 'Kulanz nach Ausfall',
    });
    await grant(5, 'Kulanz nach Ausfall', tokens.sam, key); // the same form sent twice
    expect(await balance()).toBe(5);
    const tooMuch = await grant(-6, 'Korrektur');
    expect(tooMuch.body.errors?.[0]?.extensions?.fieldErrors).toEqual({ amount: t('commerce.error.belowZero') });
    const noReason = await grant(-1, '');
    expect(noReason.body.errors?.[0]?.extensions?.fieldErrors).toMatchObject({ note: t('commerce.error.note') });
    const zero = await grant(0, 'Null');
    expect(zero.body.errors?.[0]?.extensions?.fieldErrors).toMatchObject({ amount: t('commerce.error.amount') });
    expect((await grant(-2, 'Doppelt gebucht')).body.data?.grantCredits.reason).toBe('correction');
    expect(await balance()).toBe(3);
    const ledger = (
      await backend.request(getCreditLedger, { organizationId: ids.beta }, { token: tokens.sam, headers: english })
    ).body.data!.getCreditLedger;
    expect(ledger.entries.map((entry) => [entry.amount, entry.reason, entry.note])).toEqual([
      [-2, 'correction', 'Doppelt gebucht'],
      [5, 'grant', 'Kulanz nach Ausfall'],
    ]);
  });
});
