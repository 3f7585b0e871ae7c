import { useState } from 'react';
import type { FacetValue } from '../../lib/operations/search.ts';
import { Combobox } from './Combobox.tsx';
import { fill, type IslandMessages } from './messages.ts';

interface Props {
  field: string;
  title: string;
  values: readonly FacetValue[];
  selected: readonly string[];
  isInitiallyOpen: boolean;
  /** More values than this get a find-a-value input (SPEC 9: 30); the list then shows the top values only. */
  autocompleteThreshold: number;
  minLength: number;
  locale: string;
  messages: IslandMessages;
  isEnhanced: boolean;
  onToggle: (field: string, value: string, inputId: string) => void;
  onPick: (field: string, value: string) => void;
}

/** How many values a long facet lists once the find-a-value input is there. */
const topValues = 8;

export const facetInputId = (field: string, value: string) => `facet-${field}-${value.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** One facet: a collapsible group of checkboxes, value label and number of jobs. */
export function FacetGroup(props: Props) {
  const { field, title, values, selected, isEnhanced, messages } = props;
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const isLong = values.length > props.autocompleteThreshold;
  const isFinder = isEnhanced && isLong;
  const numberFormat = new Intl.NumberFormat(props.locale);
  const needle = query.trim().toLocaleLowerCase(props.locale);
  const matches =
    needle.length >= props.minLength
      ? values
          .filter((value) => !selected.includes(value.value))
          .filter((value) => value.label.toLocaleLowerCase(props.locale).includes(needle))
          .slice(0, 10)
      : [];

  return (
    <details className="facet" open={props.isInitiallyOpen}>
      <summary className="facet__summary">
        {title}
        {selected.length > 0 && <span className="facet__badge">{selected.length}</span>}
      </summary>
      <fieldset className="facet__fieldset">
        <legend className="visually-hidden">{title}</legend>
        {isFinder && (
          <Combobox
            id={`facet-find-${field}`}
            className="facet__find"
            label={fill(messages['search.facetFind'], { facet: title })}
            value={query}
            onValueChange={(value) => {
              setQuery(value);
              setIsOpen(true);
            }}
            options={matches.map((value) => ({
              key: value.value,
              label: value.label,
              hint: numberFormat.format(value.count),
            }))}
            onPick={(option) => {
              setQuery('');
              setIsOpen(false);
              props.onPick(field, option.key);
            }}
            isOpen={isOpen && needle.length >= props.minLength}
            onOpenChange={setIsOpen}
            status={
              matches.length > 0
                ? fill(messages['search.suggestions'], { count: matches.length })
                : messages['search.noMatch']
            }
            isEnhanced
          />
        )}
        <ul className={['facet__values', isLong && !isFinder ? 'facet__values--scroll' : ''].join(' ')}>
          {values.map((value, index) => {
            const id = facetInputId(field, value.value);
            const isSelected = selected.includes(value.value);
            return (
              <li key={value.value} hidden={isFinder && !isSelected && index >= topValues}>
                <input
                  type="checkbox"
                  id={id}
                  name={field}
                  value={value.value}
                  defaultChecked={isSelected}
                  onChange={() => props.onToggle(field, value.value, id)}
                />
                <label htmlFor={id}>
                  <span className="facet__label">{value.label}</span>
                  <span className="facet__count">{numberFormat.format(value.count)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </details>
  );
}
