import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { createdAt, isOneOf } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const productTypes = ['job_slots', 'resume_contacts', 'credits'] as const;
export type ProductType = (typeof productTypes)[number];

/** A subscription's status is derived from its dates and cancellation, never stored (decision 0020). */
export const subscriptionStatuses = ['active', 'scheduled', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** What a ledger entry counts: job credits (pay for a job posting) or resume-contact credits. */
export const creditKinds = ['job_credits', 'resume_contacts'] as const;
export type CreditKind = (typeof creditKinds)[number];

/** Why a balance changed. */
export const ledgerReasons = [
  'purchase',
  'grant',
  'correction',
  'job_publish',
  'contact_request',
  'refund',
  'expiry',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

export const reservationStates = ['held', 'booked', 'released'] as const;
export type ReservationState = (typeof reservationStates)[number];

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: productTypes }).notNull(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    jobSlots: integer('job_slots').notNull().default(0),
    resumeContactSlots: integer('resume_contact_slots').notNull().default(0),
    /** Credits a pack books on confirmation (job credits, resume-contact credits). */
    jobCredits: integer('job_credits').notNull().default(0),
    resumeContactCredits: integer('resume_contact_credits').notNull().default(0),
    /** Set for a subscription plan: the days a subscription of it runs; null for a credit pack. */
    durationDays: integer('duration_days'),
    /** Net price; VAT is added at checkout (decision 0020). */
    priceCents: integer('price_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    createdAt: createdAt(),
  },
  (table) => [
    check('products_type_check', isOneOf(table.type, productTypes)),
    check(
      'products_credits_check',
      sql`${table.jobCredits} >= 0 and ${table.resumeContactCredits} >= 0 and (${table.durationDays} is null or ${table.durationDays} > 0)`,
    ),
    check(
      'products_amounts_check',
      sql`${table.jobSlots} >= 0 and ${table.resumeContactSlots} >= 0 and ${table.priceCents} >= 0`,
    ),
  ],
);

export const creditBalances = pgTable(
  'credit_balances',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    label: text('label'),
    amount: integer('amount').notNull().default(0),
    frontend: text('frontend').$type<BrandId>().notNull(),
  },
  (table) => [
    unique('credit_balances_organization_type_frontend_unique').on(table.organizationId, table.type, table.frontend),
    // Spending is `UPDATE … SET amount = amount - n`: the check makes overspending fail atomically.
    check('credit_balances_amount_check', sql`${table.amount} >= 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      // Billing history is never deleted as a side effect of deleting an organization.
      .references(() => organizations.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    label: text('label'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** Set when staff cancel it; the status (active, scheduled, expired, cancelled) is derived, not stored. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Slots the subscription grants; what is used of them is summed from the credit ledger. */
    jobSlots: integer('job_slots').notNull().default(0),
    resumeContactSlots: integer('resume_contact_slots').notNull().default(0),
    frontend: text('frontend').$type<BrandId>().notNull(),
    /** The order line that started it: a retried confirmation starts it once. */
    orderLineId: integer('order_line_id').references((): AnyPgColumn => orderLines.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('subscriptions_order_line_id_unique').on(table.orderLineId),
    check('subscriptions_dates_check', sql`${table.endDate} >= ${table.startDate}`),
    check('subscriptions_slots_check', sql`${table.jobSlots} >= 0 and ${table.resumeContactSlots} >= 0`),
    index('subscriptions_organization_id_idx').on(table.organizationId),
    index('subscriptions_product_id_idx').on(table.productId),
  ],
);

/**
 * The append-only credit ledger (decision 0020): every change of a credit balance (subscription_id null)
 * and every use of a subscription's slots (subscription_id set) is one row, never updated or deleted. A
 * balance is the sum of its rows; credit_balances.amount caches it, written only in the same transaction.
 * The idempotency key names the business action ("job-publish:12:1:0"), so a retried action spends once.
 */
export const creditLedgerEntries = pgTable(
  'credit_ledger_entries',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    kind: text('kind', { enum: creditKinds }).notNull(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: ledgerReasons }).notNull(),
    /** What the entry is about: "order:12", "job:5:1", "contact-request:9". */
    reference: text('reference'),
    /** Staff's words for a manual grant or correction. */
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('credit_ledger_entries_idempotency_key_unique').on(table.idempotencyKey),
    check('credit_ledger_entries_kind_check', isOneOf(table.kind, creditKinds)),
    check('credit_ledger_entries_reason_check', isOneOf(table.reason, ledgerReasons)),
    check('credit_ledger_entries_amount_check', sql`${table.amount} <> 0`),
    index('credit_ledger_entries_organization_idx').on(table.organizationId, table.frontend, table.kind, table.id),
    index('credit_ledger_entries_subscription_id_idx').on(table.subscriptionId),
    index('credit_ledger_entries_reference_idx').on(table.reference),
    index('credit_ledger_entries_actor_user_id_idx').on(table.actorUserId),
  ],
);

/**
 * A resume-contact credit held for a contact request until it is booked (the contact happened) or released
 * (the request was declined or revoked; the release is a refund entry in the ledger).
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    reference: text('reference').notNull(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => creditLedgerEntries.id, { onDelete: 'restrict' }),
    state: text('state', { enum: reservationStates }).notNull().default('held'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    unique('credit_reservations_reference_unique').on(table.reference),
    check('credit_reservations_state_check', isOneOf(table.state, reservationStates)),
    index('credit_reservations_organization_id_idx').on(table.organizationId),
    index('credit_reservations_subscription_id_idx').on(table.subscriptionId),
    index('credit_reservations_entry_id_idx').on(table.entryId),
  ],
);

export const orderStatuses = ['requested', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The customer billing profile (SPEC 3) as an order keeps it: a copy, so later edits change no order. */
export interface BillingDetails {
  companyName: string;
  email: string;
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  postalCode: string;
  locality: string;
  countryCode: string;
  vatNumber: string | null;
}

/** An organization's customer billing profile, filled in at checkout and offered again next time. */
export const billingProfiles = pgTable('billing_profiles', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<BillingDetails>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order placed at checkout (invoice payment, decision 0020): staff confirm it, which books the credits
 * or starts the subscriptions in the same transaction. Amounts in cents; VAT 19 %.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** "TB-2026-00012": the brand's prefix, the year and the id. */
    number: text('number').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('requested'),
    billing: jsonb('billing').$type<BillingDetails>().notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The payment provider's id ("invoice"): the PaymentProvider that takes the payment. */
    paymentProvider: text('payment_provider').notNull().default('invoice'),
    /** The checkout form's one-time key: submitting the form twice places one order. */
    requestKey: text('request_key').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    placedByUserId: integer('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('orders_number_unique').on(table.number),
    unique('orders_request_key_unique').on(table.requestKey),
    check('orders_status_check', isOneOf(table.status, orderStatuses)),
    check(
      'orders_amounts_check',
      sql`${table.netCents} >= 0 and ${table.vatCents} >= 0 and ${table.grossCents} = ${table.netCents} + ${table.vatCents}`,
    ),
    index('orders_organization_id_idx').on(table.organizationId),
    index('orders_frontend_status_idx').on(table.frontend, table.status, table.id),
    index('orders_placed_by_user_id_idx').on(table.placedByUserId),
    index('orders_confirmed_by_user_id_idx').on(table.confirmedByUserId),
  ],
);

/** One product of an order, with what it grants copied from the product at the time of the order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitNetCents: integer('unit_net_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    jobCredits: integer('job_credits').notNull().default(0),
    resumeContactCredits: integer('resume_contact_credits').notNull().default(0),
    jobSlots: integer('job_slots').notNull().default(0),
    resumeContactSlots: integer('resume_contact_slots').notNull().default(0),
    durationDays: integer('duration_days'),
  },
  (table) => [
    check('order_lines_quantity_check', sql`${table.quantity} between 1 and 100`),
    index('order_lines_order_id_idx').on(table.orderId),
    index('order_lines_product_id_idx').on(table.productId),
  ],
);

export const contactMessageStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * A message of the contact form (issue 16, part 5), stored before it is mailed: the job runner retries
 * a pending delivery until it went out or gave up (`failed` after the last attempt).
 */
/** One file of a contact message: its storage key, the sender's (cleaned) name, detected type and size. */
export interface ContactAttachment {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
}

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    locale: text('locale').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    sendCopy: boolean('send_copy').notNull().default(false),
    /** The files sent with the message, stored outside public/ (src/server/storage): every retry attaches them. */
    attachments: jsonb('attachments').$type<ContactAttachment[]>().notNull().default([]),
    status: text('status', { enum: contactMessageStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('contact_messages_status_check', isOneOf(table.status, contactMessageStatuses)),
    index('contact_messages_due_idx').on(table.status, table.nextAttemptAt),
    index('contact_messages_user_id_idx').on(table.userId),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type CreditBalance = typeof creditBalances.$inferSelect;
export type NewCreditBalance = typeof creditBalances.$inferInsert;
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type CreditLedgerEntry = typeof creditLedgerEntries.$inferSelect;
export type CreditReservation = typeof creditReservations.$inferSelect;
