/**
 * "Ready for Google for Jobs": what the job form shows before publishing. Required fields are the publish
 * schema's business (job-schema.ts); this lists the RECOMMENDED fields that are missing, which Google
 * rewards but which do not stop a job from going live: a salary, and a street address and postcode for
 * every place of work. Pure: the island and the server use it alike.
 */
import type { JobFieldsInput } from './job-schema.ts';

export const recommendedJobFields = ['salary', 'streetAddress', 'postalCode'] as const;
export type RecommendedJobField = (typeof recommendedJobFields)[number];

/** Message key per missing recommended field (src/i18n). */
export const recommendedFieldMessageKeys = {
  salary: 'job.readiness.salary',
  streetAddress: 'job.readiness.streetAddress',
  postalCode: 'job.readiness.postalCode',
} as const satisfies Record<RecommendedJobField, string>;

type ReadinessInput = Pick<JobFieldsInput, 'salaryMin' | 'salaryMax' | 'locations'>;

const filled = (value: unknown) =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

const filledNumber = (value: unknown) => typeof value === 'number' && !Number.isNaN(value);

/** The recommended fields the job still lacks, in the order the form lists them; [] when it is ready. */
export function missingRecommendedJobFields(job: ReadinessInput): RecommendedJobField[] {
  const missing: RecommendedJobField[] = [];
  if (!filledNumber(job.salaryMin) && !filledNumber(job.salaryMax)) missing.push('salary');
  const locations = job.locations ?? [];
  if (locations.length === 0 || locations.some((location) => !filled(location.addressLine1))) {
    missing.push('streetAddress');
  }
  if (locations.length === 0 || locations.some((location) => !filled(location.postalCode))) {
    missing.push('postalCode');
  }
  return missing;
}
