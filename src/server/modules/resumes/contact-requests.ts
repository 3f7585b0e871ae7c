import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { isStaff, requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { creditBalances, subscriptions } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import {
  resumeContactRequests,
  resumeContactReservations,
  resumes,
  type ResumeContactRequest,
} from '../../db/schema/resumes.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { sendInBackground } from '../../mail/account-mails.ts';
import { sendMail } from '../../mail/send-mail.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { parseInput } from '../../validation.ts';
import type { Transaction } from '../job-posting/job-access.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import {
  findOwnResume,
  requireReadableResume,
  requireRecruiterOrganization,
  requireResumesEnabled,
} from './resume-access.ts';

/** The credit balance type a resume contact spends (credit_balances.type). */
export const resumeContactCreditType = 'resume_contact_credits';

const sendSchema = z.object({
  resumeId: z.number().int().min(1).max(maxEntityId),
  message: z
    .string({ error: 'resume.contact.messageRequired' })
    .trim()
    .min(1, { error: 'resume.contact.messageRequired' })
    .max(2000, { error: 'resume.error.tooLong' }),
});

/**
 * Pending requests older than their 14 days expire (SPEC 4), and their reservations are released. Run
 * before every read and write of requests, so nobody sees or decides an expired one; one statement each.
 */
export async function expireContactRequests(db: Database | Transaction, now = new Date()): Promise<void> {
  const expired = await db
    .update(resumeContactRequests)
    .set({ status: 'expired', decidedAt: now })
    .where(and(eq(resumeContactRequests.status, 'pending'), lt(resumeContactRequests.expiresAt, now)))
    .returning({ id: resumeContactRequests.id });
  if (expired.length === 0) return;
  await db
    .update(resumeContactReservations)
    .set({ state: 'released', settledAt: now })
    .where(
      and(
        eq(resumeContactReservations.state, 'reserved'),
        inArray(
          resumeContactReservations.requestId,
          expired.map((row) => row.id),
        ),
      ),
    );
}

/**
 * Reserves one resume contact of the organization: a subscription slot first (an active subscription of
 * the brand with resume contacts available beyond those reserved), else a resume-contact credit beyond
 * those reserved. The rows it counts are locked (FOR UPDATE), so concurrent requests of one organization
 * queue here and the last credit is reserved once. QUOTA_EXCEEDED when nothing is left.
 */
async function reserveContact(tx: Transaction, options: { organizationId: number; brand: Brand; locale: Locale }) {
  const { organizationId, brand, locale } = options;
  const reserved = (source: 'credit' | 'subscription', sourceId: number) =>
    sql<number>`(select count(*)::int from resume_contact_reservations r
      where r.source = ${source} and r.source_id = ${sourceId} and r.state = 'reserved')`;
  const slots = await tx
    .select({ id: subscriptions.id, available: subscriptions.resumeContactsAvailable })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        eq(subscriptions.frontend, brand.id as (typeof subscriptions.$inferSelect)['frontend']),
        eq(subscriptions.status, 'active'),
      ),
    )
    .orderBy(subscriptions.id)
    .for('update');
  for (const slot of slots) {
    const [row] = await tx.select({ count: reserved('subscription', slot.id) }).from(sql`(select 1) as one`);
    if (slot.available - Number(row?.count ?? 0) > 0) return { source: 'subscription' as const, sourceId: slot.id };
  }
  const [credit] = await tx
    .select({ id: creditBalances.id, amount: creditBalances.amount })
    .from(creditBalances)
    .where(
      and(
        eq(creditBalances.organizationId, organizationId),
        eq(creditBalances.type, resumeContactCreditType),
        eq(creditBalances.frontend, brand.id as (typeof creditBalances.$inferSelect)['frontend']),
      ),
    )
    .for('update');
  if (credit) {
    const [row] = await tx.select({ count: reserved('credit', credit.id) }).from(sql`(select 1) as one`);
    if (credit.amount - Number(row?.count ?? 0) > 0) return { source: 'credit' as const, sourceId: credit.id };
  }
  throw new AppError('QUOTA_EXCEEDED', { key: 'resume.contact.noCredit', locale });
}

/**
 * sendResumeContactRequest: a recruiter asks the applicant of a visible resume for contact, with a message.
 * One resume contact (subscription slot or credit) is reserved with the request, in one transaction; the
 * applicant gets a mail. The organization's open (pending or approved) request for the resume is answered
 * again instead of a second one (created: false), so a double click reserves once.
 */
export async function sendResumeContactRequest(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<{ request: ResumeContactRequest; created: boolean }> {
  const { db, viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  const { resumeId, message } = parseInput(sendSchema, options.input, { locale });
  const { organization } = await requireRecruiterOrganization({ db, viewer, locale });
  const { resume } = await requireReadableResume({ db, viewer, brand, locale, resumeId });
  await expireContactRequests(db);
  const open = () =>
    db
      .select()
      .from(resumeContactRequests)
      .where(
        and(
          eq(resumeContactRequests.resumeId, resume.id),
          eq(resumeContactRequests.organizationId, organization.id),
          inArray(resumeContactRequests.status, ['pending', 'approved']),
        ),
      );
  const [existing] = await open();
  if (existing) return { request: existing, created: false };
  let request: ResumeContactRequest;
  try {
    request = await db.transaction(async (tx) => {
      const reservation = await reserveContact(tx, { organizationId: organization.id, brand, locale });
      const expiresAt = new Date(Date.now() + brand.constants.resumeContactRequestDays * 86_400_000);
      const [row] = await tx
        .insert(resumeContactRequests)
        .values({
          resumeId: resume.id,
          organizationId: organization.id,
          requestedBy: viewer.userId,
          frontend: brand.id as ResumeContactRequest['frontend'],
          message,
          expiresAt,
        })
        .returning();
      if (!row) throw new Error('Inserting the contact request returned no row.');
      await tx
        .insert(resumeContactReservations)
        .values({ requestId: row.id, organizationId: organization.id, ...reservation });
      return row;
    });
  } catch (error) {
    // A concurrent request of the same organization for the same resume won (the open-request index).
    const [winner] = await open();
    if (winner) return { request: winner, created: false };
    throw error;
  }
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, resume.userId));
  if (owner) {
    const t = createTranslator(locale);
    const link = absoluteUrl(localizePath('/resume', locale, brand));
    sendInBackground(
      () =>
        sendMail({
          to: owner.email,
          subject: t('resume.contact.mailSubject', { organization: organization.name, brand: brand.name }),
          text: t('resume.contact.mailText', { organization: organization.name, message, link, brand: brand.name }),
        }),
      'resume contact request mail',
    );
  }
  return { request, created: true };
}

/** Settles a request's reservation: booked (the slot or credit is spent) or released. */
async function settleReservation(tx: Transaction, requestId: number, outcome: 'booked' | 'released') {
  const [reservation] = await tx
    .update(resumeContactReservations)
    .set({ state: outcome, settledAt: new Date() })
    .where(and(eq(resumeContactReservations.requestId, requestId), eq(resumeContactReservations.state, 'reserved')))
    .returning();
  if (!reservation || outcome === 'released') return;
  if (reservation.source === 'credit') {
    await tx
      .update(creditBalances)
      .set({ amount: sql`${creditBalances.amount} - 1` })
      .where(eq(creditBalances.id, reservation.sourceId));
  } else {
    await tx
      .update(subscriptions)
      .set({
        resumeContactsAvailable: sql`${subscriptions.resumeContactsAvailable} - 1`,
        resumeContactsActive: sql`${subscriptions.resumeContactsActive} + 1`,
      })
      .where(eq(subscriptions.id, reservation.sourceId));
  }
}

async function requestOf(db: Database, id: number, locale: Locale) {
  const [row] = await db
    .select({ request: resumeContactRequests, resume: resumes })
    .from(resumeContactRequests)
    .innerJoin(resumes, eq(resumes.id, resumeContactRequests.resumeId))
    .where(eq(resumeContactRequests.id, id));
  if (!row) throw new AppError('NOT_FOUND', { key: 'resume.contact.notFound', locale });
  return row;
}

/**
 * decideResumeContactRequest: the applicant approves (the reserved contact is booked; the recruiter now
 * sees the contact data and the full CV) or declines (the reservation is released) a pending request.
 */
export async function decideResumeContactRequest(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  id: number;
  approve: boolean;
}): Promise<ResumeContactRequest> {
  const { db, viewer, brand, locale, id, approve } = options;
  requireResumesEnabled(brand, locale);
  requireSignedIn(viewer);
  await expireContactRequests(db);
  const { request, resume } = await requestOf(db, id, locale);
  if (resume.userId !== viewer.userId || request.frontend !== brand.id) {
    throw new AppError('NOT_FOUND', { key: 'resume.contact.notFound', locale });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(resumeContactRequests)
      .set({ status: approve ? 'approved' : 'declined', decidedAt: new Date() })
      .where(and(eq(resumeContactRequests.id, id), eq(resumeContactRequests.status, 'pending')))
      .returning();
    if (!row) throw new AppError('CONFLICT', { key: 'resume.contact.notPending', locale });
    await settleReservation(tx, id, approve ? 'booked' : 'released');
    return row;
  });
}

/**
 * revokeResumeContactRequest (SPEC 4: revoke allowed): the recruiter's organization withdraws its pending
 * request (the reservation is released) or ends an approved contact; the applicant withdraws an approval.
 * A revoked contact shows no contact data any more; a booked contact stays spent.
 */
export async function revokeResumeContactRequest(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  id: number;
}): Promise<ResumeContactRequest> {
  const { db, viewer, brand, locale, id } = options;
  requireResumesEnabled(brand, locale);
  requireSignedIn(viewer);
  await expireContactRequests(db);
  const { request, resume } = await requestOf(db, id, locale);
  const isApplicant = resume.userId === viewer.userId;
  const { belongsTo } = await findViewerOrganizations({ db, viewer: { ...viewer, userId: viewer.userId } });
  const isRequester = isStaff(viewer) || belongsTo.some((organization) => organization.id === request.organizationId);
  if (request.frontend !== brand.id || (!isApplicant && !isRequester)) {
    throw new AppError('NOT_FOUND', { key: 'resume.contact.notFound', locale });
  }
  const allowed = isRequester ? ['pending', 'approved'] : ['approved'];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(resumeContactRequests)
      .set({ status: 'revoked', decidedAt: new Date() })
      .where(and(eq(resumeContactRequests.id, id), inArray(resumeContactRequests.status, allowed as ['pending'])))
      .returning();
    if (!row) throw new AppError('CONFLICT', { key: 'resume.contact.notPending', locale });
    await settleReservation(tx, id, 'released');
    return row;
  });
}

export interface ListedContactRequest extends ResumeContactRequest {
  organizationName: string;
  resumeTitle: string | null;
}

/**
 * The request history: the applicant's (every request for their resume) or the recruiter's (every request
 * of their organizations, optionally for one resume), newest first. No private field is in it.
 */
export async function listContactRequests(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  side: 'applicant' | 'recruiter';
  resumeId?: number | null;
}): Promise<ListedContactRequest[]> {
  const { db, viewer, brand, locale, side } = options;
  requireResumesEnabled(brand, locale);
  const { userId } = viewer;
  if (userId === null) return [];
  await expireContactRequests(db);
  let where;
  if (side === 'applicant') {
    const resume = await findOwnResume({ db, viewer, brand });
    if (!resume) return [];
    where = eq(resumeContactRequests.resumeId, resume.id);
  } else {
    const { belongsTo } = await findViewerOrganizations({ db, viewer: { ...viewer, userId } });
    if (belongsTo.length === 0) return [];
    where = inArray(
      resumeContactRequests.organizationId,
      belongsTo.map((organization) => organization.id),
    );
    if (options.resumeId) where = and(where, eq(resumeContactRequests.resumeId, options.resumeId));
  }
  const rows = await db
    .select({ request: resumeContactRequests, organizationName: organizations.name, resumeTitle: resumes.title })
    .from(resumeContactRequests)
    .innerJoin(organizations, eq(organizations.id, resumeContactRequests.organizationId))
    .innerJoin(resumes, eq(resumes.id, resumeContactRequests.resumeId))
    .where(and(where, eq(resumeContactRequests.frontend, brand.id as ResumeContactRequest['frontend'])))
    .orderBy(desc(resumeContactRequests.createdAt), desc(resumeContactRequests.id));
  return rows.map((row) => ({ ...row.request, organizationName: row.organizationName, resumeTitle: row.resumeTitle }));
}
