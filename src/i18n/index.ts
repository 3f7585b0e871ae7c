import type { Locale } from '../../brands/types.ts';
import { de, type MessageKey, type Messages } from './messages/de.ts';
import { enGB } from './messages/en-GB.ts';
import { fr } from './messages/fr.ts';

export type { MessageKey, Messages } from './messages/de.ts';

export const supportedLocales: readonly Locale[] = ['de', 'en-GB', 'fr'];

const overrides: Record<Locale, Partial<Messages>> = { de: {}, 'en-GB': enGB, fr };

export function isSupportedLocale(value: string): value is Locale {
  return (supportedLocales as readonly string[]).includes(value);
}

const merged = new Map<Locale, Readonly<Messages>>();

/**
 * All messages of a locale, every missing translation filled in from German: merged once per locale and
 * process (a translator is made per request, often several; copying thousands of keys each time cost 0.3 ms).
 */
export function getMessages(locale: Locale): Readonly<Messages> {
  let messages = merged.get(locale);
  if (!messages) {
    messages = Object.freeze({ ...de, ...overrides[locale] });
    merged.set(locale, messages);
  }
  return messages;
}

/** Whether a text is a message key (schemas shared with forms carry keys as their error messages). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(de, value);
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translator for one locale. `{name}` placeholders are replaced from params; a missing translation falls back to German. */
export function createTranslator(locale: Locale): Translate {
  const messages = getMessages(locale);
  return (key, params) => {
    const message = messages[key] ?? key;
    if (!params) return message;
    return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in params ? String(params[name]) : placeholder,
    );
  };
}

/** The language code stored with content ('de' | 'en' | 'fr') for a site locale. */
export function contentLanguageOf(locale: Locale): 'de' | 'en' | 'fr' {
  return locale === 'en-GB' ? 'en' : locale;
}

/** A text kept per content language (taxonomy labels…) in the locale's language, German where it has none. */
export function localizedText(texts: { de: string; en: string | null; fr: string | null }, locale: Locale): string {
  return texts[contentLanguageOf(locale)] ?? texts.de;
}
