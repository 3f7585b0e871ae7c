import { getMessages } from '../../i18n/index.ts';
import type { Locale } from '../../../brands/types.ts';

/** The quick apply island's messages (its labels and the application schema's errors), as a plain prop. */
export function quickApplyMessages(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(getMessages(locale)).filter(([key]) => key.startsWith('apply.')));
}
