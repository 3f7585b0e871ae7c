import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { BrandId } from '../../../../brands/ids.ts';
import { isStaff, requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { orderLines, orders, orderStatuses, type Order, type OrderLine } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { parseInput } from '../../validation.ts';
import { resolveViewerOrganization } from './resolve-viewer-organization.ts';

const inputSchema = z.object({
  organizationId: z.int().positive({ error: 'organizationId must be a positive number' }).nullish(),
  status: z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}` }).nullish(),
  limit: z
    .int()
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .nullish()
    .transform((limit) => limit ?? 100),
  offset: z
    .int()
    .min(0, { error: 'offset must not be negative' })
    .nullish()
    .transform((offset) => offset ?? 0),
});

export interface OrderResult extends Order {
  organizationName: string;
  lines: OrderLine[];
}

/**
 * Orders on the request's frontend, newest first: a recruiter's organization's (their active one unless
 * named); staff see every organization's unless they name one.
 */
export async function getOrders(options: {
  db: Database;
  viewer: Viewer;
  frontend: BrandId;
  input: unknown;
}): Promise<{ orders: OrderResult[]; total: number }> {
  const { db, viewer, frontend } = options;
  requireRole(viewer, 'recruiter');
  const input = parseInput(inputSchema, options.input);
  const staffWithoutOrganization = isStaff(viewer) && input.organizationId == null;
  const organization = staffWithoutOrganization
    ? null
    : await resolveViewerOrganization({ db, viewer, organizationId: input.organizationId });
  if (!organization && !staffWithoutOrganization) return { orders: [], total: 0 };
  const conditions: SQL[] = [eq(orders.frontend, frontend)];
  if (organization) conditions.push(eq(orders.organizationId, organization.id));
  if (input.status) conditions.push(eq(orders.status, input.status));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, organizationName: organizations.name })
      .from(orders)
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((row) => row.order.id),
            ),
          );
  return {
    orders: rows.map(({ order, organizationName }) => ({
      ...order,
      organizationName,
      lines: lines.filter((line) => line.orderId === order.id),
    })),
    total: counted?.total ?? 0,
  };
}

/** One order with its organization's name and lines, for a caller that already checked access. */
export async function loadOrder(db: Database, id: number): Promise<OrderResult> {
  const [row] = await db
    .select({ order: orders, organizationName: organizations.name })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(eq(orders.id, id));
  if (!row) throw new Error(`Order ${id} does not exist.`);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id));
  return { ...row.order, organizationName: row.organizationName, lines };
}
