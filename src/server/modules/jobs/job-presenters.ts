/** How job rows appear in the API; pure functions of a row. */
import type { Viewer } from '../../auth/viewer.ts';
import type { PathAlias } from '../../db/schema/content.ts';
import type { JobRow } from './job-columns.ts';

/** Null unless the job states a currency, a unit and at least one amount. */
export function salaryOf(job: JobRow) {
  if (!job.currencyCode || !job.salaryUnit || (job.salaryMin === null && job.salaryMax === null)) return null;
  return {
    min: job.salaryMin,
    max: job.salaryMax,
    currencyCode: job.currencyCode,
    unit: job.salaryUnit,
    minYearly: job.salaryMinYearly,
    maxYearly: job.salaryMaxYearly,
  };
}

/**
 * How to apply. The application e-mail addresses are left out for anonymous viewers, so the public API
 * cannot be scraped for recruiters' addresses; signed-in applicants see them.
 */
export function applicationOf(job: JobRow, viewer: Viewer) {
  return {
    workflow: job.applicationWorkflow,
    emails: viewer.userId === null ? [] : job.applicationEmails,
    link: job.applicationLink,
    requireCv: job.applicationRequireCv,
    requireCoverLetter: job.applicationRequireCoverLetter,
    requireQualifyingQuestions: job.applicationRequireQualifyingQuestions,
    qualifyingQuestions: job.applicationQualifyingQuestions,
  };
}

/**
 * The job's path alias in the request's language, or one valid for every language, else /job/<id>. An
 * alias of another language is not used: the route lookup would not resolve it in this language.
 */
export function jobPathOf(job: Pick<JobRow, 'id'>, aliases: PathAlias[], language: 'de' | 'en' | 'fr'): string {
  const alias =
    aliases.find((candidate) => candidate.language === language) ??
    aliases.find((candidate) => candidate.language === null);
  return alias?.path ?? `/job/${job.id}`;
}
