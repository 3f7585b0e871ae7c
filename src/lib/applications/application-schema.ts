/**
 * The ONE job application schema (SPEC sections 2, 3 and 5), shared by the quick apply island and the
 * application services (parseInput). Written with zod/mini: the island ships it, and classic zod alone
 * would take the island's whole JavaScript budget (issue 14: ≤ 60 KB gzip beyond React).
 *
 * What is asked depends on the job: its qualifying questions (an answer is required where the question
 * says so), a CV and a cover letter where the job requires them. `applicationSchemaFor(job)` builds the
 * schema of one job. Error messages are message keys (src/i18n); field names are the island's field names
 * (`answers.0` for the first question's answer).
 */
import * as z from 'zod/mini';

/** Limits of the form, shared with the inputs' maxlength attributes. */
export const applicationLimits = {
  name: 100,
  email: 254,
  phone: 40,
  answer: 2000,
  answers: 20,
  /** SPEC section 5: an attachment is at most 50 MB (50 MiB). */
  fileBytes: 50 * 1024 * 1024,
} as const;

/** SPEC section 5: the file types an application may carry (checked by their first bytes on the server). */
export const applicationFileExtensions = ['pdf', 'jpg', 'jpeg', 'png', 'webp'] as const;

/** The `accept` attribute of the file inputs. */
export const applicationFileAccept = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

export const applicationFileKindValues = ['cv', 'cover_letter'] as const;
export type ApplicationFileKindValue = (typeof applicationFileKindValues)[number];

/** What of a job the form depends on (its application options). */
export interface ApplicationRequirements {
  requireCv: boolean;
  requireCoverLetter: boolean;
  requireQualifyingQuestions: boolean;
  qualifyingQuestions: readonly { question: string; required: boolean }[];
}

/** The questions a job asks: only when it says it asks them. */
export function questionsOf(job: ApplicationRequirements): readonly { question: string; required: boolean }[] {
  return job.requireQualifyingQuestions ? job.qualifyingQuestions : [];
}

const required = 'apply.error.required';
const tooLong = 'apply.error.tooLong';

const trimmed = (max: number, message: string = required) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: tooLong }));

/** An upload token (upload-application-file.ts): 32 hex characters; '' or null when there is no file. */
const fileToken = z.pipe(
  z.transform((value: unknown) => (value === '' || value === undefined ? null : value)),
  z.nullable(
    z.string({ error: 'apply.error.fileMissing' }).check(z.regex(/^[0-9a-f]{32}$/, 'apply.error.fileMissing')),
  ),
);

const phonePattern = /^\+?[0-9 ()/.-]{5,40}$/;

/** The fields every application has; the job's own rules come on top (applicationSchemaFor). */
export const applicationFieldsSchema = z.object({
  firstName: trimmed(applicationLimits.name),
  lastName: trimmed(applicationLimits.name),
  email: z.pipe(
    z
      .string({ error: 'apply.error.email' })
      .check(z.trim(), z.toLowerCase(), z.maxLength(applicationLimits.email, { error: 'apply.error.email' })),
    z.email({ error: 'apply.error.email' }),
  ),
  phone: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : (value ?? null))),
    z.nullable(
      z.string({ error: 'apply.error.phone' }).check(z.trim(), z.regex(phonePattern, { error: 'apply.error.phone' })),
    ),
  ),
  answers: z._default(
    z
      .array(z.string({ error: required }).check(z.trim(), z.maxLength(applicationLimits.answer, { error: tooLong })))
      .check(z.maxLength(applicationLimits.answers, { error: tooLong })),
    [],
  ),
  cvFile: fileToken,
  coverLetterFile: fileToken,
});

export type ApplicationFields = z.output<typeof applicationFieldsSchema>;
export type ApplicationFieldsInput = z.input<typeof applicationFieldsSchema>;

/** The schema of one job's application: its questions' required answers and its required files. */
export function applicationSchemaFor(job: ApplicationRequirements) {
  const questions = questionsOf(job);
  return applicationFieldsSchema.check(
    z.superRefine((value, context) => {
      questions.forEach((question, index) => {
        if (question.required && !value.answers[index]) {
          context.addIssue({ code: 'custom', path: ['answers', index], message: 'apply.error.answerRequired' });
        }
      });
      if (value.answers.length > questions.length) {
        context.addIssue({ code: 'custom', path: ['answers'], message: 'apply.error.tooManyAnswers' });
      }
      if (job.requireCv && !value.cvFile) {
        context.addIssue({ code: 'custom', path: ['cvFile'], message: 'apply.error.cvRequired' });
      }
      if (job.requireCoverLetter && !value.coverLetterFile) {
        context.addIssue({ code: 'custom', path: ['coverLetterFile'], message: 'apply.error.coverLetterRequired' });
      }
    }),
  );
}

/** The browser's key of one application attempt (a UUID or similar): 16 to 100 letters, digits and dashes. */
export const idempotencyKeySchema = z
  .string({ error: 'apply.error.retry' })
  .check(z.regex(/^[A-Za-z0-9-]{16,100}$/, { error: 'apply.error.retry' }));

/**
 * A file chosen in the browser, checked before it is uploaded (the server checks again, by content): the
 * message key of the problem, or null.
 */
export function fileProblemOf(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot <= 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(applicationFileExtensions as readonly string[]).includes(extension)) return 'apply.error.fileType';
  if (file.size === 0) return 'apply.error.fileEmpty';
  if (file.size > applicationLimits.fileBytes) return 'apply.error.fileTooLarge';
  return null;
}
