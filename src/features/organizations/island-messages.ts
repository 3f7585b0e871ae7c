import { getMessages } from '../../i18n/index.ts';
import type { Locale } from '../../../brands/types.ts';

/** Prefixes of the messages the profile editor shows (its labels, the section schemas' errors). */
const islandPrefixes = ['orgEdit.', 'job.error.', 'account.salutation.', 'richText.'];

/** The profile editor's messages in the visitor's language, handed over as a plain prop. */
export function profileEditorMessages(locale: Locale): Record<string, string> {
  const messages = getMessages(locale);
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) => islandPrefixes.some((prefix) => key.startsWith(prefix))),
  );
}
