import { getMessages, type MessageKey } from '../../i18n/index.ts';
import type { Locale } from '../../../brands/types.ts';

/** Prefixes of the messages the job form island shows (its labels, the schema's errors, the editor's controls). */
const islandPrefixes = [
  'jobForm.',
  'jobState.',
  'richText.',
  'job.error.',
  'job.readiness.',
  'language.',
  'jobDescription.',
];
const islandKeys: readonly MessageKey[] = ['search.noMatch', 'search.suggestions'];

/** The island's messages in the visitor's language, handed over as a plain prop. */
export function jobFormMessages(locale: Locale): Record<string, string> {
  const messages = getMessages(locale);
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([key]) => islandPrefixes.some((prefix) => key.startsWith(prefix)) || islandKeys.includes(key as MessageKey),
    ),
  );
}
