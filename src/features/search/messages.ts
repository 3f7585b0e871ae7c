import type { MessageKey, Translate } from '../../i18n/index.ts';

/** The messages the filter island shows, translated on the server and handed over as a plain prop. */
export const islandMessageKeys = [
  'search.formLabel',
  'home.searchLabel',
  'home.searchPlaceholder',
  'home.locationLabel',
  'home.locationPlaceholder',
  'search.radius',
  'search.radiusOption',
  'search.submit',
  'search.filters',
  'search.filtersActive',
  'search.filtersClose',
  'search.showResults',
  'search.applyFilters',
  'search.resetFilters',
  'search.facet.remoteOptions',
  'search.facet.employmentType',
  'search.facet.industry',
  'search.facet.occupations',
  'search.facet.yearsOfExperience',
  'search.facet.company',
  'search.facetFind',
  'search.noMatch',
  'search.suggestions',
  'search.sort',
  'search.sort.relevancy',
  'search.sort.publish_date_desc',
  'search.applySort',
] as const satisfies readonly MessageKey[];

export type IslandMessageKey = (typeof islandMessageKeys)[number];
export type IslandMessages = Record<IslandMessageKey, string>;

export function pickIslandMessages(t: Translate): IslandMessages {
  return Object.fromEntries(islandMessageKeys.map((key) => [key, t(key)])) as IslandMessages;
}

/** Fills `{name}` placeholders, like the server's translator. */
export function fill(message: string, params: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
