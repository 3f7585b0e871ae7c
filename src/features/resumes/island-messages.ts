import { getMessages } from '../../i18n/index.ts';
import type { Locale } from '../../../brands/types.ts';

/** The resume wizard's messages (its labels and the resume schemas' errors), as a plain prop. */
export function resumeMessages(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.entries(getMessages(locale)).filter(([key]) => key.startsWith('resume.') || key === 'account.optional'),
  );
}
