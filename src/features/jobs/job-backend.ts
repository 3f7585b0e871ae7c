/**
 * The job form's writes from the browser: POST /graphql with the session's backend token (SPEC section 3:
 * the session carries it). Loaded with a dynamic import on the first save, so the GraphQL client is not part
 * of the form page's first JavaScript.
 */
import {
  BackendGraphQLError,
  FRONTEND_HEADER,
  createBackendClient,
  formatFrontendHeader,
  type FrontendInfo,
  type OperationData,
  type TypedOperation,
} from '../../lib/backend-client/index.ts';
import { uploadJobFile } from './operations.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import type { JobFields } from '../../lib/jobs/job-schema.ts';
import { approveJob, createJob, rejectJob, updateJob } from '../../lib/operations/job-posting.ts';
import { refreshSession } from '../../stores/session.ts';

export interface SavedJob {
  id: number;
  workflowState: string;
}

export type JobWriteResult =
  | { kind: 'saved'; job: SavedJob }
  /** Refused input: messages per form field, in the visitor's language. */
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  /** Nothing left to pay for publishing with (the draft is saved). */
  | { kind: 'payment'; message: string }
  | { kind: 'signedOut' }
  | { kind: 'failed'; message: string | null };

/** The browser's backend client with the session's token; null when signed out. Shared by the staff's blog form. */
export async function islandBackendClient(frontend: FrontendInfo) {
  const session = await refreshSession();
  const token = session.data?.jwt;
  if (!token) return null;
  // graphql-request needs an absolute endpoint.
  const endpoint = new URL('/graphql', window.location.origin).href;
  return createBackendClient({ transport: { kind: 'http', endpoint }, frontend, token });
}

/** Publishing refused for want of a job slot or credit: the allowance is used up. */
function isPaymentRefusal(extensions: Readonly<Record<string, unknown>> | undefined): boolean {
  return extensions?.code === 'QUOTA_EXCEEDED' || extensions?.messageKey === 'job.error.noCredits';
}

/** What a refused or failed write means for the form (field errors, signed out, …). */
export function resultOfError(error: unknown): JobWriteResult {
  if (error instanceof BackendGraphQLError) {
    const [first] = error.errors;
    const code = first?.extensions?.code;
    if (code === 'UNAUTHENTICATED') return { kind: 'signedOut' };
    if (isPaymentRefusal(first?.extensions)) return { kind: 'payment', message: first?.message ?? '' };
    const fieldErrors = first?.extensions?.fieldErrors;
    if (code === 'BAD_USER_INPUT' && fieldErrors && typeof fieldErrors === 'object') {
      return { kind: 'invalid', fieldErrors };
    }
    return { kind: 'failed', message: first?.message ?? null };
  }
  console.error('Saving the job failed', error);
  return { kind: 'failed', message: null };
}

async function attempt(
  frontend: FrontendInfo,
  write: (backend: NonNullable<Awaited<ReturnType<typeof islandBackendClient>>>) => Promise<SavedJob>,
): Promise<JobWriteResult> {
  try {
    const backend = await islandBackendClient(frontend);
    if (!backend) return { kind: 'signedOut' };
    return { kind: 'saved', job: await write(backend) };
  } catch (error) {
    return resultOfError(error);
  }
}

export function saveJob(
  frontend: FrontendInfo,
  options: { id: number | null; input: JobFields; publish: boolean },
): Promise<JobWriteResult> {
  const { id, input, publish } = options;
  return attempt(frontend, async (backend) =>
    id === null
      ? (await backend.request(createJob, { input, publish })).createJob
      : (await backend.request(updateJob, { id, input, publish })).updateJob,
  );
}

export function moderateJob(
  frontend: FrontendInfo,
  options: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string },
): Promise<JobWriteResult> {
  return attempt(frontend, async (backend) =>
    options.decision === 'approve'
      ? (await backend.request(approveJob, { id: options.id })).approveJob
      : (await backend.request(rejectJob, { id: options.id, reason: options.reason })).rejectJob,
  );
}

export type JobFileResult =
  | { kind: 'uploaded'; upload: OperationData<typeof uploadJobFile>['uploadJobFile'] }
  | Exclude<JobWriteResult, { kind: 'saved' }>;

/**
 * Uploads the PDF of a job_per_file ad as a GraphQL multipart request (SPEC section 7: operations, map and
 * the file). The server checks type (magic bytes) and size and answers a token for the job's `file` field.
 */
export async function sendJobFile(
  frontend: FrontendInfo,
  options: { organizationId: number; file: File },
): Promise<JobFileResult> {
  const result = await sendFile(frontend, uploadJobFile, { organizationId: options.organizationId }, options.file);
  return result.kind === 'uploaded' ? { kind: 'uploaded', upload: result.data.uploadJobFile } : result;
}

/**
 * Sends an operation with a file variable `file` as a GraphQL multipart request (SPEC section 7:
 * operations, map and the file), with the session's token. Shared by the job file and the blog images.
 */
export async function sendFile<TData, TVariables extends Record<string, unknown>>(
  frontend: FrontendInfo,
  operation: TypedOperation<TData, TVariables>,
  variables: Omit<TVariables, 'file'>,
  file: File,
): Promise<{ kind: 'uploaded'; data: TData } | Exclude<JobWriteResult, { kind: 'saved' }>> {
  const session = await refreshSession();
  const token = session.data?.jwt;
  if (!token) return { kind: 'signedOut' };
  const body = new FormData();
  const { operationName, query } = operation;
  body.set('operations', JSON.stringify({ operationName, query, variables: { ...variables, file: null } }));
  body.set('map', JSON.stringify({ '0': ['variables.file'] }));
  body.set('0', file, file.name);
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${token}`, [FRONTEND_HEADER]: formatFrontendHeader(frontend) },
    });
    const result = (await response.json().catch(() => null)) as {
      data?: TData | null;
      errors?: BackendGraphQLError['errors'];
    } | null;
    if (result?.data) return { kind: 'uploaded', data: result.data };
    if (result?.errors?.length) {
      const refusal = resultOfError(new BackendGraphQLError({ operationName, errors: result.errors, data: null }));
      return refusal.kind === 'saved' ? { kind: 'failed', message: null } : refusal;
    }
    return { kind: 'failed', message: null };
  } catch (error) {
    console.error('Uploading the file failed', error);
    return { kind: 'failed', message: null };
  }
}
