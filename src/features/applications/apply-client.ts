/**
 * The quick apply island's requests: POST /graphql with plain fetch (no GraphQL client library: the island
 * must stay within 60 KB gzip beyond React), the session's backend token when signed in, the frontend
 * header, and the GraphQL multipart request for files (SPEC section 7: operations, map and the file).
 */
import { FRONTEND_HEADER, formatFrontendHeader, type FrontendInfo } from '../../lib/backend-client/client.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import { refreshSession } from '../../stores/session.ts';
import { startJobApplication, submitApplication, uploadApplicationFile } from './operations.ts';

export type Refusal =
  /** `message`: the whole refusal in the visitor's language (field errors may be message keys). */
  | { kind: 'invalid'; fieldErrors: FieldErrors; code: string; message: string }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'failed' };

export type Result<T> = { kind: 'ok'; data: T } | Refusal;

interface GraphQLBody<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; fieldErrors?: FieldErrors } }[];
}

async function headers(frontend: FrontendInfo): Promise<Record<string, string>> {
  const session = await refreshSession();
  const token = session.data?.jwt;
  return {
    [FRONTEND_HEADER]: formatFrontendHeader(frontend),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

export async function send<T>(frontend: FrontendInfo, body: BodyInit, json: boolean): Promise<Result<T>> {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { ...(await headers(frontend)), ...(json ? { 'content-type': 'application/json' } : {}) },
    });
    const result = (await response.json().catch(() => null)) as GraphQLBody<T> | null;
    const [error] = result?.errors ?? [];
    if (error) {
      const code = error.extensions?.code ?? 'INTERNAL';
      const fieldErrors = error.extensions?.fieldErrors;
      if (fieldErrors && typeof fieldErrors === 'object') {
        return { kind: 'invalid', fieldErrors, code, message: error.message };
      }
      return { kind: 'refused', code, message: error.message };
    }
    if (result?.data) return { kind: 'ok', data: result.data };
    return { kind: 'failed' };
  } catch (error) {
    console.error('The application request failed', error);
    return { kind: 'failed' };
  }
}

export const operation = (definition: { operationName: string; query: string }, variables: Record<string, unknown>) =>
  JSON.stringify({ operationName: definition.operationName, query: definition.query, variables });

export function recordStart(frontend: FrontendInfo, jobId: number) {
  return send<{ startJobApplication: boolean }>(frontend, operation(startJobApplication, { jobId }), true);
}

export function sendApplication(frontend: FrontendInfo, input: Record<string, unknown>) {
  return send<{ submitApplication: { id: number; createdAt: string; created: boolean } }>(
    frontend,
    operation(submitApplication, { input }),
    true,
  );
}

export function uploadFile(frontend: FrontendInfo, options: { jobId: number; kind: string; file: File }) {
  const body = new FormData();
  body.set('operations', operation(uploadApplicationFile, { jobId: options.jobId, kind: options.kind, file: null }));
  body.set('map', JSON.stringify({ '0': ['variables.file'] }));
  body.set('0', options.file, options.file.name);
  return send<{ uploadApplicationFile: { file: string; fileName: string; size: number } }>(frontend, body, false);
}
