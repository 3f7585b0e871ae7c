import { useEffect, useRef, useState } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { LocationSuggestion } from '../../lib/search/resolve-location.ts';
import {
  roundPoint,
  type GeoPoint,
  type LocationFilter,
  type LocationType,
  type SearchUrlOptions,
} from '../../lib/search/search-url.ts';
import { Combobox, type ComboboxOption } from './Combobox.tsx';
import { fill, type IslandMessages } from './messages.ts';

interface Props {
  initial: LocationFilter | null;
  urlOptions: Pick<SearchUrlOptions, 'radiusHiddenForLocationTypes' | 'defaultRadiusKm' | 'radiusOptionsKm'>;
  autocomplete: { delayMs: number; minLength: number };
  frontend: FrontendInfo;
  messages: IslandMessages;
  isEnhanced: boolean;
  /** A new radius for a place already chosen: the island searches again at once. */
  onRadiusChange: () => void;
}

/**
 * Where: the place (typed, or picked from suggestions with its coordinates in hidden fields) and the radius,
 * which is hidden for administrative areas and countries.
 */
export function LocationField({ initial, urlOptions, autocomplete, frontend, messages, isEnhanced, ...props }: Props) {
  const [label, setLabel] = useState(initial?.label ?? '');
  const [point, setPoint] = useState<GeoPoint | null>(initial?.point ?? null);
  const [locationType, setLocationType] = useState<LocationType>(initial?.locationType ?? 'city');
  const [suggestions, setSuggestions] = useState<LocationSuggestion[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const [hasAnswer, setHasAnswer] = useState(false);
  const isTyped = useRef(false);
  const request = useRef(0);

  useEffect(() => {
    if (!isTyped.current) return;
    const query = label.trim();
    const id = ++request.current;
    if (query.length < autocomplete.minLength) {
      setSuggestions([]);
      setIsOpen(false);
      return;
    }
    const timer = setTimeout(() => {
      import('./suggest-locations.ts')
        .then(({ suggestLocations }) => suggestLocations(frontend, query))
        .then((list) => {
          if (id !== request.current) return;
          setSuggestions(list);
          setHasAnswer(true);
          setIsOpen(true);
        })
        .catch((error: unknown) => {
          // Without suggestions the typed name is resolved by the server on submit.
          console.warn('Location suggestions failed', error);
          if (id === request.current) setSuggestions([]);
        });
    }, autocomplete.delayMs);
    return () => clearTimeout(timer);
  }, [label, autocomplete.delayMs, autocomplete.minLength, frontend]);

  const options: ComboboxOption[] = suggestions.map((suggestion, index) => ({
    key: `${index}-${suggestion.label}`,
    label: suggestion.label,
    hint: [suggestion.administrativeArea, suggestion.country].filter(Boolean).join(', '),
  }));
  const hasRadius = !urlOptions.radiusHiddenForLocationTypes.includes(locationType);

  return (
    <>
      <Combobox
        id="search-location"
        className="field"
        label={messages['home.locationLabel']}
        value={label}
        onValueChange={(value) => {
          isTyped.current = true;
          setLabel(value);
          // A changed name no longer matches the coordinates of the place picked before.
          setPoint(null);
          setLocationType('city');
        }}
        options={options}
        onPick={(option) => {
          const suggestion = suggestions[options.indexOf(option)];
          if (!suggestion) return;
          isTyped.current = false;
          setLabel(suggestion.label);
          setPoint(roundPoint(suggestion));
          setLocationType(suggestion.locationType);
          setIsOpen(false);
        }}
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        status={
          hasAnswer
            ? options.length > 0
              ? fill(messages['search.suggestions'], { count: options.length })
              : messages['search.noMatch']
            : ''
        }
        isEnhanced={isEnhanced}
        inputProps={{ name: 'location', placeholder: messages['home.locationPlaceholder'] }}
      />
      {point && (
        <>
          <input type="hidden" name="lat" value={point.lat} />
          <input type="hidden" name="lon" value={point.lon} />
          {locationType !== 'city' && <input type="hidden" name="locationType" value={locationType} />}
        </>
      )}
      {hasRadius && (
        <div className="field field--radius">
          <label htmlFor="search-radius">{messages['search.radius']}</label>
          <select
            id="search-radius"
            name="radius"
            defaultValue={initial?.radius ?? urlOptions.defaultRadiusKm}
            onChange={() => {
              if (label.trim() !== '') props.onRadiusChange();
            }}
          >
            {urlOptions.radiusOptionsKm.map((km) => (
              <option key={km} value={km}>
                {fill(messages['search.radiusOption'], { km })}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
