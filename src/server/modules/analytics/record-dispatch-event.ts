import { z } from 'zod';
import { dispatchEvents } from '../../../lib/analytics/dispatch.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { parseInput } from '../../validation.ts';

const inputSchema = z.object({
  event: z.enum(dispatchEvents, { error: `event must be one of ${dispatchEvents.join(', ')}` }),
  path: z
    .string({ error: 'path must be a path such as /dashboard' })
    .max(2000, { error: 'path must be at most 2000 characters' })
    .regex(/^\//, { error: 'path must be a path such as /dashboard' }),
});

/**
 * Stores the `dispatch` event of a page request (SPEC section 2: login, sign_up) with the page's path, for
 * the signed-in viewer (none for anonymous visitors).
 */
export async function recordDispatchEvent(options: { db: Database; viewer: Viewer; input: unknown }): Promise<void> {
  const { event, path } = parseInput(inputSchema, options.input);
  await options.db.insert(analyticsEvents).values({ name: event, userId: options.viewer.userId, dimensions: { path } });
}
