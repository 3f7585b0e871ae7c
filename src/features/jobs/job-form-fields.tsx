import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import type { JobFieldsInput } from '../../lib/jobs/job-schema.ts';

/** Message lookup of the island: the key's text, or the text itself (server field errors come translated). */
export type Translate = (key: string) => string;

type Name = FieldPath<JobFieldsInput>;

export const errorId = (name: string) => `${name.replace(/\./g, '-')}-error`;
export const hintId = (name: string) => `${name.replace(/\./g, '-')}-hint`;
export const inputId = (name: string) => `job-${name.replace(/\./g, '-')}`;

/** The first problem of a field, or of any of its items (`applicationEmails.2`). */
export function errorOf(errors: unknown, name: string): string | undefined {
  const error: unknown = get(errors, name);
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  if (Array.isArray(error)) {
    for (const item of error as unknown[]) {
      if (item && typeof item === 'object' && 'message' in item && typeof item.message === 'string') {
        return item.message;
      }
    }
  }
  if ('root' in error) return errorOf(error, 'root');
  return undefined;
}

export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<JobFieldsInput>();
  return errorOf(formState.errors, name);
}

export function FieldError({ name, m }: { name: string; m: Translate }) {
  const message = useFieldError(name);
  if (!message) return null;
  return (
    <p className="job-form__error" id={errorId(name)}>
      {m(message)}
    </p>
  );
}

/** aria-describedby of an input: its hint and its error, where it has them. */
export function describedBy(name: string, options: { hint?: boolean; error?: string | undefined }) {
  return (
    [options.hint ? hintId(name) : null, options.error ? errorId(name) : null].filter(Boolean).join(' ') || undefined
  );
}

interface FieldProps {
  name: Name;
  label: string;
  m: Translate;
  hint?: string | undefined;
  isRequired?: boolean;
  className?: string;
  children: (props: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean }) => ReactNode;
}

/** A labelled input with its hint and error, wired for screen readers. */
export function Field({ name, label, m, hint, isRequired, className, children }: FieldProps) {
  const error = useFieldError(name);
  return (
    <div className={['field', className, error ? 'field--invalid' : null].filter(Boolean).join(' ')}>
      <label htmlFor={inputId(name)}>
        {label}
        {isRequired && <span className="job-form__required"> ({m('jobForm.required')})</span>}
      </label>
      {hint && (
        <p className="job-form__hint" id={hintId(name)}>
          {hint}
        </p>
      )}
      {children({
        id: inputId(name),
        'aria-describedby': describedBy(name, { hint: Boolean(hint), error }),
        'aria-invalid': Boolean(error),
      })}
      <FieldError name={name} m={m} />
    </div>
  );
}

export interface Term {
  tid: number;
  label: string;
}

/** Lists longer than this get a filter box and one tab stop (arrow keys move within the list). */
const longListSize = 8;

/**
 * A vocabulary with several choices: checkboxes in a fieldset. A long list (skills, languages) scrolls, has a
 * filter box, and is one stop of the Tab key: the arrow keys, Home and End move within it and Space ticks, so
 * a keyboard user passes a list of a hundred skills with one Tab instead of a hundred.
 */
export function TermCheckboxes({
  name,
  legend,
  terms,
  m,
}: {
  name: Name;
  legend: string;
  terms: readonly Term[];
  m: Translate;
}) {
  const { control } = useFormContext<JobFieldsInput>();
  const error = useFieldError(name);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  if (terms.length === 0) return null;
  const isLong = terms.length > longListSize;
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? terms.filter((term) => term.label.toLocaleLowerCase().includes(needle)) : terms;
  const active = Math.min(activeIndex, Math.max(shown.length - 1, 0));
  const moveTo = (index: number) => {
    const next = (index + shown.length) % shown.length;
    setActiveIndex(next);
    boxes.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isLong || shown.length === 0) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowRight: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      ArrowLeft: () => moveTo(active - 1),
      Home: () => moveTo(0),
      End: () => moveTo(shown.length - 1),
    };
    const move = keys[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };
  const hint = isLong ? `${name}-keys` : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected = new Set(Array.isArray(field.value) ? (field.value as number[]) : []);
        return (
          <fieldset
            className={`job-form__terms${isLong ? ' job-form__terms--long' : ''}`}
            aria-describedby={[hint, error ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined}
          >
            <legend>{legend}</legend>
            {isLong && (
              <>
                <input
                  type="search"
                  className="job-form__term-filter"
                  aria-label={`${legend}: ${m('jobForm.filterList')}`}
                  placeholder={m('jobForm.filterList')}
                  value={query}
                  onChange={(event) => {
                    setQuery(event.target.value);
                    setActiveIndex(0);
                  }}
                />
                <p id={hint} className="job-form__hint">
                  {m('jobForm.listKeys')}
                </p>
              </>
            )}
            <div className="job-form__term-list" onKeyDown={onKeyDown}>
              {shown.map((term, index) => (
                <label key={term.tid} className="job-form__check">
                  <input
                    ref={(element) => {
                      boxes.current[index] = element;
                    }}
                    type="checkbox"
                    tabIndex={isLong && index !== active ? -1 : undefined}
                    checked={selected.has(term.tid)}
                    onFocus={() => setActiveIndex(index)}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      const next = new Set(selected);
                      if (event.target.checked) next.add(term.tid);
                      else next.delete(term.tid);
                      field.onChange(
                        terms.filter((candidate) => next.has(candidate.tid)).map((candidate) => candidate.tid),
                      );
                    }}
                  />
                  {term.label}
                </label>
              ))}
              {shown.length === 0 && <p className="job-form__hint">{m('search.noMatch')}</p>}
            </div>
            <FieldError name={name} m={m} />
          </fieldset>
        );
      }}
    />
  );
}

/** A vocabulary with one choice: a select with "not stated". */
export function TermSelect({
  name,
  label,
  terms,
  m,
}: {
  name: Name;
  label: string;
  terms: readonly Term[];
  m: Translate;
}) {
  const { register } = useFormContext<JobFieldsInput>();
  if (terms.length === 0) return null;
  return (
    <Field name={name} label={label} m={m}>
      {(props) => (
        <select
          {...props}
          {...register(name, {
            setValueAs: (value: string) => (value === '' || value === null ? null : Number(value)),
          })}
        >
          <option value="">{m('jobForm.none')}</option>
          {terms.map((term) => (
            <option key={term.tid} value={term.tid}>
              {term.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
