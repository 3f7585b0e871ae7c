import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { appConfig } from '../../db/schema/content.ts';
import { parseInput } from '../../validation.ts';

const inputSchema = z.object({
  name: z.string().trim().min(1).max(100).nullish(),
  key: z.string().trim().min(1).max(100).nullish(),
});

/** Application config entries (SPEC section 3), optionally narrowed by name and key; [] when none. */
export async function getAppConfig(options: { db: Database; input: unknown }) {
  const { name, key } = parseInput(inputSchema, options.input);
  // The 'system' entries (e.g. the demo data marker) are internal, never part of the public config.
  const conditions: SQL[] = [ne(appConfig.name, 'system')];
  if (name) conditions.push(eq(appConfig.name, name));
  if (key) conditions.push(eq(appConfig.key, key));
  return options.db
    .select({ name: appConfig.name, key: appConfig.key, value: appConfig.value })
    .from(appConfig)
    .where(and(...conditions))
    .orderBy(asc(appConfig.name), asc(appConfig.key));
}
