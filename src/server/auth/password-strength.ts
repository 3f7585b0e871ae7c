/**
 * The one strength rule for every new password (registration of applicants and recruiters, password change,
 * password reset), on top of the account schemas' length rule: zxcvbn-ts must rate it at least 3 of 4
 * ("safely unguessable"), with the common passwords and the German, English and French dictionaries, the
 * brand's own words (id, name, slogan, domain) and the user's own inputs (e-mail local part, names) counted
 * as easy guesses. So `password12`, `1234567890`, ten spaces, `Passwort123` and the site's name are refused.
 *
 * The dictionaries (~15 MB of word lists) are loaded once per process, on the first check. zxcvbn's feedback
 * comes back as its translation keys; `passwordFeedbackMessages` shows it in the visitor's language from the
 * language packs, or a fixed hint of ours where the pack has no translation.
 */
import type { FeedbackType, TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { Brand, Locale } from '../../../brands/types.ts';
import { publicOrigin } from '../public-origin.ts';

/** zxcvbn's scale: 0 too guessable … 4 very unguessable; 3 resists an offline attack on a slow hash. */
export const minimumPasswordScore = 3;

/**
 * Bounds on zxcvbn's work, so a crafted password cannot tie up the server: characters looked at (beyond them
 * a password is long enough anyway) and look-alike substitutions tried (`@` for `a` …; the default of 100
 * makes a 100-character password of such symbols take over a second, 10 keeps it near 0.15 s).
 */
const checkedLength = 100;
const l33tSubstitutions = 10;

/** zxcvbn's feedback as translation keys (`warnings.*`, `suggestions.*` of the language packs). */
export interface PasswordFeedback {
  warning: string | null;
  suggestions: string[];
}

export type PasswordVerdict = { ok: true; score: number } | { ok: false; score: number; feedback: PasswordFeedback };

interface Checker {
  zxcvbn: ZxcvbnFactory;
  translations: Record<Locale, TranslationKeys>;
}

let checker: Promise<Checker> | undefined;

async function loadChecker(): Promise<Checker> {
  const [{ ZxcvbnFactory }, common, de, en, fr] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
  ]);
  // The German pack (3.x) names its lists without a language suffix; the others carry one.
  const german = Object.fromEntries(Object.entries(de.dictionary).map(([name, words]) => [`${name}-de`, words]));
  const zxcvbn = new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...german, ...en.dictionary, ...fr.dictionary },
    maxLength: checkedLength,
    l33tMaxSubstitutions: l33tSubstitutions,
  });
  return { zxcvbn, translations: { de: de.translations, 'en-GB': en.translations, fr: fr.translations } };
}

function getChecker(): Promise<Checker> {
  checker ??= loadChecker().catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  return checker;
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/** The brand's own words: id, name (as written, joined and word by word), slogan words, the site's domain. */
export function brandWords(brand: Brand, origin: URL = publicOrigin()): string[] {
  const name = brand.name.toLowerCase();
  const host = origin.hostname.toLowerCase();
  return [
    brand.id,
    name,
    plainVariant(name),
    ...words(name),
    ...Object.values(brand.tagline).flatMap(words),
    host,
    ...host.split('.'),
  ];
}

/** What the user typed about themselves: the e-mail address and its local part, names. */
export function userWords(inputs: readonly (string | null | undefined)[]): string[] {
  return inputs.flatMap((input) => {
    if (!input) return [];
    const value = input.trim().toLowerCase();
    const local = value.includes('@') ? value.slice(0, value.indexOf('@')) : value;
    return [value, local, ...words(local)];
  });
}

/** Short or numeric words would make ordinary passwords look guessable; zxcvbn finds those anyway. */
const meaningful = (word: string) => word.length >= 3 && !/^\d+$/.test(word);

/**
 * zxcvbn rewards capitals and separators generously ("Max Muster 1990" rates 4 of 4), while guessing tools
 * try those variants first: a password is rated as written and once more in lower case without spaces,
 * dots, dashes and underscores, and the lower rating counts.
 */
export function plainVariant(password: string): string {
  return password.toLowerCase().replace(/[\s._-]+/gu, '');
}

/** Rates a new password; `userInputs` are what the user typed about themselves (e-mail, names, company). */
export async function checkPasswordStrength(
  password: string,
  context: { brand: Brand; userInputs: readonly (string | null | undefined)[]; origin?: URL },
): Promise<PasswordVerdict> {
  const { zxcvbn } = await getChecker();
  const guessable = [...new Set([...brandWords(context.brand, context.origin), ...userWords(context.userInputs)])];
  const inputs = guessable.filter(meaningful);
  const [weakest] = [...new Set([password, plainVariant(password)])]
    .map((variant) => zxcvbn.check(variant, inputs))
    .sort((a, b) => a.score - b.score);
  const { score, feedback } = weakest!;
  if (score >= minimumPasswordScore) return { ok: true, score };
  return { ok: false, score, feedback: feedback satisfies FeedbackType };
}

/**
 * zxcvbn's feedback in the visitor's language, from the language pack of that locale; keys the pack does
 * not translate are left out. Empty when nothing could be translated (the page then shows its fixed hint).
 */
export async function passwordFeedbackMessages(feedback: PasswordFeedback, locale: Locale): Promise<string[]> {
  const { translations } = await getChecker();
  const pack = translations[locale];
  const translate = (group: 'warnings' | 'suggestions', key: string) => {
    const text = (pack[group] as Record<string, string | undefined>)[key];
    return typeof text === 'string' && text.trim() ? text : null;
  };
  const messages = [
    feedback.warning ? translate('warnings', feedback.warning) : null,
    ...feedback.suggestions.map((key) => translate('suggestions', key)),
  ];
  return [...new Set(messages.filter((message): message is string => message !== null))];
}
