import type { Locale } from '../../../../brands/types.ts';
import {
  jobDescriptionInputSchema,
  jobDescriptionMaxTokens,
  jobDescriptionTemperature,
  type JobDescriptionInput,
} from '../../../lib/job-description.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { AiDescriptionSettings } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { countRequest } from '../../limits/request-rate.ts';
import { log } from '../../log.ts';
import { parseInput } from '../../validation.ts';
import { jobDescriptionPrompt } from './job-description-prompt.ts';

/** Whether the viewer gets the "Generate description" button: the feature is configured and they may use it. */
export function jobDescriptionAvailable(viewer: Viewer, settings: AiDescriptionSettings | null): boolean {
  if (settings === null) return false;
  try {
    requireRole(viewer, 'recruiter');
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts an AI draft of a job description (SPEC section 9) for a recruiter or staff member: checks who asks,
 * that the feature is configured, the input and the viewer's hourly allowance, all before anything is sent
 * to the provider, and throws an AppError (UNAUTHENTICATED, FORBIDDEN, UNAVAILABLE, BAD_USER_INPUT,
 * RATE_LIMITED) when one fails. Then returns the draft as it streams in, piece by piece. The stream throws
 * TIMEOUT when the whole draft takes longer than the configured time and UNAVAILABLE when the provider
 * fails; stopping early (the visitor left) aborts the provider's request.
 */
export async function startJobDescriptionDraft(options: {
  db: Database;
  viewer: Viewer;
  locale: Locale;
  settings: AiDescriptionSettings | null;
  input: unknown;
}): Promise<AsyncGenerator<string, void, undefined>> {
  const { db, viewer, locale, settings } = options;
  try {
    requireRole(viewer, 'recruiter');
  } catch (error) {
    // The same refusal, worded in the visitor's language (requireRole words it in English).
    if (error instanceof AppError && error.messageKey)
      throw new AppError(error.code, { key: error.messageKey, locale });
    throw error;
  }
  if (settings === null) throw new AppError('UNAVAILABLE', { key: 'jobDescription.error.off', locale });
  const input = parseInput(jobDescriptionInputSchema, options.input);
  const refusal = await countRequest(db, [
    { key: `ai-description:user:${String(viewer.userId)}`, max: settings.draftsPerHour, windowSeconds: 60 * 60 },
  ]);
  if (refusal) {
    log('job-description').warn({ userId: viewer.userId, max: settings.draftsPerHour }, 'draft refused: rate limit');
    throw new AppError('RATE_LIMITED', {
      key: 'jobDescription.error.rateLimited',
      params: { minutes: Math.ceil(refusal.retryAfterSeconds / 60) },
      locale,
    });
  }
  return streamDraft(settings, input, locale);
}

class TimeLimitReached extends Error {}

async function* streamDraft(
  settings: AiDescriptionSettings,
  input: JobDescriptionInput,
  locale: Locale,
): AsyncGenerator<string, void, undefined> {
  // Loaded on the first draft: most servers never make one, and the client library costs memory in each.
  const { default: OpenAI, APIConnectionTimeoutError } = await import('openai');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  // A retry would start the draft over inside the same time limit; the recruiter can click again instead.
  const client = new OpenAI({
    baseURL: settings.baseURL,
    apiKey: settings.apiKey === '' ? 'none' : settings.apiKey,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
  try {
    const stream = await client.chat.completions.create(
      {
        model: settings.model,
        messages: jobDescriptionPrompt(input),
        temperature: jobDescriptionTemperature,
        max_tokens: jobDescriptionMaxTokens,
        stream: true,
      },
      { signal: controller.signal },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta.content;
      if (text) yield text;
    }
    // The client library ends a stream it was told to abort quietly, as if the draft were complete.
    if (timedOut) throw new TimeLimitReached();
  } catch (error) {
    if (timedOut || error instanceof TimeLimitReached || error instanceof APIConnectionTimeoutError) {
      log('job-description').warn({ timeoutMs: settings.timeoutMs }, 'draft stopped: time limit');
      throw new AppError('TIMEOUT', { key: 'jobDescription.error.timeout', locale });
    }
    log('job-description').warn(
      { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
      'draft failed at the provider',
    );
    throw new AppError('UNAVAILABLE', { key: 'jobDescription.error.failed', locale });
  } finally {
    clearTimeout(timer);
    // Also when the caller stopped reading: the provider stops writing (and billing).
    controller.abort();
  }
}
