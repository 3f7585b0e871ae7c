import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import { vatOf, vatRatePercent } from '../../../lib/commerce/checkout.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { billingProfiles, products, type BillingDetails, type Product } from '../../db/schema/commerce.ts';
import { resolveViewerOrganization } from './resolve-viewer-organization.ts';

export interface CheckoutProduct {
  id: number;
  name: string;
  /** credit_pack or subscription. */
  kind: 'credit_pack' | 'subscription';
  jobCredits: number;
  resumeContactCredits: number;
  jobSlots: number;
  resumeContactSlots: number;
  durationDays: number | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatRatePercent: number;
  currency: string;
}

export interface Checkout {
  products: CheckoutProduct[];
  billingProfile: BillingDetails | null;
  organizationName: string | null;
}

/** What can be bought: credit packs (they book credits) and subscription plans (they have a duration). */
export const purchasable = or(
  isNotNull(products.durationDays),
  sql`${products.jobCredits} + ${products.resumeContactCredits} > 0`,
);

export function checkoutProduct(product: Product): CheckoutProduct {
  const vatCents = vatOf(product.priceCents);
  return {
    id: product.id,
    name: product.name,
    kind: product.durationDays === null ? 'credit_pack' : 'subscription',
    jobCredits: product.jobCredits,
    resumeContactCredits: product.resumeContactCredits,
    jobSlots: product.jobSlots,
    resumeContactSlots: product.resumeContactSlots,
    durationDays: product.durationDays,
    netCents: product.priceCents,
    vatCents,
    grossCents: product.priceCents + vatCents,
    vatRatePercent,
    currency: product.currency,
  };
}

/**
 * The /checkout page (SPEC 2: the organization credits page): the brand's products with net price, VAT and
 * gross, and the billing profile the organization used last. Recruiters and staff only.
 */
export async function getCheckout(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  organizationId?: number | null;
}): Promise<Checkout> {
  const { db, viewer, frontend } = options;
  requireRole(viewer, 'recruiter');
  const organization = await resolveViewerOrganization({ db, viewer, organizationId: options.organizationId });
  const [rows, profile] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.frontend, frontend), purchasable))
      .orderBy(asc(products.durationDays), asc(products.priceCents), asc(products.id)),
    organization
      ? db.select().from(billingProfiles).where(eq(billingProfiles.organizationId, organization.id))
      : Promise.resolve([]),
  ]);
  return {
    products: rows.map(checkoutProduct),
    billingProfile: profile[0]?.details ?? null,
    organizationName: organization?.name ?? null,
  };
}
