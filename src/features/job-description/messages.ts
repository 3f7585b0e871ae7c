import type { MessageKey, Translate } from '../../i18n/index.ts';

/** The texts the "Generate description" island shows, translated on the server and handed over as a prop. */
export const generateDescriptionMessageKeys = [
  'jobDescription.generate',
  'jobDescription.generating',
  'jobDescription.stop',
  'jobDescription.hint',
  'jobDescription.done',
  'jobDescription.error.titleMissing',
  'jobDescription.error.network',
  'jobDescription.error.failed',
] as const satisfies readonly MessageKey[];

export type GenerateDescriptionMessages = Record<(typeof generateDescriptionMessageKeys)[number], string>;

/** `pickGenerateDescriptionMessages(createTranslator(locale))` in the page, passed to the island. */
export function pickGenerateDescriptionMessages(t: Translate): GenerateDescriptionMessages {
  return Object.fromEntries(generateDescriptionMessageKeys.map((key) => [key, t(key)])) as GenerateDescriptionMessages;
}
