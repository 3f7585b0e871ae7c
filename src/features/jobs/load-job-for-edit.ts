import type { BackendClient } from '../../lib/backend-client/index.ts';
import {
  jobForEdit,
  jobFormOptions,
  type JobForEdit,
  type JobFormOptionsResult,
} from '../../lib/operations/job-posting.ts';
import { BackendGraphQLError, isBackendError } from '../../lib/backend-client/index.ts';
import type { UserKind } from '../../lib/roles.ts';

export type JobForEditPage =
  | {
      kind: 'found';
      job: JobForEdit & { formValues: NonNullable<JobForEdit['formValues']> };
      options: JobFormOptionsResult;
    }
  | { kind: 'notFound' };

/** `/job-manager/edit/12` → 12; anything else is no job. */
export function jobIdParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * A job and the form's choices for editing or reviewing it. A job the viewer may not edit (another
 * organization's, or none at all) is "not found" alike, so its existence is not revealed.
 */
export async function loadJobForEdit(backend: BackendClient, id: number | null): Promise<JobForEditPage> {
  if (id === null) return { kind: 'notFound' };
  try {
    const [{ job }, { jobFormOptions: options }] = await Promise.all([
      backend.request(jobForEdit, { id }),
      backend.request(jobFormOptions, {}),
    ]);
    if (!job || !job.canEdit || !job.formValues) return { kind: 'notFound' };
    // Staff edit other organizations' jobs: the job's own organization stays the one chosen.
    const organizations =
      job.organization && !options.organizations.some((organization) => organization.id === job.organization?.id)
        ? [job.organization, ...options.organizations]
        : options.organizations;
    return { kind: 'found', job: { ...job, formValues: job.formValues }, options: { ...options, organizations } };
  } catch (error) {
    if (isBackendError(error) && error.code === 'GRAPHQL') {
      const codes = error.errorCodes;
      if (codes.includes('NOT_FOUND') || codes.includes('FORBIDDEN')) return { kind: 'notFound' };
    }
    throw error;
  }
}

export type JobEditPageData = JobForEditPage | { kind: 'forbidden' };

/** The HTTP status of an edit or review page. */
export function statusOfEditPage(page: JobEditPageData): number {
  return page.kind === 'found' ? 200 : page.kind === 'notFound' ? 404 : 403;
}

/**
 * The job of an edit or review page: editing is for recruiters and staff, reviewing for staff only; the
 * backend decides which jobs they may edit.
 */
export async function loadJobEditPage(
  backend: BackendClient,
  options: { mode: 'edit' | 'review'; viewerKind: UserKind; id: string | undefined },
): Promise<JobEditPageData> {
  const isAllowed = options.mode === 'review' ? options.viewerKind === 'ADMIN' : options.viewerKind !== 'APPLICANT';
  return isAllowed ? loadJobForEdit(backend, jobIdParam(options.id)) : { kind: 'forbidden' };
}

/** Codes under which the backend refuses a job action for a reason the recruiter can act on. */
const refusalCodes = new Set([
  'BAD_USER_INPUT',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'QUOTA_EXCEEDED',
  'UNAUTHENTICATED',
]);

/**
 * Why the backend refused a job action (its message is in the request's language); whether buying job
 * slots or credits would help. Anything else is no refusal and is thrown again (a 500).
 */
export function actionRefusalOf(error: unknown): { message: string; needsCredits: boolean } {
  const entry =
    error instanceof BackendGraphQLError
      ? error.errors.find((candidate) => refusalCodes.has(String(candidate.extensions?.code)))
      : undefined;
  if (!entry) throw error;
  return {
    message: entry.message,
    needsCredits: entry.extensions?.code === 'QUOTA_EXCEEDED' || entry.extensions?.messageKey === 'job.error.noCredits',
  };
}
