import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { isStaff, requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { resumeContactRequests, resumes, type ResumeContactRequest } from '../../db/schema/resumes.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { sendInBackground } from '../../mail/account-mails.ts';
import { sendMail } from '../../mail/send-mail.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { parseInput } from '../../validation.ts';
import type { Executor } from '../commerce/ledger.ts';
import {
  bookResumeContactCredit,
  releaseResumeContactCredit,
  reserveResumeContactCredit,
} from '../commerce/resume-contact-credits.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import {
  findOwnResume,
  requireReadableResume,
  requireRecruiterOrganization,
  requireResumesEnabled,
} from './resume-access.ts';

const sendSchema = z.object({
  resumeId: z.number().int().min(1).max(maxEntityId),
  message: z
    .string({ error: 'resume.contact.messageRequired' })
    .trim()
    .min(1, { error: 'resume.contact.messageRequired' })
    .max(2000, { error: 'resume.error.tooLong' }),
});

/**
 * Pending requests older than their 14 days expire (SPEC 4), and the credit each held is released through
 * the commerce service (a refund entry in the ledger), in one transaction. Run before every read and write
 * of requests, so nobody sees or decides an expired one, and by the job runner (resume-contact-expiry.ts),
 * so the credit comes back on time even when nobody looks. Answers how many expired.
 */
export async function expireContactRequests(db: Executor, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(resumeContactRequests)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(resumeContactRequests.status, 'pending'), lt(resumeContactRequests.expiresAt, now)))
      .returning({ id: resumeContactRequests.id });
    for (const { id } of expired) await releaseResumeContactCredit(tx, id, null);
    return expired.length;
  });
}

/**
 * sendResumeContactRequest: a recruiter asks the applicant of a visible resume for contact, with a message.
 * One resume contact is reserved with the request through the commerce service (decision 0020: a
 * subscription slot first, else a resume-contact credit, as a ledger entry), in one transaction; the
 * applicant gets a mail. QUOTA_EXCEEDED (nothing written) when the organization has no resume contact left.
 * The organization's open (pending or approved) request for the resume is answered again instead of a
 * second one (created: false), so a double click reserves once.
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
      await reserveResumeContactCredit(
        tx,
        { organizationId: organization.id, frontend: row.frontend, requestId: row.id, actorUserId: viewer.userId },
        locale,
      );
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
    if (approve) await bookResumeContactCredit(tx, id);
    else await releaseResumeContactCredit(tx, id, viewer.userId);
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
    await releaseResumeContactCredit(tx, id, viewer.userId);
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
