import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import { fieldsOf, type ResumeField } from '../../lib/resumes/resume-form.ts';
import { resumeImportSchema, type HiddenResumeFields } from '../../lib/resumes/resume-schema.ts';
import type { proposeResumeImportMutation } from '../../lib/operations/generated/types.ts';
import { operation, send } from '../applications/apply-client.ts';
import { applyResumeImport, proposeResumeImport } from './operations.ts';
import { Field } from './ResumeField.tsx';

type Proposal = proposeResumeImportMutation['proposeResumeImport'];
type Values = Record<string, string | string[]>;

const asValues = (record: Record<string, unknown>): Values =>
  Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map(String)
        : typeof value === 'string' || typeof value === 'number'
          ? String(value)
          : '',
    ]),
  );

/**
 * The wizard's import step (issue 17 part 2): the applicant uploads a CV (PDF or DOCX); the server reads it
 * and proposes its sections; the proposal is shown as plain form fields to correct (and entries to leave
 * out), checked with the same schema as on the server, and saved in one request. Nothing is stored before.
 */
export default function ResumeImportStep(props: {
  frontend: FrontendInfo;
  hidden: HiddenResumeFields;
  /** The stored personal info: kept where the CV says nothing. */
  stored: Values;
  m: (key: string, params?: Record<string, string | number>) => string;
  resumePath: string;
}) {
  const { m, hidden } = props;
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const proposalHeading = useRef<HTMLHeadingElement>(null);

  // A new proposal takes the focus to its heading (after it is rendered).
  useEffect(() => {
    if (proposal) proposalHeading.current?.focus();
  }, [proposal]);

  async function read(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setErrors({ file: m('resume.attachments.fileMissing') });
      return;
    }
    const body = new FormData();
    body.set('operations', operation(proposeResumeImport, { file: null }));
    body.set('map', JSON.stringify({ '0': ['variables.file'] }));
    body.set('0', file, file.name);
    setBusy(true);
    setErrors({});
    const result = await send<proposeResumeImportMutation>(props.frontend, body, false);
    setBusy(false);
    if (result.kind === 'ok') {
      setProposal(result.data.proposeResumeImport);
    } else if (result.kind === 'invalid') setErrors({ file: result.fieldErrors.file ?? m('resume.error.failed') });
    else setErrors({ file: result.kind === 'refused' ? result.message : m('resume.error.failed') });
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!proposal) return;
    const data = new FormData(event.currentTarget);
    const read = (prefix: string, fields: ResumeField[]) =>
      Object.fromEntries(
        fields.map((field) => [
          field.name,
          field.control === 'checkboxes'
            ? data.getAll(`${prefix}${field.name}`).map(String)
            : ((data.get(`${prefix}${field.name}`) as string | null) ?? null),
        ]),
      );
    // The entries the applicant keeps, and where each came from (errors name the kept entry's position).
    const kept = (list: readonly unknown[], name: string) =>
      list.map((_entry, index) => index).filter((index) => data.get(`${name}.${index}.take`) === 'on');
    const work = kept(proposal.workExperience, 'workExperience');
    const education = kept(proposal.education, 'education');
    const input = {
      personalInfo: read('personalInfo.', fieldsOf('personal_info', hidden)),
      workExperience: work.map((index) => read(`workExperience.${index}.`, fieldsOf('work_experience', hidden))),
      education: education.map((index) => read(`education.${index}.`, fieldsOf('education', hidden))),
      skills: read('skills.', fieldsOf('skills', hidden)),
      languages: read('languages.', fieldsOf('languages', hidden)),
    };
    const shown = (key: string) =>
      key.replace(/^(workExperience|education)\.(\d+)\./, (_whole, name: string, position: string) => {
        const index = (name === 'education' ? education : work)[Number(position)];
        return `${name}.${String(index)}.`;
      });
    const collect = (fieldErrors: Record<string, string>, translate: boolean) => {
      const found: Record<string, string> = {};
      for (const [key, message] of Object.entries(fieldErrors)) found[shown(key)] ??= translate ? m(message) : message;
      return found;
    };
    const checked = z.safeParse(resumeImportSchema, input);
    if (!checked.success) {
      setErrors(
        collect(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])), true),
      );
      return;
    }
    setBusy(true);
    const result = await send(props.frontend, operation(applyResumeImport, { input }), true);
    setBusy(false);
    if (result.kind === 'ok') location.assign(props.resumePath);
    else if (result.kind === 'invalid') setErrors(collect(result.fieldErrors as Record<string, string>, false));
    else setErrors({ form: result.kind === 'refused' ? result.message : m('resume.error.failed') });
  }

  const personal = proposal
    ? {
        ...props.stored,
        ...Object.fromEntries(Object.entries(asValues(proposal.personalInfo)).filter(([, value]) => value !== '')),
      }
    : {};
  const nothing =
    proposal &&
    proposal.workExperience.length === 0 &&
    proposal.education.length === 0 &&
    proposal.skills.length === 0 &&
    proposal.languages.length === 0 &&
    !proposal.personalInfo.firstName;
  const errorCount = Object.keys(errors).filter((key) => key !== 'file').length;

  return (
    <div className="stack">
      <p>{m('resume.import.intro')}</p>
      <form className="stack" method="post" noValidate onSubmit={(event) => void read(event)}>
        <div className={`field account-field${errors.file ? ' account-field--invalid' : ''}`}>
          <label htmlFor="resume-import-file">{m('resume.import.file')}</label>
          <input
            id="resume-import-file"
            name="file"
            type="file"
            accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'resume-import-file-error' : undefined}
          />
          {errors.file && (
            <p id="resume-import-file-error" className="account-field__error" role="alert">
              {errors.file}
            </p>
          )}
        </div>
        <button className="button button--secondary" type="submit" disabled={busy} aria-busy={busy}>
          {busy && !proposal ? m('resume.import.reading') : m('resume.import.read')}
        </button>
      </form>
      {proposal && (
        <form className="stack resume-import" method="post" noValidate onSubmit={(event) => void save(event)}>
          <h3 ref={proposalHeading} tabIndex={-1}>
            {m('resume.import.proposal')}
          </h3>
          <p>{m('resume.import.proposalHint')}</p>
          {nothing && <p className="alert alert--warning">{m('resume.import.nothingFound')}</p>}
          {errorCount > 0 && (
            <div className="alert alert--danger" role="alert">
              {errors.form ?? m('resume.wizard.fixErrors')}
            </div>
          )}
          <fieldset className="stack">
            <legend>{m('resume.section.personal_info')}</legend>
            {proposal.personalInfo.email && (
              <p className="account-field__hint">
                {m('resume.import.emailFound', { email: proposal.personalInfo.email })}
              </p>
            )}
            {fieldsOf('personal_info', hidden).map((field) => (
              <Field
                key={field.name}
                field={field}
                name={`personalInfo.${field.name}`}
                value={personal[field.name]}
                error={errors[`personalInfo.${field.name}`]}
                m={m}
              />
            ))}
          </fieldset>
          {(['workExperience', 'education'] as const).map((name) =>
            proposal[name].map((entry, index) => {
              const section = name === 'education' ? 'education' : 'work_experience';
              const values = asValues(entry);
              return (
                <fieldset key={`${name}-${String(index)}`} className="stack">
                  <legend>
                    {m(name === 'education' ? 'resume.import.educationEntry' : 'resume.import.workEntry', {
                      number: index + 1,
                    })}
                  </legend>
                  <label className="resume-choice">
                    <input type="checkbox" name={`${name}.${String(index)}.take`} defaultChecked />
                    {m('resume.import.take')}
                  </label>
                  {fieldsOf(section, hidden).map((field) => (
                    <Field
                      key={field.name}
                      field={field}
                      name={`${name}.${String(index)}.${field.name}`}
                      value={values[field.name]}
                      error={errors[`${name}.${String(index)}.${field.name}`]}
                      m={m}
                    />
                  ))}
                </fieldset>
              );
            }),
          )}
          <fieldset className="stack">
            <legend>{m('resume.section.skills')}</legend>
            {fieldsOf('skills', hidden).map((field) => (
              <Field
                key={field.name}
                field={field}
                name={`skills.${field.name}`}
                value={field.name === 'skills' ? proposal.skills.join(', ') : ''}
                error={errors[`skills.${field.name}`]}
                m={m}
              />
            ))}
          </fieldset>
          <fieldset className="stack">
            <legend>{m('resume.section.languages')}</legend>
            {fieldsOf('languages', hidden).map((field) => (
              <Field
                key={field.name}
                field={field}
                name={`languages.${field.name}`}
                value={
                  field.name === 'languages'
                    ? proposal.languages
                    : field.name === 'languagesFree'
                      ? (proposal.languagesFree ?? '')
                      : ''
                }
                error={errors[`languages.${field.name}`]}
                m={m}
              />
            ))}
          </fieldset>
          <button className="button" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? m('resume.wizard.saving') : m('resume.import.save')}
          </button>
        </form>
      )}
    </div>
  );
}
