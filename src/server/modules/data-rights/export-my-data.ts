import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import type { Database } from '../../db/index.ts';
import { bookmarks, jobAlerts, resumeAlerts } from '../../db/schema/alerts.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { applicationFiles, applications } from '../../db/schema/applications.ts';
import { authAccounts, authSessions } from '../../db/schema/auth.ts';
import { contactMessages, orders } from '../../db/schema/commerce.ts';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../db/schema/consent.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { resumeAttachments, resumeContactRequests, resumePrivate, resumes } from '../../db/schema/resumes.ts';
import { organizationMembers, organizations, userRoles, users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { countRequest } from '../../limits/request-rate.ts';

/**
 * What one export may hold and how often it may be made (GDPR Art. 15 and 20, decision 0026): the files
 * are streamed into the ZIP one at a time, so the limit guards the download's length, not memory.
 */
export const dataExportLimits = {
  perUserPerHour: 5,
  maxFileBytes: 1024 * 1024 * 1024,
  maxFiles: 500,
} as const;

/** A JSON document of the export: its name in the ZIP and its content. */
export interface DataExportDocument {
  name: string;
  json: string;
}

/** A stored file of the user's, with its path in the ZIP. The storage key is handed to the owner's export route only. */
export interface DataExportFile {
  path: string;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
}

export interface DataExport {
  documents: DataExportDocument[];
  files: DataExportFile[];
}

/** A file name safe as the last part of a ZIP path: no folders, no control characters, at most 100 characters. */
export function zipSafeName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'file').slice(-100);
}

/** The value without the named fields (secrets and bookkeeping that say nothing about the person). */
function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

const json = (name: string, value: unknown): DataExportDocument => ({ name, json: JSON.stringify(value, null, 2) });

/**
 * myDataExport (GDPR Art. 15 and 20): everything the site keeps about the signed-in user, as JSON documents
 * and the list of their stored files. Only the user themself (never a masquerading staff member) may ask,
 * at most `perUserPerHour` times an hour. Secrets (password hash, token keys, upload tokens) are left out.
 */
export async function exportMyData(options: {
  db: Database;
  /** The signed-in user acting as themselves (checked by the caller: ownAccount). */
  userId: number;
  locale: Locale;
}): Promise<DataExport> {
  const { db, userId, locale } = options;
  const refusal = await countRequest(db, [
    { key: `data-export:user:${userId}`, max: dataExportLimits.perUserPerHour, windowSeconds: 3_600 },
  ]);
  if (refusal) {
    throw new AppError(
      'RATE_LIMITED',
      { key: 'dataRights.error.exportRateLimited', locale },
      { retryAfterSeconds: refusal.retryAfterSeconds },
    );
  }

  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale });
  const email = user.email;
  const profile = without(user, 'passwordHash', 'tokensNotBefore');
  const roles = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
  const socialAccounts = await db
    .select({ provider: authAccounts.provider, createdAt: authAccounts.createdAt })
    .from(authAccounts)
    .where(eq(authAccounts.userId, userId));
  const sessions = await db
    .select({ createdAt: authSessions.createdAt, revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(desc(authSessions.createdAt));

  const consents = await db
    .select({
      id: consentRecords.id,
      mail: consentRecords.mail,
      type: consentInfos.type,
      revision: consentInfoRevisions.revision,
      language: consentInfoRevisions.language,
      text: consentInfoRevisions.text,
      placement: consentRecords.placement,
      method: consentRecords.method,
      createdAt: consentRecords.createdAt,
      verifiedAt: consentRecords.verifiedAt,
      withdrawnAt: consentRecords.withdrawnAt,
      withdrawalMethod: consentRecords.withdrawalMethod,
    })
    .from(consentRecords)
    .innerJoin(consentInfos, eq(consentInfos.id, consentRecords.infoId))
    .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
    .where(or(eq(consentRecords.userId, userId), and(isNull(consentRecords.userId), eq(consentRecords.mail, email))))
    .orderBy(consentRecords.id);

  const applicationRows = await db
    .select({ application: applications, jobTitle: jobs.title })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(or(eq(applications.userId, userId), eq(applications.email, email)))
    .orderBy(applications.id);
  const applicationIds = applicationRows.map((row) => row.application.id);
  const applicationFileRows =
    applicationIds.length === 0
      ? []
      : await db
          .select()
          .from(applicationFiles)
          .where(inArray(applicationFiles.applicationId, applicationIds))
          .orderBy(applicationFiles.id);

  const bookmarkRows = await db
    .select({
      jobId: bookmarks.jobId,
      jobTitle: jobs.title,
      frontend: bookmarks.frontend,
      createdAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .innerJoin(jobs, eq(jobs.id, bookmarks.jobId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(bookmarks.createdAt);

  const alertRows = await db
    .select()
    .from(jobAlerts)
    .where(or(eq(jobAlerts.userId, userId), eq(jobAlerts.email, email)))
    .orderBy(jobAlerts.id);
  const resumeAlertRows = await db
    .select()
    .from(resumeAlerts)
    .where(eq(resumeAlerts.userId, userId))
    .orderBy(resumeAlerts.id);

  const resumeRows = await db.select().from(resumes).where(eq(resumes.userId, userId)).orderBy(resumes.id);
  const resumeIds = resumeRows.map((row) => row.id);
  const privateRows =
    resumeIds.length === 0
      ? []
      : await db.select().from(resumePrivate).where(inArray(resumePrivate.resumeId, resumeIds));
  const attachmentRows =
    resumeIds.length === 0
      ? []
      : await db
          .select()
          .from(resumeAttachments)
          .where(inArray(resumeAttachments.resumeId, resumeIds))
          .orderBy(resumeAttachments.id);
  const contactRequestRows =
    resumeIds.length === 0
      ? []
      : await db
          .select({ request: resumeContactRequests, organizationName: organizations.name })
          .from(resumeContactRequests)
          .innerJoin(organizations, eq(organizations.id, resumeContactRequests.organizationId))
          .where(inArray(resumeContactRequests.resumeId, resumeIds))
          .orderBy(resumeContactRequests.id);
  const requestsMade = await db
    .select({ request: resumeContactRequests, organizationName: organizations.name })
    .from(resumeContactRequests)
    .innerJoin(organizations, eq(organizations.id, resumeContactRequests.organizationId))
    .where(eq(resumeContactRequests.requestedBy, userId))
    .orderBy(resumeContactRequests.id);

  const messageRows = await db
    .select()
    .from(contactMessages)
    .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)))
    .orderBy(contactMessages.id);

  const memberships = await db
    .select({
      organizationId: organizations.id,
      name: organizations.name,
      isOwner: sql<boolean>`coalesce(${organizations.ownerUserId} = ${userId}, false)`,
      joinedAt: organizationMembers.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(organizations.id);
  const owned = await db
    .select({
      organizationId: organizations.id,
      name: organizations.name,
      salutation: organizations.salutation,
      firstName: organizations.firstName,
      lastName: organizations.lastName,
      phone: organizations.phone,
      position: organizations.position,
    })
    .from(organizations)
    .where(eq(organizations.ownerUserId, userId))
    .orderBy(organizations.id);
  const ordersPlaced = await db
    .select({
      number: orders.number,
      organizationId: orders.organizationId,
      status: orders.status,
      grossCents: orders.grossCents,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.placedByUserId, userId))
    .orderBy(orders.id);
  const events = await db
    .select({
      name: analyticsEvents.name,
      frontend: analyticsEvents.frontend,
      jobId: analyticsEvents.jobId,
      dimensions: analyticsEvents.dimensions,
      createdAt: analyticsEvents.createdAt,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(analyticsEvents.id);

  const files: DataExportFile[] = [];
  const applicationsOut = applicationRows.map(({ application, jobTitle }) => {
    const rest = without(application, 'idempotencyKey', 'mailClaimedAt', 'mailAttempts');
    const attached = applicationFileRows
      .filter((file) => file.applicationId === application.id)
      .map((file) => {
        const path = `files/applications/${application.id}/${file.id}-${zipSafeName(file.fileName)}`;
        files.push({ path, storageKey: file.storageKey, mimeType: file.mimeType, sizeBytes: file.sizeBytes });
        return {
          id: file.id,
          kind: file.kind,
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          createdAt: file.createdAt,
          path,
        };
      });
    return { ...rest, jobTitle, files: attached };
  });
  const resumesOut = resumeRows.map((resume) => {
    const rest = without(resume, 'searchVector', 'searchText');
    const attachments = attachmentRows
      .filter((file) => file.resumeId === resume.id)
      .map((file) => {
        const path = `files/resume/${file.id}-${zipSafeName(file.fileName)}`;
        files.push({ path, storageKey: file.storageKey, mimeType: file.mimeType, sizeBytes: file.sizeBytes });
        return {
          id: file.id,
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          createdAt: file.createdAt,
          path,
        };
      });
    const privateFields = privateRows.find((row) => row.resumeId === resume.id) ?? null;
    return { ...rest, privateFields, attachments };
  });
  const messagesOut = messageRows.map((message) => {
    const { attachments } = message;
    const rest = without(message, 'attachments', 'lastError', 'attempts', 'nextAttemptAt');
    return {
      ...rest,
      attachments: attachments.map((file, index) => {
        const path = `files/contact-messages/${message.id}/${index + 1}-${zipSafeName(file.fileName)}`;
        files.push({ path, storageKey: file.key, mimeType: file.mimeType, sizeBytes: file.size });
        return { fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.size, path };
      }),
    };
  });

  if (
    files.length > dataExportLimits.maxFiles ||
    files.reduce((sum, file) => sum + file.sizeBytes, 0) > dataExportLimits.maxFileBytes
  ) {
    throw new AppError('QUOTA_EXCEEDED', { key: 'dataRights.error.exportTooLarge', locale });
  }

  return {
    documents: [
      json('profile.json', {
        ...profile,
        hasPassword: user.passwordHash !== null,
        roles: roles.map((role) => ({ role: role.role, targetId: role.targetId })),
        socialAccounts,
        sessions,
        exportedAt: new Date(),
      }),
      json('consents.json', consents),
      json('applications.json', applicationsOut),
      json('bookmarks.json', bookmarkRows),
      json(
        'job-alerts.json',
        alertRows.map((alert) => without(alert, 'tokenKey')),
      ),
      json(
        'resume-alerts.json',
        resumeAlertRows.map((alert) => without(alert, 'tokenKey')),
      ),
      json('resume.json', resumesOut),
      json('contact-requests.json', {
        aboutMyResume: contactRequestRows.map(({ request, organizationName }) => ({ ...request, organizationName })),
        madeByMe: requestsMade.map(({ request, organizationName }) => ({ ...request, organizationName })),
      }),
      json('contact-messages.json', messagesOut),
      json('organizations.json', { memberships, owned, ordersPlaced }),
      json('analytics-events.json', events),
    ],
    files,
  };
}
