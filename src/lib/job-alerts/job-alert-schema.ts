/**
 * The job alert form (issue 14), shared by the sign-up dialog of the search results, the dashboard and the
 * server: the address (anonymous sign-ups only; signed-in visitors get their account's), how often (SPEC 9:
 * daily, weekly, monthly; none pauses) and the search as shown. Messages are keys of src/i18n. The search
 * itself is checked by the job search's own schema on the server (src/server/search/job-search-request.ts).
 */
import { z } from 'zod';
import { emailField } from '../account/schemas.ts';

/** SPEC 9, as brands/constants.ts has them (alertIntervalsSeconds). */
export const jobAlertFrequencies = ['daily', 'weekly', 'monthly', 'none'] as const;
export type JobAlertFrequency = (typeof jobAlertFrequencies)[number];

export const maxAlertLabelLength = 200;
export const maxAlertPathLength = 2000;

const frequencyField = z.enum(jobAlertFrequencies, { error: 'jobAlert.error.frequency' });

export const createJobAlertSchema = z.object({
  // Signed in, the account's address is used and this is ignored; anonymous sign-ups need it
  // (`anonymousJobAlertSchema`).
  email: z.string().nullish(),
  // A new alert is never paused.
  frequency: frequencyField.refine((value) => value !== 'none', { error: 'jobAlert.error.frequency' }),
  label: z
    .string({ error: 'jobAlert.error.search' })
    .trim()
    .min(1, { error: 'jobAlert.error.search' })
    .max(maxAlertLabelLength, { error: 'jobAlert.error.search' }),
  // The public path of the search ("/jobs?search=…"): on this site only, never another origin.
  searchPath: z
    .string({ error: 'jobAlert.error.search' })
    .max(maxAlertPathLength, { error: 'jobAlert.error.search' })
    .regex(/^\/(?![/\\])[^\s]*$/, { error: 'jobAlert.error.search' }),
});
export type CreateJobAlertInput = z.infer<typeof createJobAlertSchema>;

/** An anonymous sign-up: the address to confirm and mail to. */
export const anonymousJobAlertSchema = createJobAlertSchema.extend({ email: emailField });

export const updateJobAlertSchema = z.object({ frequency: frequencyField });

/** The frequency's interval in seconds (SPEC 9), given the brand's table (brands/constants.ts). */
export function intervalOf(frequency: JobAlertFrequency, intervals: Record<JobAlertFrequency, number>): number {
  return intervals[frequency];
}

/** The frequency of an interval in seconds; unknown intervals read as paused. */
export function frequencyOf(seconds: number, intervals: Record<JobAlertFrequency, number>): JobAlertFrequency {
  return jobAlertFrequencies.find((frequency) => intervals[frequency] === seconds) ?? 'none';
}

/** The browser's memory of when it last offered the alert dialog by itself (SPEC 9: every 10 days at most). */
export const alertModalStorageKey = 'job-alert-modal-shown-at';

export function isAlertModalDue(lastShownAt: number | null, now: number, frequencyDays: number): boolean {
  return lastShownAt === null || !Number.isFinite(lastShownAt) || now - lastShownAt >= frequencyDays * 86_400_000;
}
