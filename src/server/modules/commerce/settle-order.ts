import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { orderLines, orders, subscriptions, type Order } from '../../db/schema/commerce.ts';
import { AppError } from '../../errors.ts';
import { requireStaff } from '../job-posting/job-access.ts';
import { postLedgerEntry, type Executor } from './ledger.ts';

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The order of this brand, locked for the rest of the transaction; NOT_FOUND for others' orders. */
async function lockOrder(tx: Executor, id: number, frontend: BrandId, locale: Locale): Promise<Order> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.frontend, frontend)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', { key: 'commerce.error.orderNotFound', locale, params: { id } });
  return order;
}

/**
 * Staff confirm an order (the invoice was paid; a payment provider's callback would call the same): in one
 * transaction each line books its credits (a purchase entry per kind, keyed by the line) or starts its
 * subscription (unique per line) from today, and the order becomes fulfilled. Confirming again returns the
 * fulfilled order and books nothing; a cancelled order cannot be confirmed (CONFLICT).
 */
export async function confirmOrder(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  locale: Locale;
  id: number;
}): Promise<Order> {
  const { db, viewer, frontend, locale, id } = options;
  requireStaff(viewer, locale);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, frontend, locale);
    if (order.status === 'fulfilled') return order;
    if (order.status === 'cancelled') throw new AppError('CONFLICT', { key: 'commerce.error.orderCancelled', locale });
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const today = new Date().toISOString().slice(0, 10);
    for (const line of lines) {
      const credits = [
        ['job_credits', line.jobCredits],
        ['resume_contacts', line.resumeContactCredits],
      ] as const;
      if (line.durationDays === null) {
        for (const [kind, amount] of credits) {
          if (amount === 0) continue;
          await postLedgerEntry(tx, {
            organizationId: order.organizationId,
            frontend: order.frontend,
            kind,
            amount,
            reason: 'purchase',
            reference: `order:${order.id}`,
            idempotencyKey: `order:${order.id}:line:${line.id}:${kind}`,
            actorUserId: viewer.userId,
          });
        }
      } else {
        await tx
          .insert(subscriptions)
          .values({
            organizationId: order.organizationId,
            productId: line.productId,
            label: line.name,
            startDate: today,
            endDate: addDays(today, line.durationDays - 1),
            jobSlots: line.jobSlots,
            resumeContactSlots: line.resumeContactSlots,
            frontend: order.frontend,
            orderLineId: line.id,
          })
          .onConflictDoNothing({ target: subscriptions.orderLineId });
      }
    }
    const now = new Date();
    const [fulfilled] = await tx
      .update(orders)
      .set({ status: 'fulfilled', confirmedAt: now, fulfilledAt: now, confirmedByUserId: viewer.userId })
      .where(eq(orders.id, order.id))
      .returning();
    return fulfilled!;
  });
}

/** Staff cancel an order not yet fulfilled (cancelling again changes nothing); a fulfilled one: CONFLICT. */
export async function cancelOrder(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  locale: Locale;
  id: number;
}): Promise<Order> {
  const { db, viewer, frontend, locale, id } = options;
  requireStaff(viewer, locale);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, frontend, locale);
    if (order.status === 'cancelled') return order;
    if (order.status === 'fulfilled') throw new AppError('CONFLICT', { key: 'commerce.error.orderFulfilled', locale });
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return cancelled!;
  });
}
