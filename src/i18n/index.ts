import type { Locale } from '../../brands/types';
import { de, type MessageKey, type Messages } from './messages/de';
import { enGB } from './messages/en-GB';
import { fr } from './messages/fr';

export type { MessageKey, Messages } from './messages/de';

export const supportedLocales: readonly Locale[] = ['de', 'en-GB', 'fr'];

const overrides: Record<Locale, Partial<Messages>> = { de: {}, 'en-GB': enGB, fr };

export function isSupportedLocale(value: string): value is Locale {
  return (supportedLocales as readonly string[]).includes(value);
}

/** All messages of a locale, every missing translation filled in from German. */
export function getMessages(locale: Locale): Messages {
  return { ...de, ...overrides[locale] };
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
