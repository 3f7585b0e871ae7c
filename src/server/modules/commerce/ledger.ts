import { and, asc, count, eq, gte, isNull, lte, or, sql, sum } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Database } from '../../db/index.ts';
import {
  creditBalances,
  creditLedgerEntries,
  subscriptions,
  type CreditKind,
  type CreditLedgerEntry,
  type LedgerReason,
} from '../../db/schema/commerce.ts';

/** A database handle or an open transaction: ledger writes join the caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface LedgerEntryInput {
  organizationId: number;
  frontend: BrandId;
  kind: CreditKind;
  /** Positive adds credits or gives back a slot, negative spends; never zero. */
  amount: number;
  reason: LedgerReason;
  /** The business action, unique for ever: a second entry with the same key is a retry and changes nothing. */
  idempotencyKey: string;
  reference?: string | null;
  note?: string | null;
  actorUserId?: number | null;
  /** Set for the use (negative) or return (positive) of a subscription's slot; null for a credit balance. */
  subscriptionId?: number | null;
}

export interface PostedEntry {
  entry: CreditLedgerEntry;
  /** True when the key was already booked (a retried action): nothing changed this time. */
  replayed: boolean;
  /** The credit_balances row the entry changed (null for subscription slots). */
  balanceId: number | null;
}

/** Thrown inside the savepoint when a spend would take a balance below zero; never leaves this module. */
class InsufficientCredits extends Error {}

async function entryByKey(db: Executor, idempotencyKey: string): Promise<CreditLedgerEntry | undefined> {
  const [entry] = await db
    .select()
    .from(creditLedgerEntries)
    .where(eq(creditLedgerEntries.idempotencyKey, idempotencyKey));
  return entry;
}

async function balanceRowId(db: Executor, input: LedgerEntryInput): Promise<number | null> {
  const [row] = await db
    .select({ id: creditBalances.id })
    .from(creditBalances)
    .where(
      and(
        eq(creditBalances.organizationId, input.organizationId),
        eq(creditBalances.frontend, input.frontend),
        eq(creditBalances.type, input.kind),
      ),
    );
  return row?.id ?? null;
}

/**
 * Books one ledger entry and, for a credit balance, moves its cached amount in the same savepoint: the
 * entry is inserted first (its unique idempotency key makes a concurrent retry wait and then do nothing),
 * then `credit_balances.amount` changes only if it stays at zero or above. A spend that does not fit rolls
 * the savepoint back and returns null: no entry, no change. Slot entries (subscriptionId set) change no
 * cache; the caller checks the slots under a row lock (useSubscriptionSlot).
 */
export async function postLedgerEntry(db: Executor, input: LedgerEntryInput): Promise<PostedEntry | null> {
  if (!Number.isInteger(input.amount) || input.amount === 0) {
    throw new Error(`A ledger entry moves a whole, non-zero amount, not ${input.amount}.`);
  }
  const earlier = await entryByKey(db, input.idempotencyKey);
  if (earlier) return { entry: earlier, replayed: true, balanceId: await balanceRowId(db, input) };
  try {
    return await db.transaction(async (savepoint) => {
      const [entry] = await savepoint
        .insert(creditLedgerEntries)
        .values({
          organizationId: input.organizationId,
          frontend: input.frontend,
          kind: input.kind,
          amount: input.amount,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          reference: input.reference ?? null,
          note: input.note ?? null,
          actorUserId: input.actorUserId ?? null,
          subscriptionId: input.subscriptionId ?? null,
        })
        .onConflictDoNothing({ target: creditLedgerEntries.idempotencyKey })
        .returning();
      if (!entry) {
        // A concurrent retry of the same action committed first.
        const booked = await entryByKey(savepoint, input.idempotencyKey);
        if (!booked) throw new Error(`Ledger entry ${input.idempotencyKey} conflicted but cannot be read.`);
        return { entry: booked, replayed: true, balanceId: await balanceRowId(savepoint, input) };
      }
      if (entry.subscriptionId !== null) return { entry, replayed: false, balanceId: null };
      const [balance] =
        input.amount > 0
          ? await savepoint
              .insert(creditBalances)
              .values({
                organizationId: input.organizationId,
                frontend: input.frontend,
                type: input.kind,
                amount: input.amount,
              })
              .onConflictDoUpdate({
                target: [creditBalances.organizationId, creditBalances.type, creditBalances.frontend],
                set: { amount: sql`${creditBalances.amount} + ${input.amount}` },
              })
              .returning({ id: creditBalances.id })
          : await savepoint
              .update(creditBalances)
              .set({ amount: sql`${creditBalances.amount} + ${input.amount}` })
              .where(
                and(
                  eq(creditBalances.organizationId, input.organizationId),
                  eq(creditBalances.frontend, input.frontend),
                  eq(creditBalances.type, input.kind),
                  gte(creditBalances.amount, -input.amount),
                ),
              )
              .returning({ id: creditBalances.id });
      if (!balance) throw new InsufficientCredits();
      return { entry, replayed: false, balanceId: balance.id };
    });
  } catch (error) {
    if (error instanceof InsufficientCredits) return null;
    throw error;
  }
}

/** `start <= today and (no end or end >= today) and not cancelled`: the subscription runs today. */
export function runsToday() {
  const today = sql`current_date`;
  return and(
    isNull(subscriptions.cancelledAt),
    lte(subscriptions.startDate, today),
    or(isNull(subscriptions.endDate), gte(subscriptions.endDate, today)),
  );
}

/** Slots of `kind` a subscription has used: minus the sum of its ledger entries of that kind. */
export async function usedSlots(db: Executor, subscriptionId: number, kind: CreditKind): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditLedgerEntries.amount) })
    .from(creditLedgerEntries)
    .where(and(eq(creditLedgerEntries.subscriptionId, subscriptionId), eq(creditLedgerEntries.kind, kind)));
  return -Number(row?.total ?? 0);
}

/**
 * Uses one slot of `kind` of a running subscription of the organization on the frontend (the one that ends
 * first, then the oldest): the running subscriptions are locked, the used slots summed from the ledger and
 * one entry of -1 booked. Null when none has a free slot; a retried action returns its first entry.
 */
export async function useSubscriptionSlot(
  db: Executor,
  input: Omit<LedgerEntryInput, 'amount' | 'subscriptionId'>,
): Promise<PostedEntry | null> {
  const earlier = await entryByKey(db, input.idempotencyKey);
  if (earlier) return { entry: earlier, replayed: true, balanceId: null };
  const slotColumn = input.kind === 'job_credits' ? subscriptions.jobSlots : subscriptions.resumeContactSlots;
  const running = await db
    .select({ id: subscriptions.id, slots: slotColumn })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, input.organizationId),
        eq(subscriptions.frontend, input.frontend),
        sql`${slotColumn} > 0`,
        runsToday(),
      ),
    )
    .orderBy(sql`${subscriptions.endDate} asc nulls last`, asc(subscriptions.id))
    .for('update');
  for (const subscription of running) {
    if ((await usedSlots(db, subscription.id, input.kind)) >= subscription.slots) continue;
    return postLedgerEntry(db, { ...input, amount: -1, subscriptionId: subscription.id });
  }
  return null;
}

/** The balance as the ledger sums it (what the cache must equal). */
export async function ledgerBalance(
  db: Executor,
  where: { organizationId: number; frontend: BrandId; kind: CreditKind },
): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditLedgerEntries.amount) })
    .from(creditLedgerEntries)
    .where(
      and(
        eq(creditLedgerEntries.organizationId, where.organizationId),
        eq(creditLedgerEntries.frontend, where.frontend),
        eq(creditLedgerEntries.kind, where.kind),
        isNull(creditLedgerEntries.subscriptionId),
      ),
    );
  return Number(row?.total ?? 0);
}

/** How many entries with `reason` name `reference` (a counter for keys of actions that may repeat). */
export async function countEntries(db: Executor, reference: string, reason: LedgerReason): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditLedgerEntries)
    .where(and(eq(creditLedgerEntries.reference, reference), eq(creditLedgerEntries.reason, reason)));
  return row?.n ?? 0;
}
