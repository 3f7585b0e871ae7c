import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { JobFieldsInput } from '../../lib/jobs/job-schema.ts';
import type { LocationSuggestion } from '../../lib/search/resolve-location.ts';
import { Combobox, type ComboboxOption } from '../search/Combobox.tsx';
import { fill } from '../search/messages.ts';
import { FieldError, useFieldError, type Translate } from './job-form-fields.tsx';

interface Props {
  frontend: FrontendInfo;
  autocomplete: { delayMs: number; minLength: number };
  m: Translate;
}

/**
 * job_location: one or more places of work picked from the gazetteer (the search's place suggestions, so
 * each comes with its coordinates), each with an optional street address and postal code.
 */
export function LocationsField({ frontend, autocomplete, m }: Props) {
  const { control, register } = useFormContext<JobFieldsInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'locations' });
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<LocationSuggestion[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const isTyped = useRef(false);
  const request = useRef(0);
  const listError = useFieldError('locations');

  useEffect(() => {
    if (!isTyped.current) return;
    const text = query.trim();
    const id = ++request.current;
    if (text.length < autocomplete.minLength) {
      setSuggestions([]);
      setIsOpen(false);
      return;
    }
    const timer = setTimeout(() => {
      import('../search/suggest-locations.ts')
        .then(({ suggestLocations }) => suggestLocations(frontend, text))
        .then((list) => {
          if (id !== request.current) return;
          // A place of work is a town: regions and countries are no address.
          setSuggestions(list.filter((place) => place.locationType === 'city'));
          setIsOpen(true);
        })
        .catch((error: unknown) => {
          console.warn('Place suggestions failed', error);
          if (id === request.current) setSuggestions([]);
        });
    }, autocomplete.delayMs);
    return () => clearTimeout(timer);
  }, [query, autocomplete.delayMs, autocomplete.minLength, frontend]);

  const options: ComboboxOption[] = suggestions.map((place, index) => ({
    key: `${index}-${place.label}`,
    label: place.label,
    hint: [place.administrativeArea, place.country].filter(Boolean).join(', '),
  }));

  function pick(option: ComboboxOption) {
    const place = suggestions[options.indexOf(option)];
    if (!place) return;
    append({
      locality: place.label,
      administrativeArea: place.administrativeArea ?? null,
      countryCode: place.country ?? 'DE',
      latitude: place.lat,
      longitude: place.lon,
      addressLine1: null,
      addressLine2: null,
      postalCode: null,
    });
    isTyped.current = false;
    setQuery('');
    setSuggestions([]);
    setIsOpen(false);
  }

  return (
    <fieldset className="job-form__subgroup" aria-describedby={listError ? 'locations-error' : undefined}>
      <legend>
        {m('jobForm.places')} <span className="job-form__required">({m('jobForm.required')})</span>
      </legend>
      {fields.length === 0 ? (
        <p className="job-form__hint">{m('jobForm.placesNone')}</p>
      ) : (
        <ol className="job-form__places">
          {fields.map((field, index) => (
            <li key={field.id} className="job-form__place">
              <p className="job-form__place-name">
                <strong>{field.locality}</strong>
                {typeof field.administrativeArea === 'string' && field.administrativeArea
                  ? `, ${field.administrativeArea}`
                  : ''}
              </p>
              <div className="job-form__row">
                <div className="field">
                  <label htmlFor={`locations-${index}-street`}>{m('jobForm.street')}</label>
                  <input
                    id={`locations-${index}-street`}
                    autoComplete="off"
                    {...register(`locations.${index}.addressLine1`)}
                  />
                  <FieldError name={`locations.${index}.addressLine1`} m={m} />
                </div>
                <div className="field field--short">
                  <label htmlFor={`locations-${index}-postal-code`}>{m('jobForm.postalCode')}</label>
                  <input
                    id={`locations-${index}-postal-code`}
                    autoComplete="off"
                    inputMode="numeric"
                    {...register(`locations.${index}.postalCode`)}
                  />
                  <FieldError name={`locations.${index}.postalCode`} m={m} />
                </div>
              </div>
              <button type="button" className="button button--secondary" onClick={() => remove(index)}>
                {fill(m('jobForm.placeRemove'), { place: field.locality })}
              </button>
            </li>
          ))}
        </ol>
      )}
      <Combobox
        id="job-place-search"
        className="field"
        label={m('jobForm.placeSearch')}
        value={query}
        onValueChange={(value) => {
          isTyped.current = true;
          setQuery(value);
        }}
        options={options}
        onPick={pick}
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        status={options.length === 0 ? m('search.noMatch') : fill(m('search.suggestions'), { count: options.length })}
        isEnhanced
      />
      {listError && (
        <p className="job-form__error" id="locations-error">
          {m(listError)}
        </p>
      )}
    </fieldset>
  );
}
