import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import {
  applicationSchemaFor,
  idempotencyKeySchema,
  questionsOf,
} from '../../../lib/applications/application-schema.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import { formatDate } from '../../../lib/format.ts';
import { createTranslator } from '../../../i18n/index.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { applicationFiles, applications, type Application } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { parseInput } from '../../validation.ts';
import { recordEvent } from '../analytics/record-event.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { applyBlockerOf, requireMayApply, requireOpenJob, requirementsOf } from './application-access.ts';
import { deliverApplicationMails } from './deliver-application-mails.ts';
import { fieldOfKind } from './upload-application-file.ts';

const envelopeSchema = z.looseObject({
  jobId: z.number().int().min(1).max(maxEntityId),
  idempotencyKey: z.unknown(),
});

/**
 * New applications one client address may send per hour: plenty for a person (or an office behind one
 * address), few enough that nobody floods employers' mailboxes through the site. Repeats of a key are free.
 */
export const applicationsPerAddressAndHour = 30;

/** The answer: the application, and whether this request made it (false: a repeat of the same key). */
export interface SubmittedApplication {
  application: Application;
  created: boolean;
}

function alreadyApplied(createdAt: Date, locale: Locale): AppError {
  const message = {
    key: 'apply.error.alreadyApplied',
    params: { date: formatDate(createdAt.toISOString(), locale) },
    locale,
  } as const;
  return new AppError('CONFLICT', message, {
    fieldErrors: { email: createTranslator(locale)(message.key, message.params) },
    appliedAt: createdAt.toISOString(),
  });
}

/**
 * submitApplication: sends an application for an open job of the brand (on_site or email workflow). The
 * input is checked against the job's own schema (applicationSchemaFor: its required answers and files) and
 * refused field by field in the visitor's language before anything is written. The application, its files
 * (uploaded before, by token) and the job_apply_complete event are written in ONE transaction; the mails go
 * out after the commit (deliver-application-mails.ts).
 *
 * Exactly once: the browser's idempotency key is unique in the database, so a double click, a retry after a
 * time-out or a reload of the review step gets the application of the first request back (created: false)
 * and no second mail. Concurrent requests with the same key wait on the unique index for the first to commit.
 * A second application of the same address (or account) for the same job is refused with the date of the
 * first ("already applied on …"), also when it races the first (a unique index on job and address).
 */
export async function submitApplication(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
  authSecret: Uint8Array;
  /** The sender's address: new applications per address and hour are limited (each one mails an employer). */
  clientAddress?: string | null;
  /** Waits for the mails (tests); by default they go out after the answer. */
  awaitMails?: boolean;
}): Promise<SubmittedApplication> {
  const { db, viewer, brand, locale } = options;
  const { jobId, idempotencyKey: rawKey, ...fields } = parseInput(envelopeSchema, options.input, { locale });
  const idempotencyKey = parseInput(
    z.object({ idempotencyKey: idempotencyKeySchema }),
    { idempotencyKey: rawKey },
    {
      locale,
    },
  ).idempotencyKey;

  // A repeat of a request that went through answers as it did, even once the job has closed since.
  const [repeat] = await db.select().from(applications).where(eq(applications.idempotencyKey, idempotencyKey));
  if (repeat) {
    if (repeat.jobId !== jobId || repeat.frontend !== brand.id) {
      throw fieldRefusal('form', 'apply.error.retry', locale, 'CONFLICT');
    }
    return { application: repeat, created: false };
  }

  const job = await requireOpenJob({ db, jobId, brand, locale });
  requireMayApply(await applyBlockerOf({ db, viewer, brand }), locale);
  const values = parseInput(applicationSchemaFor(requirementsOf(job)), fields, { locale });
  const questions = questionsOf(requirementsOf(job));
  if (options.clientAddress) {
    const refusal = await countRequest(db, [
      {
        key: `apply:ip:${clientKeyOf(options.clientAddress)}`,
        max: applicationsPerAddressAndHour,
        windowSeconds: 3600,
      },
    ]);
    if (refusal) throw new AppError('RATE_LIMITED', { key: 'apply.error.rateLimited', locale });
  }
  const tokens = [values.cvFile, values.coverLetterFile].filter((token): token is string => token !== null);

  const outcome = await db.transaction(async (tx): Promise<SubmittedApplication> => {
    // The insert comes first: a concurrent request with the same key or address waits here on the unique
    // index until the first commits, then finds its row, before anything else is looked at.
    const [inserted] = await tx
      .insert(applications)
      .values({
        jobId: job.id,
        frontend: brand.id as Application['frontend'],
        userId: viewer.userId,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        answers: questions
          .map((question, index) => ({ question: question.question, answer: values.answers[index] ?? '' }))
          .filter((answer) => answer.answer !== ''),
        locale,
        idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // Another request won: the same key (a repeat) or the same address (a second application).
      const [winner] = await tx.select().from(applications).where(eq(applications.idempotencyKey, idempotencyKey));
      if (winner) return { application: winner, created: false };
      const [other] = await tx
        .select({ createdAt: applications.createdAt })
        .from(applications)
        .where(and(eq(applications.jobId, job.id), eq(applications.email, values.email)));
      throw alreadyApplied(other?.createdAt ?? new Date(), locale);
    }
    if (viewer.userId !== null) {
      // A signed-in applicant also counts by account and by the account's address.
      const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId));
      const [earlier] = await tx
        .select({ createdAt: applications.createdAt })
        .from(applications)
        .where(
          and(
            eq(applications.jobId, job.id),
            ne(applications.id, inserted.id),
            or(eq(applications.userId, viewer.userId), eq(applications.email, (account?.email ?? '').toLowerCase())),
          ),
        )
        .limit(1);
      if (earlier) throw alreadyApplied(earlier.createdAt, locale);
    }

    const files =
      tokens.length === 0
        ? []
        : await tx
            .select()
            .from(applicationFiles)
            .where(and(inArray(applicationFiles.uploadToken, tokens), isNull(applicationFiles.applicationId)))
            .for('update');
    for (const [kind, token] of [
      ['cv', values.cvFile],
      ['cover_letter', values.coverLetterFile],
    ] as const) {
      if (token === null) continue;
      const file = files.find((candidate) => candidate.uploadToken === token);
      // Another job's file, another kind's, one of someone else's account or one already sent: as if it did
      // not exist. The refusal rolls the application back.
      if (
        !file ||
        file.jobId !== job.id ||
        file.kind !== kind ||
        (file.uploadedBy !== null && file.uploadedBy !== viewer.userId)
      ) {
        throw fieldRefusal(fieldOfKind[kind], 'apply.error.fileMissing', locale);
      }
    }
    if (files.length > 0) {
      await tx
        .update(applicationFiles)
        .set({ applicationId: inserted.id })
        .where(
          inArray(
            applicationFiles.id,
            files.map((file) => file.id),
          ),
        );
    }
    await recordEvent(tx, {
      name: 'job_apply_complete',
      frontend: brand.id as Application['frontend'],
      userId: viewer.userId,
      jobId: job.id,
      dimensions: { workflow: job.applicationWorkflow, files: String(files.length) },
    });
    return { application: inserted, created: true };
  });

  if (outcome.created) {
    const delivery = deliverApplicationMails({
      db,
      applicationId: outcome.application.id,
      authSecret: options.authSecret,
    });
    if (options.awaitMails) await delivery;
    else void delivery;
  }
  return outcome;
}
