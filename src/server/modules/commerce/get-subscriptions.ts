import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/index.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { createTranslator, type MessageKey } from '../../../i18n/index.ts';
import { isStaff, requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import {
  creditLedgerEntries,
  creditReservations,
  products,
  productTypes,
  subscriptions,
  subscriptionStatuses,
  type ProductType,
  type SubscriptionStatus,
} from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { parseInput } from '../../validation.ts';
import { resolveViewerOrganization } from './resolve-viewer-organization.ts';
import { calendarDay, subscriptionStatusOn, subscriptionStatusSql } from './subscription-status.ts';

export const subscriptionSortFields = ['START_DATE', 'END_DATE', 'ID'] as const;
export const sortDirections = ['ASC', 'DESC'] as const;

const inputSchema = z.object({
  // Checked on its own: problems with filters are reported in the response's error list.
  filters: z.unknown().optional(),
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .nullish()
    .transform((limit) => limit ?? 100),
  offset: z
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must not be negative' })
    .nullish()
    .transform((offset) => offset ?? 0),
  sorting: z
    .object({
      field: z.enum(subscriptionSortFields, { error: 'sorting.field must be START_DATE, END_DATE or ID' }),
      direction: z.enum(sortDirections, { error: 'sorting.direction must be ASC or DESC' }),
    })
    .nullish(),
  showSubscriptionsFromAllFrontends: z.boolean().nullish(),
  organizationId: z
    .int({ error: 'organizationId must be a whole number' })
    .positive({ error: 'organizationId must be a positive number' })
    .nullish(),
});

const filtersSchema = z
  .object({
    status: z
      .array(
        z.enum(subscriptionStatuses, {
          error: (issue) =>
            `${JSON.stringify(issue.input)} is not a subscription status; use one of ${subscriptionStatuses.join(', ')}`,
        }),
      )
      .nullish(),
    productType: z
      .enum(productTypes, {
        error: (issue) => `${JSON.stringify(issue.input)} is not a product type; use one of ${productTypes.join(', ')}`,
      })
      .nullish(),
    activeOn: z.date({ error: 'activeOn must be a date' }).nullish(),
  })
  .nullish();

/** The label of each status, a message of src/i18n. */
const statusLabelKeys: Record<SubscriptionStatus, MessageKey> = {
  active: 'subscription.status.active',
  expired: 'subscription.status.expired',
  cancelled: 'subscription.status.cancelled',
  scheduled: 'commerce.subscription.scheduled',
};

export interface SubscriptionResult {
  id: number;
  startDate: string;
  endDate: string | null;
  label: string | null;
  organizationName: string;
  availableJobSlots: number;
  totalJobSlots: number;
  usageResumeContactSlots: { active: number; available: number; total: number };
  status: { label: string; value: SubscriptionStatus };
  type: ProductType;
  frontend: BrandId;
  product: { id: number; name: string };
  absoluteUrl: string;
}

export interface SubscriptionList {
  subscriptions: SubscriptionResult[];
  total: number;
  errors: string[];
}

/** "filters.status.0: "x" is not a subscription status; …" for each problem with the filters. */
function filterErrors(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${['filters', ...issue.path.map(String)].join('.')}: ${issue.message}`);
}

/** Minus the sum of a subscription's ledger entries of one kind: the slots it has used. */
const usedOf = (kind: 'job_credits' | 'resume_contacts') =>
  sql<number>`(select coalesce(-sum(${creditLedgerEntries.amount}), 0)::int from ${creditLedgerEntries}
    where ${creditLedgerEntries.subscriptionId} = ${subscriptions.id} and ${creditLedgerEntries.kind} = ${kind})`;

/** Resume contacts held for requests that are neither booked nor released yet. */
const heldContacts = sql<number>`(select count(*)::int from ${creditReservations}
  where ${creditReservations.subscriptionId} = ${subscriptions.id} and ${creditReservations.state} = 'held')`;

/**
 * SPEC sections 3 and 7: one page of the subscriptions of the recruiter's organization (their active one
 * unless named) on the request's frontend, with the total before paging. Staff may look at any
 * organization, at every organization when they name none and have none, and across frontends.
 */
export async function getSubscriptions(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  /** The brand whose /my-products page absoluteUrl points at. */
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<SubscriptionList> {
  const { db, viewer, locale, brand } = options;
  requireRole(viewer, 'recruiter');
  const input = parseInput(inputSchema, options.input);
  const filters = filtersSchema.safeParse(input.filters);
  const organization = await resolveViewerOrganization({ db, viewer, organizationId: input.organizationId });
  if (!filters.success) return { subscriptions: [], total: 0, errors: filterErrors(filters.error) };
  const staff = isStaff(viewer);
  if (!organization && !staff) return { subscriptions: [], total: 0, errors: [] };

  const conditions: SQL[] = [];
  if (organization) conditions.push(eq(subscriptions.organizationId, organization.id));
  if (!(staff && input.showSubscriptionsFromAllFrontends)) {
    conditions.push(eq(subscriptions.frontend, options.frontend));
  }
  const { status, productType, activeOn } = filters.data ?? {};
  if (status && status.length > 0) conditions.push(inArray(subscriptionStatusSql, status));
  if (productType) conditions.push(eq(products.type, productType));
  if (activeOn) {
    const day = calendarDay(activeOn);
    conditions.push(lte(subscriptions.startDate, day));
    const runsUntil = or(isNull(subscriptions.endDate), gte(subscriptions.endDate, day));
    if (runsUntil) conditions.push(runsUntil);
  }
  const where = and(...conditions);

  const direction = input.sorting?.direction === 'ASC' ? asc : desc;
  const sortColumn = {
    START_DATE: subscriptions.startDate,
    END_DATE: subscriptions.endDate,
    ID: subscriptions.id,
  }[input.sorting?.field ?? 'START_DATE'];

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        subscription: subscriptions,
        usedJobSlots: usedOf('job_credits'),
        usedContacts: usedOf('resume_contacts'),
        heldContacts,
        organizationName: organizations.name,
        product: { id: products.id, name: products.name, type: products.type },
      })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
      .where(where)
      .orderBy(direction(sortColumn), direction(subscriptions.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(where),
  ]);

  const t = createTranslator(locale);
  const today = calendarDay(new Date());
  const myProducts = localizePath('/my-products', locale, brand);
  return {
    subscriptions: rows.map(({ subscription, usedJobSlots, usedContacts, heldContacts, organizationName, product }) => {
      const status = subscriptionStatusOn(subscription, today);
      return {
        id: subscription.id,
        startDate: subscription.startDate,
        endDate: subscription.endDate,
        label: subscription.label,
        organizationName,
        availableJobSlots: Math.max(0, subscription.jobSlots - Number(usedJobSlots)),
        totalJobSlots: subscription.jobSlots,
        usageResumeContactSlots: {
          active: Number(heldContacts),
          available: Math.max(0, subscription.resumeContactSlots - Number(usedContacts)),
          total: subscription.resumeContactSlots,
        },
        status: { label: t(statusLabelKeys[status]), value: status },
        type: product.type,
        frontend: subscription.frontend,
        product: { id: product.id, name: product.name },
        absoluteUrl: absoluteUrl(`${myProducts}?subscription=${subscription.id}`),
      };
    }),
    total: counted?.total ?? 0,
    errors: [],
  };
}
