import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import { missingRecommendedJobFields, recommendedFieldMessageKeys } from '../../lib/jobs/google-readiness.ts';
import {
  jobLimits,
  jobSchemaFor,
  type JobFields,
  type JobFieldsInput,
  type JobSchemaMode,
} from '../../lib/jobs/job-schema.ts';
import type { JobFormOptionsResult } from '../../lib/operations/job-posting.ts';
import type { ViewerKind } from '../../lib/roles.ts';
import { fill } from '../search/messages.ts';
import { dateInputValue, instantOfDateInput } from './form-values.ts';
import {
  Field,
  FieldError,
  TermCheckboxes,
  TermSelect,
  errorId,
  errorOf,
  useFieldError,
  type Translate,
} from './job-form-fields.tsx';
import type { JobWriteResult } from './job-backend.ts';
import { LocationsField } from './LocationsField.tsx';
import { RichTextEditor, type RichTextHandle, type RichTextMessages } from './RichTextEditor.tsx';
import GenerateDescription from '../job-description/GenerateDescription.tsx';
import type { GenerateDescriptionMessages } from '../job-description/messages.ts';
import type { JobDescriptionInput } from '../../lib/job-description.ts';
import './job-form.css';

export type JobFormMode = 'create' | 'edit' | 'review';

/** States in which a job is submitted already: the publish option is hidden (SPEC section 4). */
const submittedStates = new Set(['needs_review', 'published', 'archived', 'scheduled']);

export interface JobFormProps {
  mode: JobFormMode;
  jobId: number | null;
  /** The job's workflow state; null for a new job. */
  state: string | null;
  initial: JobFieldsInput;
  options: JobFormOptionsResult;
  viewerKind: ViewerKind;
  frontend: FrontendInfo;
  /** Every message the island shows, translated on the server (keys of src/i18n). */
  messages: Record<string, string>;
  links: { wizard: string; edit: string; moderation: string; checkout: string };
  autocomplete: { delayMs: number; minLength: number };
  /** SPEC section 9: "Generate description" is configured and offered to this viewer. */
  canGenerate: boolean;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'invalid' }
  | { kind: 'payment'; message: string }
  | { kind: 'signedOut' }
  | { kind: 'failed'; message: string | null };

const currencies = ['EUR', 'CHF', 'GBP', 'USD'];
const contentLanguages = ['de', 'en', 'fr'] as const;
const contentLanguageMessageKey = { de: 'language.de', en: 'language.en-GB', fr: 'language.fr' } as const;

/**
 * The job form (SPEC section 3, every group): create, edit and the staff's review. One zod schema checks it
 * here and on the server (src/lib/jobs/job-schema.ts): a draft may be incomplete, publishing needs what
 * Google for Jobs requires. What the server refuses comes back per field, in the visitor's language.
 */
export function JobForm(props: JobFormProps) {
  const { mode, jobId, state, initial, options, viewerKind, frontend, messages, links, autocomplete } = props;
  const m: Translate = (key) => messages[key] ?? key;
  const schemaMode = useRef<JobSchemaMode>('draft');
  const resolver: Resolver<JobFieldsInput, unknown, JobFields> = (values, context, resolverOptions) =>
    zodResolver(jobSchemaFor(schemaMode.current))(values, context, resolverOptions);
  const form = useForm<JobFieldsInput, unknown, JobFields>({ defaultValues: initial, resolver, mode: 'onSubmit' });
  const { register, control, handleSubmit, setError, setFocus, formState } = form;
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const jobType = useWatch({ control, name: 'jobType' });
  const workflow = useWatch({ control, name: 'applicationWorkflow' });
  const asksQuestions = useWatch({ control, name: 'applicationRequireQualifyingQuestions' });
  const readinessInput = useWatch({ control, name: ['salaryMin', 'salaryMax', 'locations'] });
  const missing = missingRecommendedJobFields({
    salaryMin: readinessInput[0],
    salaryMax: readinessInput[1],
    locations: readinessInput[2],
  });
  const questions = useFieldArray({ control, name: 'applicationQualifyingQuestions' });
  const statusId = useId();
  const questionsErrorId = errorOf(formState.errors, 'applicationQualifyingQuestions')
    ? errorId('applicationQualifyingQuestions')
    : undefined;
  const isSubmitted = state !== null && submittedStates.has(state);
  const isBusy = outcome.kind === 'saving';

  const richTextMessages = Object.fromEntries(
    Object.entries(messages).filter(([key]) => key.startsWith('richText.')),
  ) as RichTextMessages;

  function showFieldErrors(fieldErrors: FieldErrors) {
    let first: string | null = null;
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (!message) continue;
      setError(field === 'form' || field === 'input' ? 'root' : (field as FieldPath<JobFieldsInput>), { message });
      first ??= field;
    }
    if (first && first !== 'form' && first !== 'input') {
      try {
        setFocus(first as FieldPath<JobFieldsInput>);
      } catch {
        // a field without a focusable input (the place list): the summary says it
      }
    }
  }

  function settle(result: JobWriteResult, onSaved: (job: { id: number; workflowState: string }) => void) {
    switch (result.kind) {
      case 'saved':
        onSaved(result.job);
        return;
      case 'invalid':
        showFieldErrors(result.fieldErrors);
        setOutcome({ kind: 'invalid' });
        return;
      case 'payment':
        setOutcome({ kind: 'payment', message: result.message });
        return;
      case 'signedOut':
        setOutcome({ kind: 'signedOut' });
        return;
      case 'failed':
        setOutcome({ kind: 'failed', message: result.message });
        return;
    }
  }

  function submit(publish: boolean) {
    // A job that is live (or submitted) stays complete: its edits are checked like a publication.
    schemaMode.current = publish || isSubmitted ? 'publish' : 'draft';
    return handleSubmit(
      async (values) => {
        setOutcome({ kind: 'saving' });
        const { saveJob } = await import('./job-backend.ts');
        const result = await saveJob(frontend, { id: jobId, input: values, publish });
        settle(result, (job) => {
          if (mode === 'create' || publish) {
            window.location.assign(`${links.wizard}?job=${job.id}`);
          } else setOutcome({ kind: 'saved' });
        });
      },
      () => setOutcome({ kind: 'invalid' }),
    )();
  }

  async function moderate(decision: 'approve' | 'reject') {
    if (jobId === null) return;
    if (decision === 'reject' && reason.trim() === '') {
      setReasonError(m('job.error.required'));
      document.getElementById('job-reject-reason')?.focus();
      return;
    }
    setReasonError(null);
    setOutcome({ kind: 'saving' });
    const { moderateJob } = await import('./job-backend.ts');
    const result = await moderateJob(
      frontend,
      decision === 'approve' ? { id: jobId, decision } : { id: jobId, decision, reason: reason.trim() },
    );
    settle(result, () => {
      window.location.assign(`${links.moderation}?done=${decision === 'approve' ? 'approved' : 'rejected'}`);
    });
  }

  const rootError = formState.errors.root?.message;
  const showsPublish = mode !== 'review' && !isSubmitted;

  return (
    <FormProvider {...form}>
      <form
        className="account-form job-form"
        method="post"
        noValidate
        aria-describedby={statusId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <div id={statusId} className="job-form__status" role="status" aria-live="polite">
          {outcome.kind === 'saving' && <p>{m('jobForm.saving')}</p>}
          {outcome.kind === 'saved' && <p className="job-form__saved">{m('jobForm.saved')}</p>}
        </div>
        {(outcome.kind === 'invalid' || rootError) && (
          <div className="alert alert--danger" role="alert">
            <div className="alert__body">
              <p>{rootError ? m(rootError) : m('jobForm.hasErrors')}</p>
            </div>
          </div>
        )}
        {outcome.kind === 'payment' && (
          <div className="alert alert--warning" role="alert">
            <div className="alert__body">
              <p>{outcome.message || m('jobForm.noCredits')}</p>
              <p>
                <a href={links.checkout}>{m('jobForm.buyCredits')}</a>
              </p>
            </div>
          </div>
        )}
        {outcome.kind === 'signedOut' && (
          <div className="alert alert--danger" role="alert">
            <div className="alert__body">
              <p>{m('jobForm.signedOut')}</p>
            </div>
          </div>
        )}
        {outcome.kind === 'failed' && (
          <div className="alert alert--danger" role="alert">
            <div className="alert__body">
              <p>{m('jobForm.failed')}</p>
              {outcome.message && <p>{outcome.message}</p>}
            </div>
          </div>
        )}

        {options.jobTypes.length > 1 && (
          <fieldset className="job-form__group">
            <legend>{m('jobForm.group.job_type')}</legend>
            <div className="job-form__choices">
              {options.jobTypes.map((type) => (
                <label key={type} className="job-form__check">
                  <input type="radio" value={type} {...register('jobType')} />
                  {m(`jobForm.jobType.${type}`)}
                </label>
              ))}
            </div>
            <FieldError name="jobType" m={m} />
          </fieldset>
        )}

        <fieldset className="job-form__group">
          <legend>{m('jobForm.group.job_info')}</legend>
          <Field name="title" label={m('jobForm.title')} m={m} isRequired>
            {(props) => <input {...props} maxLength={jobLimits.title} {...register('title')} />}
          </Field>
          {jobType === 'job_per_link' && (
            <Field name="linkUrl" label={m('jobForm.linkUrl')} m={m} isRequired>
              {(props) => (
                <input {...props} type="url" inputMode="url" placeholder="https://" {...register('linkUrl')} />
              )}
            </Field>
          )}
          {jobType === 'job_per_file' && <FileField m={m} frontend={frontend} jobId={jobId} />}
          {jobType === 'job_per_template' && (
            <DescriptionField
              m={m}
              viewerKind={viewerKind}
              richTextMessages={richTextMessages}
              generate={
                props.canGenerate
                  ? {
                      locale: frontend.locale,
                      messages: messages as GenerateDescriptionMessages,
                      job: () => descriptionInputOf(form.getValues(), options),
                      disabled: isBusy,
                    }
                  : null
              }
            />
          )}
          <div className="job-form__row">
            <Field name="availabilityPeriod" label={m('jobForm.availabilityPeriod')} m={m}>
              {(props) => <input {...props} maxLength={jobLimits.shortText} {...register('availabilityPeriod')} />}
            </Field>
            <Field name="language" label={m('jobForm.language')} m={m}>
              {(props) => (
                <select {...props} {...register('language')}>
                  {contentLanguages.map((language) => (
                    <option key={language} value={language}>
                      {m(contentLanguageMessageKey[language])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field name="videoUrl" label={m('jobForm.videoUrl')} m={m}>
            {(props) => (
              <input {...props} type="url" inputMode="url" placeholder="https://" {...register('videoUrl')} />
            )}
          </Field>
        </fieldset>

        <fieldset className="job-form__group">
          <legend>{m('jobForm.group.company_info')}</legend>
          <Field name="organizationId" label={m('jobForm.organization')} m={m} isRequired>
            {(props) => (
              <select {...props} {...register('organizationId', { setValueAs: (value: string) => Number(value) })}>
                {options.organizations.length !== 1 && <option value="0">{m('jobForm.none')}</option>}
                {options.organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="logoUrl" label={m('jobForm.logo')} m={m}>
            {(props) => <input {...props} type="url" inputMode="url" placeholder="https://" {...register('logoUrl')} />}
          </Field>
        </fieldset>

        <fieldset className="job-form__group">
          <legend>{m('jobForm.group.job_location')}</legend>
          <LocationsField frontend={frontend} autocomplete={autocomplete} m={m} />
          <TermSelect name="remoteOptionId" label={m('jobForm.remoteOptions')} terms={options.remoteOptions} m={m} />
        </fieldset>

        <fieldset className="job-form__group">
          <legend>{m('jobForm.group.job_categorization')}</legend>
          <TermCheckboxes
            name="employmentTypeIds"
            legend={m('jobForm.employmentType')}
            terms={options.employmentTypes}
            m={m}
          />
          <TermCheckboxes
            name="occupationalFieldIds"
            legend={m('jobForm.occupationalField')}
            terms={options.occupationalFields}
            m={m}
          />
          <TermCheckboxes
            name="fieldOfStudyIds"
            legend={m('jobForm.fieldsOfStudy')}
            terms={options.fieldsOfStudy}
            m={m}
          />
          <div className="job-form__row">
            <TermSelect name="degreeLevelId" label={m('jobForm.degreeLevel')} terms={options.degreeLevels} m={m} />
            <TermSelect
              name="yearsOfExperienceId"
              label={m('jobForm.yearsOfExperience')}
              terms={options.yearsOfExperience}
              m={m}
            />
          </div>
          <fieldset className="job-form__subgroup">
            <legend>{m('jobForm.salaryRange')}</legend>
            <div className="job-form__row">
              {(
                [
                  ['salaryMin', 'jobForm.minSalary'],
                  ['salaryMax', 'jobForm.maxSalary'],
                ] as const
              ).map(([name, label]) => (
                <Field key={name} name={name} label={m(label)} m={m} className="field--short">
                  {(props) => (
                    <input
                      {...props}
                      type="number"
                      min={0}
                      step="any"
                      inputMode="decimal"
                      {...register(name, { valueAsNumber: true })}
                    />
                  )}
                </Field>
              ))}
              <Field name="currencyCode" label={m('jobForm.currencyCode')} m={m} className="field--short">
                {(props) => (
                  <select {...props} {...register('currencyCode')}>
                    {currencies.map((currency) => (
                      <option key={currency} value={currency}>
                        {currency}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field name="salaryUnit" label={m('jobForm.salaryUnit')} m={m} className="field--short">
                {(props) => (
                  <select {...props} {...register('salaryUnit')}>
                    <option value="">{m('jobForm.none')}</option>
                    {options.salaryUnits.map((unit) => (
                      <option key={unit} value={unit}>
                        {m(`jobForm.salaryUnit.${unit}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Field name="salaryFree" label={m('jobForm.salaryRangeFree')} m={m}>
              {(props) => <input {...props} maxLength={jobLimits.shortText} {...register('salaryFree')} />}
            </Field>
          </fieldset>
          <TermCheckboxes name="languageIds" legend={m('jobForm.languages')} terms={options.languages} m={m} />
          <Field name="languagesFree" label={m('jobForm.languagesFree')} m={m}>
            {(props) => <input {...props} maxLength={jobLimits.freeText} {...register('languagesFree')} />}
          </Field>
          <TermCheckboxes name="skillIds" legend={m('jobForm.skills')} terms={options.skills} m={m} />
          <Field name="skillsFree" label={m('jobForm.skillsFree')} m={m}>
            {(props) => <input {...props} maxLength={jobLimits.freeText} {...register('skillsFree')} />}
          </Field>
        </fieldset>

        <fieldset className="job-form__group">
          <legend>{m('jobForm.group.job_schedule')}</legend>
          <div className="job-form__row">
            <DateField name="publishedAt" label={m('jobForm.published')} hint={m('jobForm.publishedHint')} m={m} />
            <DateField name="expiresAt" label={m('jobForm.expiration')} m={m} />
            <Field name="durationDays" label={m('jobForm.duration')} m={m} className="field--short">
              {(props) => (
                <input
                  {...props}
                  type="number"
                  min={1}
                  max={jobLimits.durationDays}
                  step={1}
                  inputMode="numeric"
                  placeholder={String(options.defaultDurationDays)}
                  {...register('durationDays', { valueAsNumber: true })}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className="job-form__group">
          <legend>{m('jobForm.group.job_application_options')}</legend>
          <fieldset className="job-form__subgroup">
            <legend>{m('jobForm.applicationWorkflow')}</legend>
            <div className="job-form__choices">
              {(['email', 'link', 'on_site'] as const).map((value) => (
                <label key={value} className="job-form__check">
                  <input type="radio" value={value} {...register('applicationWorkflow')} />
                  {m(`jobForm.applicationWorkflow.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {workflow === 'email' && <EmailsField m={m} />}
          {workflow === 'link' && (
            <Field name="applicationLink" label={m('jobForm.applicationLink')} m={m} isRequired>
              {(props) => (
                <input {...props} type="url" inputMode="url" placeholder="https://" {...register('applicationLink')} />
              )}
            </Field>
          )}
          <label className="job-form__check">
            <input type="checkbox" {...register('applicationRequireCv')} />
            {m('jobForm.applicationRequireCv')}
          </label>
          <label className="job-form__check">
            <input type="checkbox" {...register('applicationRequireCoverLetter')} />
            {m('jobForm.applicationRequireCoverLetter')}
          </label>
          <label className="job-form__check">
            <input type="checkbox" {...register('applicationRequireQualifyingQuestions')} />
            {m('jobForm.applicationRequireQualifyingQuestions')}
          </label>
          {asksQuestions && (
            <fieldset className="job-form__subgroup" aria-describedby={questionsErrorId}>
              <legend>{m('jobForm.applicationQualifyingQuestions')}</legend>
              {questions.fields.map((question, index) => (
                <div key={question.id} className="job-form__question">
                  <Field
                    name={`applicationQualifyingQuestions.${index}.question`}
                    label={fill(m('jobForm.question'), { number: index + 1 })}
                    m={m}
                  >
                    {(props) => (
                      <input
                        {...props}
                        maxLength={jobLimits.question}
                        {...register(`applicationQualifyingQuestions.${index}.question`)}
                      />
                    )}
                  </Field>
                  <label className="job-form__check">
                    <input type="checkbox" {...register(`applicationQualifyingQuestions.${index}.required`)} />
                    {m('jobForm.questionRequired')}
                  </label>
                  <button type="button" className="button button--secondary" onClick={() => questions.remove(index)}>
                    {fill(m('jobForm.questionRemove'), { number: index + 1 })}
                  </button>
                </div>
              ))}
              {questions.fields.length < jobLimits.qualifyingQuestions && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => questions.append({ question: '', required: false })}
                >
                  {m('jobForm.questionAdd')}
                </button>
              )}
              <FieldError name="applicationQualifyingQuestions" m={m} />
            </fieldset>
          )}
        </fieldset>

        <section className="job-form__readiness card" aria-labelledby="google-readiness-heading">
          <h2 id="google-readiness-heading">{m('jobForm.googleReady')}</h2>
          {missing.length === 0 ? (
            <p className="job-form__ready">{m('jobForm.googleReadyOk')}</p>
          ) : (
            <>
              <p>{m('jobForm.googleReadyMissing')}</p>
              <ul>
                {missing.map((field) => (
                  <li key={field}>{m(recommendedFieldMessageKeys[field])}</li>
                ))}
              </ul>
            </>
          )}
        </section>

        {mode === 'review' && (
          <section className="job-form__review card" aria-labelledby="review-heading">
            <h2 id="review-heading">{m('jobForm.reviewTitle')}</h2>
            <div className={`field${reasonError ? ' field--invalid' : ''}`}>
              <label htmlFor="job-reject-reason">{m('jobForm.rejectReason')}</label>
              <p className="job-form__hint" id="job-reject-reason-hint">
                {m('jobForm.rejectReasonHint')}
              </p>
              <textarea
                id="job-reject-reason"
                rows={3}
                maxLength={jobLimits.freeText}
                value={reason}
                aria-invalid={Boolean(reasonError)}
                aria-describedby={`job-reject-reason-hint${reasonError ? ' job-reject-reason-error' : ''}`}
                onChange={(event) => setReason(event.target.value)}
              />
              {reasonError && (
                <p className="job-form__error" id="job-reject-reason-error">
                  {reasonError}
                </p>
              )}
            </div>
            <div className="job-form__actions">
              <button type="button" className="button" disabled={isBusy} onClick={() => void moderate('approve')}>
                {m('jobForm.approve')}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={isBusy}
                onClick={() => void moderate('reject')}
              >
                {m('jobForm.reject')}
              </button>
            </div>
          </section>
        )}

        <div className="job-form__actions">
          {showsPublish ? (
            <>
              <button type="submit" className="button button--secondary" disabled={isBusy}>
                {m('jobForm.saveDraft')}
              </button>
              <button type="button" className="button" disabled={isBusy} onClick={() => void submit(true)}>
                {m('jobForm.publish')}
              </button>
            </>
          ) : (
            <button
              type="submit"
              className={mode === 'review' ? 'button button--secondary' : 'button'}
              disabled={isBusy}
            >
              {m('jobForm.save')}
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

/** The job's fields as labels, for "Generate description" (the model reads words, not ids). */
function descriptionInputOf(values: JobFieldsInput, options: JobFormOptionsResult): JobDescriptionInput {
  const labelsOf = (ids: unknown, terms: readonly { tid: number; label: string }[]) => {
    const chosen = new Set<unknown>(Array.isArray(ids) ? ids : []);
    return terms
      .filter((term) => chosen.has(term.tid))
      .map((term) => term.label.slice(0, 100))
      .slice(0, 10);
  };
  const labelOf = (id: unknown, terms: readonly { tid: number; label: string }[]) =>
    terms.find((term) => term.tid === id)?.label ?? null;
  const amount = (value: unknown) => (typeof value === 'number' && !Number.isNaN(value) ? value : null);
  const [min, max] = [amount(values.salaryMin), amount(values.salaryMax)];
  const salary =
    min === null && max === null
      ? null
      : [[min, max].filter((value) => value !== null).join('–'), values.currencyCode, values.salaryUnit]
          .filter((part): part is string => typeof part === 'string' && part !== '')
          .join(' ');
  const language = values.language;
  return {
    language: language === 'en' || language === 'fr' ? language : 'de',
    title: typeof values.title === 'string' ? values.title : '',
    organization: options.organizations.find((organization) => organization.id === values.organizationId)?.name ?? null,
    locations: (values.locations ?? []).map((location) => location.locality.slice(0, 100)).slice(0, 10),
    remoteOptions: labelsOf([values.remoteOptionId], options.remoteOptions),
    employmentTypes: labelsOf(values.employmentTypeIds, options.employmentTypes),
    occupationalFields: labelsOf(values.occupationalFieldIds, options.occupationalFields),
    degreeLevel: labelOf(values.degreeLevelId, options.degreeLevels),
    yearsOfExperience: labelOf(values.yearsOfExperienceId, options.yearsOfExperience),
    salary: salary?.slice(0, 200) ?? null,
    languages: labelsOf(values.languageIds, options.languages),
    skills: labelsOf(values.skillIds, options.skills),
  };
}

function DescriptionField({
  m,
  viewerKind,
  richTextMessages,
  generate,
}: {
  m: Translate;
  viewerKind: ViewerKind;
  richTextMessages: RichTextMessages;
  generate: {
    locale: string;
    messages: GenerateDescriptionMessages;
    job: () => JobDescriptionInput;
    disabled: boolean;
  } | null;
}) {
  const error = useFieldError('description');
  const labelId = 'job-description-label';
  const editor = useRef<RichTextHandle | null>(null);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        {m('jobForm.description')} <span className="job-form__required">({m('jobForm.required')})</span>
      </span>
      <Controller
        name="description"
        render={({ field }) => (
          <RichTextEditor
            id="job-description"
            labelledBy={labelId}
            describedBy={error ? errorId('description') : undefined}
            isInvalid={Boolean(error)}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            viewerKind={viewerKind}
            messages={richTextMessages}
            handle={editor}
          />
        )}
      />
      <FieldError name="description" m={m} />
      {generate && (
        <GenerateDescription
          enabled
          locale={generate.locale}
          messages={generate.messages}
          job={generate.job}
          disabled={generate.disabled}
          onStart={() => {
            // A draft goes below what the recruiter wrote, never over it.
            if (editor.current && !editor.current.isEmpty()) editor.current.append('\n');
          }}
          onChunk={(text) => editor.current?.append(text)}
        />
      )}
    </div>
  );
}

function DateField({
  name,
  label,
  hint,
  m,
}: {
  name: 'publishedAt' | 'expiresAt';
  label: string;
  hint?: string;
  m: Translate;
}) {
  return (
    <Field name={name} label={label} hint={hint} m={m}>
      {(props) => (
        <Controller
          name={name}
          render={({ field }) => (
            <input
              {...props}
              ref={field.ref}
              type="date"
              value={dateInputValue(typeof field.value === 'string' ? field.value : null)}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(instantOfDateInput(event.target.value))}
            />
          )}
        />
      )}
    </Field>
  );
}

/** The application e-mails: one text input, several addresses separated by commas. */
function EmailsField({ m }: { m: Translate }) {
  return (
    <Field
      name="applicationEmails"
      label={m('jobForm.applicationEmails')}
      hint={m('jobForm.applicationEmailsHint')}
      m={m}
      isRequired
    >
      {(props) => (
        <Controller
          name="applicationEmails"
          render={({ field }) => (
            <EmailsInput
              inputProps={props}
              value={Array.isArray(field.value) ? (field.value as string[]) : []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
      )}
    </Field>
  );
}

function EmailsInput({
  inputProps,
  value,
  onChange,
  onBlur,
  inputRef,
}: {
  inputProps: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean };
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <input
      {...inputProps}
      ref={inputRef}
      type="text"
      inputMode="email"
      autoComplete="email"
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(/[,;\s]+/)
            .map((address) => address.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** job_per_file: the PDF is uploaded first (GraphQL multipart); the form keeps the token the server answers. */
function FileField({ m, frontend, jobId }: { m: Translate; frontend: FrontendInfo; jobId: number | null }) {
  const { setValue, setError, clearErrors, getValues } = useFormContext<JobFieldsInput>();
  const current = useWatch<JobFieldsInput, 'file'>({ name: 'file' });
  const [fileName, setFileName] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  async function upload(file: File) {
    clearErrors('file');
    if (file.size > jobLimits.fileBytes) {
      setError('file', { message: 'job.error.fileTooLarge' });
      return;
    }
    setIsUploading(true);
    const { sendJobFile } = await import('./job-backend.ts');
    const result = await sendJobFile(frontend, { organizationId: Number(getValues('organizationId')), file });
    setIsUploading(false);
    if (result.kind === 'uploaded') {
      setValue('file', result.upload.file, { shouldDirty: true });
      setFileName(result.upload.fileName);
      return;
    }
    const message =
      result.kind === 'invalid'
        ? (Object.values(result.fieldErrors).find(Boolean) ?? 'job.error.fileNotPdf')
        : result.kind === 'signedOut'
          ? 'jobForm.signedOut'
          : result.kind === 'failed' && result.message
            ? result.message
            : 'jobForm.failed';
    setError('file', { message });
  }

  return (
    <Field name="file" label={m('jobForm.file')} hint={m('jobForm.fileHint')} m={m} isRequired>
      {(props) => (
        <>
          <input
            {...props}
            type="file"
            accept="application/pdf,.pdf"
            disabled={isUploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {isUploading && <p role="status">{m('jobForm.saving')}</p>}
          {typeof current === 'string' && current !== '' && (
            <p className="job-form__hint" data-job-file>
              {fill(m('jobForm.fileCurrent'), {
                name: fileName ?? (jobId === null ? 'PDF' : `PDF (${jobId})`),
              })}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
