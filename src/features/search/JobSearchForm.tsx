import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { Facet } from '../../lib/operations/search.ts';
import {
  canonicalQuery,
  jobFacetFields,
  jobSorts,
  toQueryString,
  toSearchParams,
  type SearchState,
  type SearchUrlOptions,
} from '../../lib/search/search-url.ts';
import { FacetGroup, facetInputId } from './FacetGroup.tsx';
import { LocationField } from './LocationField.tsx';
import { fill, type IslandMessageKey, type IslandMessages } from './messages.ts';

export interface JobSearchFormProps {
  /** The listing's public path (with category); the form's GET target. */
  action: string;
  state: SearchState<string>;
  facets: readonly { field: string; values: Facet['values'] }[];
  /** The entity's facets are `urlOptions.facetFields` (the job facets when missing). */
  urlOptions: SearchUrlOptions<string>;
  /** Titles of facets the island messages do not name (e.g. the organizations' fields of study). */
  facetTitles?: Readonly<Record<string, string>>;
  /** The keyword field's placeholder, when not the job search's. */
  searchPlaceholder?: string;
  /** The sort selector (job search); other entities have one order. */
  hasSort?: boolean;
  autocomplete: { delayMs: number; minLength: number; facetThreshold: number };
  frontend: FrontendInfo;
  messages: IslandMessages;
  /** Width up to which the filter panel is a drawer (SPEC 9: 899 px). */
  mobileMaxWidthPx: number;
  /** The results (server-rendered, passed through untouched). */
  children?: ReactNode;
}

/** Focus to restore after a filter change reloaded the page (keyboard users keep their place). */
const focusKey = 'job-search-focus';

/**
 * The search form of the job search, and of every other entity's search (organizations: its facet fields,
 * titles and no sort order by props). Server-rendered it is a plain GET form that works without JavaScript; hydrated it
 * searches as soon as a facet, the sort order or the radius changes, suggests places and long facet values,
 * and turns the filters into a drawer on phones. Every URL goes through `canonicalQuery`, as the page's
 * redirect does for the plain form, so both end on the same address.
 */
export default function JobSearchForm(props: JobSearchFormProps) {
  const { state, messages, urlOptions } = props;
  const [isEnhanced, setIsEnhanced] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setIsEnhanced(true);
    const id = sessionStorage.getItem(focusKey);
    if (id) {
      sessionStorage.removeItem(focusKey);
      const element = document.getElementById(id);
      element?.closest('details')?.setAttribute('open', '');
      element?.focus();
    }
    // Back/forward cache: a page restored after a navigation must not stay busy.
    const onPageShow = () => setIsBusy(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (!isDrawerOpen) return;
    closeButton.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    // The drawer only exists on small screens: growing the window closes it.
    const media = window.matchMedia(`(max-width: ${props.mobileMaxWidthPx}px)`);
    const onMediaChange = () => {
      if (!media.matches) setIsDrawerOpen(false);
    };
    media.addEventListener('change', onMediaChange);
    return () => {
      root.style.overflow = overflow;
      media.removeEventListener('change', onMediaChange);
    };
  }, [isDrawerOpen, props.mobileMaxWidthPx]);

  function closeDrawer() {
    setIsDrawerOpen(false);
    drawerButton.current?.focus();
  }

  /** Reads the form as a plain GET would send it, lets `change` adjust it, and loads the canonical URL. */
  function search(change?: (params: URLSearchParams) => void, focusId?: string) {
    if (!form.current) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) {
      if (typeof value === 'string') params.append(name, value);
    }
    change?.(params);
    try {
      if (focusId) sessionStorage.setItem(focusKey, focusId);
    } catch {
      // Storage may be unavailable (private mode): focus is then simply not restored.
    }
    setIsBusy(true);
    window.location.assign(props.action + canonicalQuery(params.toString(), urlOptions));
  }

  function onPanelKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (!isDrawerOpen) return;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      closeDrawer();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    // Keep focus inside the open drawer (it is a modal dialog).
    const focusable = [
      ...panel.current.querySelectorAll<HTMLElement>('button, input, select, summary, [href], [tabindex="0"]'),
    ].filter((element) => element.offsetParent !== null && !element.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const facetsByField = new Map(props.facets.map((facet) => [facet.field, facet.values]));
  const facetFields: readonly string[] = urlOptions.facetFields ?? jobFacetFields;
  const activeFilterCount = facetFields.reduce((sum, field) => sum + (state.facets[field]?.length ?? 0), 0);
  const facetGroups = facetFields
    .map((field) => {
      const selected = state.facets[field] ?? [];
      const values = [...(facetsByField.get(field) ?? [])];
      // A selected value the result no longer counts stays visible, so that it can be cleared.
      for (const value of selected) {
        if (!values.some((candidate) => candidate.value === value)) values.push({ value, label: value, count: 0 });
      }
      return { field, selected, values };
    })
    .filter((group) => group.values.length > 0);
  const hasFilters = facetGroups.length > 0;

  return (
    <form
      ref={form}
      className={['job-search', isEnhanced ? 'job-search--enhanced' : '', isBusy ? 'job-search--busy' : '']
        .filter(Boolean)
        .join(' ')}
      action={props.action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        setIsDrawerOpen(false);
        search();
      }}
    >
      <div className="search-bar card" role="search" aria-label={messages['search.formLabel']}>
        <div className="field">
          <label htmlFor="search-keyword">{messages['home.searchLabel']}</label>
          <input
            id="search-keyword"
            name="search"
            type="search"
            defaultValue={state.search}
            placeholder={props.searchPlaceholder ?? messages['home.searchPlaceholder']}
            autoComplete="off"
          />
        </div>
        <LocationField
          initial={state.location}
          urlOptions={urlOptions}
          autocomplete={props.autocomplete}
          frontend={props.frontend}
          messages={messages}
          isEnhanced={isEnhanced}
          onRadiusChange={() => search(undefined, 'search-radius')}
        />
        {state.title && <input type="hidden" name="title" value={state.title} />}
        {state.minSalary !== null && <input type="hidden" name="minSalary" value={state.minSalary} />}
        <button className="button search-bar__submit" type="submit">
          {messages['search.submit']}
        </button>
      </div>

      <div className={hasFilters ? 'search-layout' : 'search-layout search-layout--no-filters'}>
        {hasFilters && (
          <div
            ref={panel}
            id="search-filters"
            className="filter-panel"
            data-open={isDrawerOpen}
            onKeyDown={onPanelKeyDown}
            {...(isDrawerOpen
              ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'search-filters-heading' }
              : { role: 'region', 'aria-labelledby': 'search-filters-heading' })}
          >
            <div className="filter-panel__header">
              <h2 id="search-filters-heading" className="filter-panel__heading">
                {messages['search.filters']}
              </h2>
              <button
                ref={closeButton}
                type="button"
                className="icon-button filter-panel__close"
                aria-label={messages['search.filtersClose']}
                onClick={closeDrawer}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <div className="filter-panel__body">
              {facetGroups.map(({ field, selected, values }, index) => (
                <FacetGroup
                  key={field}
                  field={field}
                  title={props.facetTitles?.[field] ?? messages[`search.facet.${field}` as IslandMessageKey]}
                  values={values}
                  selected={selected}
                  isInitiallyOpen={selected.length > 0 || index < 3}
                  autocompleteThreshold={props.autocomplete.facetThreshold}
                  minLength={props.autocomplete.minLength}
                  locale={props.frontend.locale}
                  messages={messages}
                  isEnhanced={isEnhanced}
                  onToggle={(_field: string, _value: string, inputId: string) => {
                    // In the drawer the visitor picks several filters, then shows the results.
                    if (!isDrawerOpen) search(undefined, inputId);
                  }}
                  onPick={(pickedField, value) => {
                    if (isDrawerOpen) {
                      const input = document.getElementById(facetInputId(pickedField, value));
                      if (input instanceof HTMLInputElement) {
                        input.checked = true;
                        input.closest('li')?.removeAttribute('hidden');
                      }
                    } else {
                      search((params) => params.append(pickedField, value), `facet-find-${pickedField}`);
                    }
                  }}
                />
              ))}
            </div>
            <div className="filter-panel__footer">
              {activeFilterCount > 0 && (
                <a className="filter-panel__reset" href={props.action + resetQuery(state, urlOptions)}>
                  {messages['search.resetFilters']}
                </a>
              )}
              <button type="submit" className="button filter-panel__apply">
                {isEnhanced ? messages['search.showResults'] : messages['search.applyFilters']}
              </button>
            </div>
          </div>
        )}

        <div className="search-results">
          <div className="search-toolbar">
            {hasFilters && (
              <button
                ref={drawerButton}
                type="button"
                className="button search-toolbar__filters"
                aria-controls="search-filters"
                aria-expanded={isDrawerOpen}
                aria-haspopup="dialog"
                onClick={() => setIsDrawerOpen(true)}
              >
                {activeFilterCount > 0
                  ? fill(messages['search.filtersActive'], { count: activeFilterCount })
                  : messages['search.filters']}
              </button>
            )}
            {props.hasSort !== false && (
              <div className="search-toolbar__sort">
                <label htmlFor="search-sort">{messages['search.sort']}</label>
                <select
                  id="search-sort"
                  name="sort"
                  defaultValue={state.sort}
                  onChange={() => search(undefined, 'search-sort')}
                >
                  {jobSorts.map((sort) => (
                    <option key={sort} value={sort}>
                      {messages[`search.sort.${sort}`]}
                    </option>
                  ))}
                </select>
                {!isEnhanced && (
                  <button type="submit" className="button search-toolbar__apply">
                    {messages['search.applySort']}
                  </button>
                )}
              </div>
            )}
          </div>
          <div className="search-results__list" aria-busy={isBusy}>
            {props.children}
          </div>
        </div>
      </div>
    </form>
  );
}

/** The same search without facet filters. */
function resetQuery(state: SearchState<string>, urlOptions: SearchUrlOptions<string>): string {
  return toQueryString(toSearchParams({ ...state, facets: {}, page: 1 }, urlOptions));
}
