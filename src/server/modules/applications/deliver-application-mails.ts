import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { brands, type Brand, type Locale } from '../../../../brands/index.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import type { Database } from '../../db/index.ts';
import {
  applicationFiles,
  applications,
  type Application,
  type ApplicationFile,
} from '../../db/schema/applications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizationMembers, organizations, userRoles, users } from '../../db/schema/users.ts';
import { logUnexpected } from '../../log.ts';
import { sendMail, type MailMessage } from '../../mail/send-mail.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { readFile } from '../../storage/file-storage.ts';
import { signedFileUrl } from './file-links.ts';

/**
 * Files of an application are attached to the employer's mail up to this total; above it the mail carries
 * expiring signed download links instead (file-links.ts, 14 days), as most mail servers refuse messages
 * much over 10–25 MB and base64 makes attachments a third larger.
 */
export const maxAttachedBytes = 10 * 1024 * 1024;

/**
 * How long a sender's claim on an application's mails holds. A process that died after claiming leaves the
 * claim behind; the job runner's retry takes the mails over once it is this old.
 */
export const mailClaimLeaseMs = 10 * 60 * 1000;

/** After this many failed attempts an application's mails are given up (logged each time). */
export const maxMailAttempts = 5;

const localeOf = (brand: Brand, locale: string): Locale =>
  brand.locales.find((candidate) => candidate === locale) ?? brand.locales[0];

/** The addresses of the members of an organization who manage its jobs (owner and recruiters). */
async function organizationAddresses(db: Database, organizationId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'recruiter')))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        or(eq(organizations.ownerUserId, organizationMembers.userId), sql`${userRoles.role} is not null`),
      ),
    );
  return rows.map((row) => row.email);
}

function describeApplication(options: {
  application: Application;
  files: ApplicationFile[];
  fileLines: string[];
  t: ReturnType<typeof createTranslator>;
}): string {
  const { application, fileLines, t } = options;
  const lines = [
    `${t('apply.firstName')}: ${application.firstName}`,
    `${t('apply.lastName')}: ${application.lastName}`,
    `${t('apply.email')}: ${application.email}`,
    ...(application.phone ? [`${t('apply.phone')}: ${application.phone}`] : []),
  ];
  const answers = application.answers.flatMap((answer) => [`${answer.question}`, `> ${answer.answer}`, '']);
  return [
    ...lines,
    ...(answers.length > 0 ? ['', `${t('apply.questions')}:`, '', ...answers] : []),
    ...(fileLines.length > 0 ? ['', `${t('apply.files')}:`, ...fileLines] : []),
  ].join('\n');
}

/** The messages of one application: to the employer (or the organization) and the confirmation. */
async function messagesOf(db: Database, application: Application, authSecret: Uint8Array): Promise<MailMessage[]> {
  const [job] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      workflow: jobs.applicationWorkflow,
      emails: jobs.applicationEmails,
      organizationId: jobs.organizationId,
      organizationName: organizations.name,
    })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(eq(jobs.id, application.jobId));
  if (!job) return [];
  const brand = brands[application.frontend] ?? Object.values(brands)[0]!;
  const files = await db
    .select()
    .from(applicationFiles)
    .where(eq(applicationFiles.applicationId, application.id))
    .orderBy(asc(applicationFiles.id));

  // The employer reads the brand's first language; the applicant the one they applied in.
  const employerLocale = brand.locales[0];
  const te = createTranslator(employerLocale);
  const totalBytes = files.reduce((total, file) => total + file.sizeBytes, 0);
  const attach = job.workflow === 'email' && totalBytes <= maxAttachedBytes;
  const attachments: NonNullable<MailMessage['attachments']> = [];
  if (attach) {
    for (const file of files) {
      const content = await readFile({ key: file.storageKey });
      if (!content) throw new Error(`The stored file of application file ${file.id} is missing.`);
      attachments.push({ filename: file.fileName, content, contentType: file.mimeType });
    }
  }
  const kindLabel = (file: ApplicationFile) => te(file.kind === 'cv' ? 'apply.cv' : 'apply.coverLetter');
  const fileLines = files.map((file) =>
    attach
      ? `- ${kindLabel(file)}: ${file.fileName} (${te('apply.mail.attached')})`
      : `- ${kindLabel(file)}: ${file.fileName}\n  ${signedFileUrl(authSecret, file.id)}`,
  );
  const params = {
    brand: brand.name,
    title: job.title,
    organization: job.organizationName,
    name: `${application.firstName} ${application.lastName}`,
    date: formatDate(application.createdAt.toISOString(), employerLocale),
  };
  const details = describeApplication({ application, files, fileLines, t: te });
  const messages: MailMessage[] = [];
  const employerAddresses = job.emails.length > 0 ? job.emails : await organizationAddresses(db, job.organizationId);
  if (employerAddresses.length > 0) {
    const dashboard = brand.features.recruiterDashboardShowsApplications
      ? `\n\n${te('apply.mail.dashboard')}: ${absoluteUrl(localizePath('/dashboard', employerLocale, brand))}`
      : '';
    messages.push({
      to: employerAddresses,
      replyTo: application.email,
      subject: te('apply.mail.employer.subject', params),
      text: `${te('apply.mail.employer.text', params)}\n\n${details}${dashboard}\n\n${te('apply.mail.signature', params)}`,
      attachments: attach ? attachments : undefined,
    });
  }
  const applicantLocale = localeOf(brand, application.locale);
  const ta = createTranslator(applicantLocale);
  const applicantParams = { ...params, date: formatDate(application.createdAt.toISOString(), applicantLocale) };
  const jobUrl = absoluteUrl(localizePath(`/job/${job.id}`, applicantLocale, brand));
  messages.push({
    to: application.email,
    subject: ta('apply.mail.confirmation.subject', applicantParams),
    text: `${ta('apply.mail.confirmation.text', { ...applicantParams, link: jobUrl })}\n\n${ta('apply.mail.signature', applicantParams)}`,
  });
  return messages;
}

/**
 * Sends an application's mails once: claims them (mail_claimed_at, only when unclaimed or when the claim is
 * older than the lease), sends, and marks them sent. Whoever does not get the claim sends nothing, so two
 * requests, two workers or a retry never send them twice while a sender is alive. Never throws: a failure
 * is logged, the claim released and the job runner's retry (retryPendingApplicationMails) tries again.
 * Returns whether this call sent the mails.
 */
export async function deliverApplicationMails(options: {
  db: Database;
  applicationId: number;
  authSecret: Uint8Array;
  now?: Date;
}): Promise<boolean> {
  const { db, applicationId, authSecret } = options;
  const now = options.now ?? new Date();
  try {
    const staleBefore = new Date(now.getTime() - mailClaimLeaseMs);
    const [claimed] = await db
      .update(applications)
      .set({ mailClaimedAt: now, mailAttempts: sql`${applications.mailAttempts} + 1` })
      .where(
        and(
          eq(applications.id, applicationId),
          isNull(applications.mailsSentAt),
          lt(applications.mailAttempts, maxMailAttempts),
          or(isNull(applications.mailClaimedAt), lt(applications.mailClaimedAt, staleBefore)),
        ),
      )
      .returning();
    if (!claimed) return false;
    try {
      for (const message of await messagesOf(db, claimed, authSecret)) await sendMail(message);
    } catch (error) {
      await db.update(applications).set({ mailClaimedAt: null }).where(eq(applications.id, applicationId));
      throw error;
    }
    await db.update(applications).set({ mailsSentAt: new Date() }).where(eq(applications.id, applicationId));
    return true;
  } catch (error) {
    logUnexpected('applications', `the mails of application ${applicationId} could not be sent`, error);
    return false;
  }
}

/**
 * The job runner's retry: sends the mails of applications whose sending failed or whose sender died (no
 * mails_sent_at, unclaimed or with a stale claim), oldest first. A minute's grace keeps it off applications
 * whose request is still sending.
 */
export async function retryPendingApplicationMails(options: {
  db: Database;
  authSecret: Uint8Array;
  now?: Date;
  limit?: number;
}): Promise<number> {
  const { db, authSecret } = options;
  const now = options.now ?? new Date();
  const pending = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        isNull(applications.mailsSentAt),
        lt(applications.createdAt, new Date(now.getTime() - 60_000)),
        lt(applications.mailAttempts, maxMailAttempts),
        or(
          isNull(applications.mailClaimedAt),
          lt(applications.mailClaimedAt, new Date(now.getTime() - mailClaimLeaseMs)),
        ),
      ),
    )
    .orderBy(asc(applications.createdAt))
    .limit(options.limit ?? 50);
  let sent = 0;
  for (const { id } of pending) {
    if (await deliverApplicationMails({ db, applicationId: id, authSecret, now })) sent += 1;
  }
  return sent;
}
