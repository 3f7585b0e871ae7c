import { and, eq, sql } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Locale } from '../../../../brands/types.ts';
import { creditReservations, type CreditReservation } from '../../db/schema/commerce.ts';
import { AppError } from '../../errors.ts';
import { postLedgerEntry, useSubscriptionSlot, type Executor } from './ledger.ts';

/**
 * The service other domains call for resume-contact credits (decision 0020). A contact request holds one
 * credit when it is sent (`reserve`: a slot of a running subscription first, else the organization's
 * resume-contact balance), and the hold is either booked when the applicant approves (`book`) or given
 * back when the request is declined or revoked (`release`, a refund entry). Every call joins the caller's
 * transaction and is idempotent per request id: calling it again returns the same reservation.
 */
export interface ResumeContactRequestRef {
  organizationId: number;
  frontend: BrandId;
  /** The resume contact request's id: the business action the credit is held for. */
  requestId: number;
  actorUserId: number | null;
}

const referenceOf = (requestId: number) => `contact-request:${requestId}`;

async function reservationOf(db: Executor, requestId: number): Promise<CreditReservation | undefined> {
  const [row] = await db
    .select()
    .from(creditReservations)
    .where(eq(creditReservations.reference, referenceOf(requestId)))
    .for('update');
  return row;
}

/** Holds one credit for the request; QUOTA_EXCEEDED (nothing written) when the organization has none. */
export async function reserveResumeContactCredit(
  db: Executor,
  request: ResumeContactRequestRef,
  locale: Locale,
): Promise<CreditReservation> {
  const held = await reservationOf(db, request.requestId);
  if (held) return held;
  const spend = {
    organizationId: request.organizationId,
    frontend: request.frontend,
    kind: 'resume_contacts',
    reason: 'contact_request',
    reference: referenceOf(request.requestId),
    idempotencyKey: `${referenceOf(request.requestId)}:reserve`,
    actorUserId: request.actorUserId,
  } as const;
  const posted = (await useSubscriptionSlot(db, spend)) ?? (await postLedgerEntry(db, { ...spend, amount: -1 }));
  if (!posted) {
    throw new AppError(
      'QUOTA_EXCEEDED',
      { key: 'commerce.error.noResumeContactCredits', locale },
      { getMorePath: '/contact' },
    );
  }
  const [reservation] = await db
    .insert(creditReservations)
    .values({
      organizationId: request.organizationId,
      frontend: request.frontend,
      reference: spend.reference,
      subscriptionId: posted.entry.subscriptionId,
      entryId: posted.entry.id,
    })
    .onConflictDoNothing({ target: creditReservations.reference })
    .returning();
  return reservation ?? (await reservationOf(db, request.requestId))!;
}

/** The contact happened: the held credit stays spent. False when nothing is held for the request. */
export async function bookResumeContactCredit(db: Executor, requestId: number): Promise<boolean> {
  const booked = await db
    .update(creditReservations)
    .set({ state: 'booked', settledAt: sql`now()` })
    .where(and(eq(creditReservations.reference, referenceOf(requestId)), eq(creditReservations.state, 'held')))
    .returning({ id: creditReservations.id });
  return booked.length > 0 || (await reservationOf(db, requestId))?.state === 'booked';
}

/** The request was declined or revoked: the held credit comes back (a refund entry). False when none is held. */
export async function releaseResumeContactCredit(
  db: Executor,
  requestId: number,
  actorUserId: number | null,
): Promise<boolean> {
  const [released] = await db
    .update(creditReservations)
    .set({ state: 'released', settledAt: sql`now()` })
    .where(and(eq(creditReservations.reference, referenceOf(requestId)), eq(creditReservations.state, 'held')))
    .returning();
  if (!released) return (await reservationOf(db, requestId))?.state === 'released';
  await postLedgerEntry(db, {
    organizationId: released.organizationId,
    frontend: released.frontend,
    kind: 'resume_contacts',
    amount: 1,
    reason: 'refund',
    reference: released.reference,
    idempotencyKey: `${released.reference}:release`,
    actorUserId,
    subscriptionId: released.subscriptionId,
  });
  return true;
}
