import { and, eq } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { placeOrderSchema, vatOf, vatRatePercent } from '../../../lib/commerce/checkout.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { billingProfiles, orderLines, orders, products, type Order, type OrderLine } from '../../db/schema/commerce.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { purchasable } from './get-checkout.ts';
import { sendOrderConfirmation } from './order-confirmation.ts';
import { invoicePayment } from './payment-provider.ts';
import { resolveViewerOrganization } from './resolve-viewer-organization.ts';

/** "TB-2026-00012": two letters of the brand, the year, the id. */
export function orderNumber(frontend: BrandId, id: number, at: Date): string {
  return `${frontend.slice(0, 2).toUpperCase()}-${at.getUTCFullYear()}-${String(id).padStart(5, '0')}`;
}

export interface PlacedOrder {
  order: Order;
  lines: OrderLine[];
}

/**
 * Checkout by order (issue 16): a recruiter orders a product of the brand for their organization with the
 * customer billing profile, which is kept for next time, and the accepted terms. One transaction writes
 * the order, its line and the profile; the form's request key makes a second submission return the first
 * order. The confirmation with its PDF is mailed to the billing address afterwards.
 */
export async function placeOrder(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<PlacedOrder> {
  const { db, viewer, brand, locale } = options;
  requireRole(viewer, 'recruiter');
  const input = parseInput(placeOrderSchema, options.input, { locale });
  const frontend = brand.id as BrandId;
  const organization = await resolveViewerOrganization({ db, viewer, organizationId: input.organizationId });
  if (!organization) throw new AppError('FORBIDDEN', { key: 'error.ownOrganizationProductsOnly', locale });
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.frontend, frontend), purchasable));
  if (!product) {
    const message = createTranslator(locale)('commerce.error.product');
    throw new AppError('BAD_USER_INPUT', message, { fieldErrors: { productId: message } });
  }

  const placed = await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.requestKey, input.requestKey), eq(orders.organizationId, organization.id)));
    if (earlier) {
      return {
        order: earlier,
        lines: await tx.select().from(orderLines).where(eq(orderLines.orderId, earlier.id)),
        fresh: false,
      };
    }
    const netCents = product.priceCents * input.quantity;
    const vatCents = vatOf(netCents);
    const now = new Date();
    const [inserted] = await tx
      .insert(orders)
      .values({
        number: `pending-${input.requestKey}`,
        organizationId: organization.id,
        frontend,
        billing: input.billing,
        netCents,
        vatCents,
        grossCents: netCents + vatCents,
        vatRatePercent,
        currency: product.currency,
        paymentProvider: invoicePayment.id,
        requestKey: input.requestKey,
        termsAcceptedAt: now,
        placedByUserId: viewer.userId,
      })
      .returning();
    if (!inserted) throw new Error('Placing the order returned no row.');
    const [order] = await tx
      .update(orders)
      .set({ number: orderNumber(frontend, inserted.id, now) })
      .where(eq(orders.id, inserted.id))
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values({
        orderId: inserted.id,
        productId: product.id,
        name: product.name,
        quantity: input.quantity,
        unitNetCents: product.priceCents,
        netCents,
        jobCredits: product.jobCredits * input.quantity,
        resumeContactCredits: product.resumeContactCredits * input.quantity,
        jobSlots: product.jobSlots * input.quantity,
        resumeContactSlots: product.resumeContactSlots * input.quantity,
        durationDays: product.durationDays,
      })
      .returning();
    await tx
      .insert(billingProfiles)
      .values({ organizationId: organization.id, details: input.billing })
      .onConflictDoUpdate({ target: billingProfiles.organizationId, set: { details: input.billing, updatedAt: now } });
    return { order: order!, lines, fresh: true };
  });
  if (placed.fresh) {
    await invoicePayment.start(placed.order);
    await sendOrderConfirmation({ order: placed.order, lines: placed.lines, brand, locale });
  }
  return { order: placed.order, lines: placed.lines };
}
