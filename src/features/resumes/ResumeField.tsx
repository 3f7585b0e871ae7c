import type { ResumeField } from '../../lib/resumes/resume-form.ts';
import { choiceLabelKey } from '../../lib/resumes/resume-form.ts';

const inputType = { text: 'text', tel: 'tel', date: 'date', month: 'month', number: 'number' } as const;

/** One field of a resume form in an island (the wizard's steps, the import proposal), with its label and error. */
export function Field(props: {
  field: ResumeField;
  /** The form field's name (default: the field's name) and the element id's base. */
  name?: string;
  value: string | string[] | undefined;
  error: string | undefined;
  m: (key: string) => string;
}) {
  const { field, value, error, m } = props;
  const name = props.name ?? field.name;
  const id = `wizard-${name.replace(/\./g, '-')}`;
  const describedBy =
    [field.isPrivate ? `${id}-private` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const label = m(`resume.field.${field.name}`);
  return (
    <div className={`field account-field${error ? ' account-field--invalid' : ''}`}>
      {field.control === 'checkboxes' ? (
        <fieldset className="resume-choices" aria-describedby={describedBy}>
          <legend>{label}</legend>
          {field.choices?.map((choice) => (
            <label key={choice} className="resume-choice">
              <input type="checkbox" name={name} value={choice} defaultChecked={list.includes(choice)} />
              {m(choiceLabelKey(field.name, choice))}
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          <label htmlFor={id}>
            {label}
            {!field.required && <span className="account-field__optional"> ({m('account.optional')})</span>}
          </label>
          {field.control === 'textarea' ? (
            <textarea
              id={id}
              name={name}
              rows={5}
              maxLength={field.maxLength}
              defaultValue={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          ) : field.control === 'select' ? (
            <select
              id={id}
              name={name}
              defaultValue={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            >
              <option value="">{m('resume.choose')}</option>
              {field.choices?.map((choice) => (
                <option key={choice} value={choice}>
                  {m(choiceLabelKey(field.name, choice))}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={id}
              name={name}
              type={inputType[field.control]}
              defaultValue={text}
              required={field.required}
              maxLength={field.maxLength}
              autoComplete={field.autocomplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </>
      )}
      {field.isPrivate && (
        <p id={`${id}-private`} className="account-field__hint">
          {m('resume.field.privateHint')}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="account-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
