import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { createdAt, isOneOf } from './columns.ts';
import { organizations } from './organizations.ts';

export const productTypes = ['job_slots', 'resume_contacts', 'credits'] as const;
export type ProductType = (typeof productTypes)[number];

export const subscriptionStatuses = ['active', 'expired', 'cancelled', 'pending'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: productTypes }).notNull(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    jobSlots: integer('job_slots').notNull().default(0),
    resumeContactSlots: integer('resume_contact_slots').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    createdAt: createdAt(),
  },
  (table) => [
    check('products_type_check', isOneOf(table.type, productTypes)),
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
    status: text('status', { enum: subscriptionStatuses }).notNull().default('pending'),
    availableJobSlots: integer('available_job_slots').notNull().default(0),
    resumeContactsActive: integer('resume_contacts_active').notNull().default(0),
    resumeContactsAvailable: integer('resume_contacts_available').notNull().default(0),
    resumeContactsTotal: integer('resume_contacts_total').notNull().default(0),
    frontend: text('frontend').$type<BrandId>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('subscriptions_status_check', isOneOf(table.status, subscriptionStatuses)),
    check('subscriptions_dates_check', sql`${table.endDate} >= ${table.startDate}`),
    check(
      'subscriptions_slots_check',
      sql`${table.availableJobSlots} >= 0 and ${table.resumeContactsActive} >= 0 and ${table.resumeContactsAvailable} >= 0 and ${table.resumeContactsTotal} >= 0`,
    ),
    index('subscriptions_organization_id_idx').on(table.organizationId),
    index('subscriptions_product_id_idx').on(table.productId),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type CreditBalance = typeof creditBalances.$inferSelect;
export type NewCreditBalance = typeof creditBalances.$inferInsert;
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
