import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  applicationFieldsSchema,
  applicationFileAccept,
  applicationLimits,
  applicationSchemaFor,
  fileProblemOf,
  type ApplicationFileKindValue,
} from '../../lib/applications/application-schema.ts';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import { recordStart, sendApplication, uploadFile } from './apply-client.ts';
import './quick-apply.css';

/** What the page hands over: the applicationForm query's answer, the brand and the links. */
export interface QuickApplyProps {
  form: {
    jobId: number;
    title: string;
    organizationName: string;
    workflow: string;
    requireCv: boolean;
    requireCoverLetter: boolean;
    questions: { question: string; required: boolean }[];
    blocker: string | null;
    appliedAt: string | null;
    prefill: { firstName: string | null; lastName: string | null; email: string } | null;
  };
  frontend: FrontendInfo;
  brandName: string;
  /** Every message the island shows, translated on the server (keys of src/i18n). */
  messages: Record<string, string>;
  links: { job: string; dashboard: string; signIn: string; verify: string };
  /** The date "already applied on" is shown with, formatted on the server. */
  appliedOn: string | null;
}

type Step = 'basicInfo' | 'questions' | 'files' | 'review' | 'success';

interface UploadedFile {
  token: string;
  name: string;
}

interface Draft {
  step: Step;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  answers: string[];
  files: Partial<Record<ApplicationFileKindValue, UploadedFile>>;
  idempotencyKey: string;
  savedAt: number;
  started: boolean;
}

/** A draft is kept in this browser for a day (forced registration may go through a verification mail). */
const draftLifetimeMs = 24 * 60 * 60 * 1000;

const fileFields = { cv: 'cvFile', cover_letter: 'coverLetterFile' } as const;

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function loadDraft(key: string): Draft | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Draft | null;
    if (!saved || Date.now() - saved.savedAt > draftLifetimeMs) return null;
    return saved;
  } catch {
    return null;
  }
}

function saveDraft(key: string, draft: Draft | null): void {
  try {
    if (draft === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Private mode or a full storage: the form still works, it just is not kept across pages.
  }
}

/** Field errors of a zod/mini result, keyed by field, the first per field (message keys). */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

export default function QuickApply(props: QuickApplyProps) {
  const { form, frontend, messages, links } = props;
  const m = (key: string, params?: Record<string, string | number>) => fill(messages[key] ?? key, params ?? {});
  const storageKey = `apply:${frontend.name}:${form.jobId}`;
  const steps: Step[] = [
    'basicInfo',
    ...(form.questions.length > 0 ? (['questions'] as const) : []),
    'files',
    'review',
  ];
  const [draft, setDraft] = useState<Draft>(() => ({
    step: 'basicInfo',
    firstName: form.prefill?.firstName ?? '',
    lastName: form.prefill?.lastName ?? '',
    email: form.prefill?.email ?? '',
    phone: '',
    answers: form.questions.map(() => ''),
    files: {},
    idempotencyKey: newKey(),
    savedAt: Date.now(),
    started: false,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState<false | 'sending' | ApplicationFileKindValue>(false);
  const [blocker, setBlocker] = useState(form.blocker);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const restored = useRef(false);
  // Until React has taken over, the form must not be sent the browser's way (a GET with the answers in the URL).
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  const idPrefix = useId();

  // Restore the draft of this job (a reload, or the way back from sign-in), then keep it on every change.
  useEffect(() => {
    const saved = loadDraft(storageKey);
    if (saved) {
      setDraft((current) => ({
        ...saved,
        // A signed-in applicant's own data fills what the draft left empty.
        firstName: saved.firstName || current.firstName,
        lastName: saved.lastName || current.lastName,
        email: saved.email || current.email,
        step: saved.step === 'success' ? 'basicInfo' : saved.step,
      }));
    }
    restored.current = true;
  }, [storageKey]);
  useEffect(() => {
    if (restored.current && draft.step !== 'success') saveDraft(storageKey, draft);
  }, [draft, storageKey]);

  // SPEC section 4, the application analytics step "start": once per application, when its first step shows.
  useEffect(() => {
    if (!restored.current || draft.started || form.appliedAt) return;
    setDraft((current) => ({ ...current, started: true }));
    void recordStart(frontend, form.jobId);
  }, [draft.started, form.appliedAt, form.jobId, frontend]);

  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [draft.step]);

  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  if (form.appliedAt) {
    return (
      <div className="quick-apply card" data-quick-apply>
        <p className="quick-apply__already" role="status">
          {m('apply.alreadyApplied', { date: props.appliedOn ?? '' })}
        </p>
        <p className="account-actions">
          <a className="button" href={links.dashboard}>
            {m('apply.toDashboard')}
          </a>
          <a href={links.job}>{m('apply.backToJob')}</a>
        </p>
      </div>
    );
  }

  const values = () => ({
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email,
    phone: draft.phone,
    answers: draft.answers,
    cvFile: draft.files.cv?.token ?? null,
    coverLetterFile: draft.files.cover_letter?.token ?? null,
  });

  /** The problems of the fields one step shows. */
  function problemsOf(step: Step): FieldErrors {
    const full = applicationSchemaFor({
      requireCv: form.requireCv,
      requireCoverLetter: form.requireCoverLetter,
      // The form's questions are the ones the job asks (questionsOf on the server).
      requireQualifyingQuestions: true,
      qualifyingQuestions: form.questions,
    }).safeParse(values());
    const base = applicationFieldsSchema.safeParse(values());
    const all = {
      ...(full.success ? {} : errorsOf(full.error.issues)),
      ...(base.success ? {} : errorsOf(base.error.issues)),
    };
    const fieldsOf: Record<Step, (field: string) => boolean> = {
      basicInfo: (field) => ['firstName', 'lastName', 'email', 'phone'].includes(field),
      questions: (field) => field.startsWith('answers'),
      files: (field) => field === 'cvFile' || field === 'coverLetterFile',
      review: () => true,
      success: () => false,
    };
    return Object.fromEntries(Object.entries(all).filter(([field]) => fieldsOf[step](field)));
  }

  function stepOfField(field: string): Step {
    if (field.startsWith('answers')) return 'questions';
    if (field === 'cvFile' || field === 'coverLetterFile') return 'files';
    return 'basicInfo';
  }

  function go(step: Step) {
    setNotice(null);
    setErrors({});
    update({ step });
  }

  /** Keyboard and screen reader users land on the first field to fix. */
  function focusFirstProblem() {
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-quick-apply] [aria-invalid="true"]')?.focus();
    });
  }

  function next() {
    const problems = problemsOf(draft.step);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setNotice(m('apply.fixErrors'));
      focusFirstProblem();
      return;
    }
    go(steps[steps.indexOf(draft.step) + 1] ?? 'review');
  }

  async function upload(kind: ApplicationFileKindValue, file: File) {
    const field = fileFields[kind];
    const problem = fileProblemOf(file);
    if (problem) {
      setErrors((current) => ({ ...current, [field]: problem }));
      return;
    }
    setErrors((current) => ({ ...current, [field]: undefined }));
    setIsBusy(kind);
    const result = await uploadFile(frontend, { jobId: form.jobId, kind, file });
    setIsBusy(false);
    if (result.kind === 'ok') {
      const uploaded = result.data.uploadApplicationFile;
      setDraft((current) => ({
        ...current,
        files: { ...current.files, [kind]: { token: uploaded.file, name: uploaded.fileName } },
      }));
      return;
    }
    const message =
      result.kind === 'invalid'
        ? (Object.values(result.fieldErrors).find(Boolean) ?? 'apply.error.fileContent')
        : result.kind === 'refused'
          ? result.message
          : 'apply.failed';
    setErrors((current) => ({ ...current, [field]: message }));
  }

  async function submit() {
    const problems = problemsOf('review');
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setNotice(m('apply.fixErrors'));
      update({ step: stepOfField(Object.keys(problems)[0] ?? '') });
      focusFirstProblem();
      return;
    }
    setIsBusy('sending');
    setNotice(null);
    const result = await sendApplication(frontend, {
      jobId: form.jobId,
      idempotencyKey: draft.idempotencyKey,
      ...values(),
    });
    setIsBusy(false);
    if (result.kind === 'ok') {
      setSentTo(draft.email);
      saveDraft(storageKey, null);
      update({ step: 'success' });
      return;
    }
    if (result.kind === 'invalid') {
      setErrors(result.fieldErrors);
      setNotice(result.fieldErrors.form ?? result.fieldErrors.email ?? m('apply.fixErrors'));
      const first = Object.keys(result.fieldErrors).find((field) => field !== 'form');
      if (first && result.code !== 'CONFLICT') update({ step: stepOfField(first) });
      return;
    }
    if (result.kind === 'refused' && result.code === 'UNAUTHENTICATED') setBlocker('signInRequired');
    else if (result.kind === 'refused' && result.code === 'EMAIL_NOT_VERIFIED') setBlocker('emailNotVerified');
    setNotice(result.kind === 'refused' ? result.message : m('apply.failed'));
  }

  const errorText = (field: string) => {
    const error = errors[field];
    return error ? (messages[error] ?? error) : null;
  };
  const stepIndex = steps.indexOf(draft.step);
  const stepTitle = m(`apply.step.${draft.step}`);

  function field(options: {
    name: 'firstName' | 'lastName' | 'email' | 'phone';
    type?: string;
    autoComplete: string;
    required: boolean;
    maxLength: number;
  }) {
    const id = `${idPrefix}-${options.name}`;
    const error = errorText(options.name);
    return (
      <div className={`field account-field${error ? ' account-field--invalid' : ''}`}>
        <label htmlFor={id}>
          {m(`apply.${options.name}`)}
          {!options.required && <span className="account-field__optional"> ({m('apply.optional')})</span>}
        </label>
        <input
          id={id}
          name={options.name}
          type={options.type ?? 'text'}
          value={draft[options.name]}
          autoComplete={options.autoComplete}
          required={options.required}
          maxLength={options.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => update({ [options.name]: event.target.value })}
        />
        {error && (
          <p className="account-field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  function fileInput(kind: ApplicationFileKindValue, required: boolean) {
    const name = fileFields[kind];
    const id = `${idPrefix}-${name}`;
    const error = errorText(name);
    const uploaded = draft.files[kind];
    return (
      <div className={`field account-field${error ? ' account-field--invalid' : ''}`}>
        <label htmlFor={id}>
          {m(kind === 'cv' ? 'apply.cv' : 'apply.coverLetter')}
          {!required && <span className="account-field__optional"> ({m('apply.optional')})</span>}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept={applicationFileAccept}
          disabled={isBusy === kind}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(kind, file);
          }}
        />
        <p className="account-field__hint" id={`${id}-hint`}>
          {m('apply.fileHint')}
        </p>
        {isBusy === kind && <p role="status">{m('apply.fileUploading')}</p>}
        {uploaded && (
          <p className="quick-apply__file" data-uploaded={kind}>
            <span>{m('apply.fileUploaded', { name: uploaded.name })}</span>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setDraft((current) => {
                  const files = { ...current.files };
                  delete files[kind];
                  return { ...current, files };
                });
              }}
            >
              {m('apply.fileRemove')}
            </button>
          </p>
        )}
        {error && (
          <p className="account-field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  function reviewRow(label: string, value: ReactNode, step: Step) {
    return (
      <div className="quick-apply__review-row">
        <dt>{label}</dt>
        <dd>{value}</dd>
        <dd>
          <button type="button" className="quick-apply__edit" onClick={() => go(step)}>
            {m('apply.edit')}
            <span className="visually-hidden">: {label}</span>
          </button>
        </dd>
      </div>
    );
  }

  let body: ReactNode;
  if (draft.step === 'success') {
    body = (
      <div className="stack" data-apply-success>
        <p>
          {m('apply.success.text', {
            title: form.title,
            organization: form.organizationName,
            email: sentTo ?? draft.email,
          })}
        </p>
        <p className="account-actions">
          <a className="button" href={links.job}>
            {m('apply.backToJob')}
          </a>
          {form.prefill && <a href={links.dashboard}>{m('apply.toDashboard')}</a>}
        </p>
      </div>
    );
  } else if (draft.step === 'basicInfo') {
    body = (
      <>
        <div className="account-form__row">
          {field({ name: 'firstName', autoComplete: 'given-name', required: true, maxLength: applicationLimits.name })}
          {field({ name: 'lastName', autoComplete: 'family-name', required: true, maxLength: applicationLimits.name })}
        </div>
        {field({
          name: 'email',
          type: 'email',
          autoComplete: 'email',
          required: true,
          maxLength: applicationLimits.email,
        })}
        {field({
          name: 'phone',
          type: 'tel',
          autoComplete: 'tel',
          required: false,
          maxLength: applicationLimits.phone,
        })}
      </>
    );
  } else if (draft.step === 'questions') {
    body = form.questions.map((question, index) => {
      const id = `${idPrefix}-answer-${index}`;
      const error = errorText(`answers.${index}`);
      return (
        <div key={id} className={`field account-field${error ? ' account-field--invalid' : ''}`}>
          <label htmlFor={id}>
            {question.question}
            {!question.required && <span className="account-field__optional"> ({m('apply.optional')})</span>}
          </label>
          <textarea
            id={id}
            name={`answers.${index}`}
            rows={3}
            value={draft.answers[index] ?? ''}
            required={question.required}
            maxLength={applicationLimits.answer}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              const answers = [...draft.answers];
              answers[index] = event.target.value;
              update({ answers });
            }}
          />
          {error && (
            <p className="account-field__error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
      );
    });
  } else if (draft.step === 'files') {
    body = (
      <>
        {!form.requireCv && !form.requireCoverLetter && <p>{m('apply.filesOptional')}</p>}
        {fileInput('cv', form.requireCv)}
        {fileInput('cover_letter', form.requireCoverLetter)}
      </>
    );
  } else {
    const none = <span className="quick-apply__none">{m('apply.noFile')}</span>;
    body = (
      <>
        <dl className="quick-apply__review">
          {reviewRow(m('apply.firstName'), draft.firstName, 'basicInfo')}
          {reviewRow(m('apply.lastName'), draft.lastName, 'basicInfo')}
          {reviewRow(m('apply.email'), draft.email, 'basicInfo')}
          {reviewRow(m('apply.phone'), draft.phone || none, 'basicInfo')}
          {form.questions.map((question, index) => (
            <div key={index}>
              {reviewRow(
                question.question,
                draft.answers[index] || <span className="quick-apply__none">{m('apply.noAnswer')}</span>,
                'questions',
              )}
            </div>
          ))}
          {reviewRow(m('apply.cv'), draft.files.cv?.name ?? none, 'files')}
          {reviewRow(m('apply.coverLetter'), draft.files.cover_letter?.name ?? none, 'files')}
        </dl>
        {form.workflow === 'email' && <p>{m('apply.emailWorkflow')}</p>}
        <p className="account-field__hint">{m('apply.privacy')}</p>
      </>
    );
  }

  const signInNeeded = blocker === 'signInRequired';
  const verifyNeeded = blocker === 'emailNotVerified';
  const notApplicant = blocker === 'notApplicant';

  return (
    <div className="quick-apply card" data-quick-apply data-step={draft.step}>
      {draft.step !== 'success' && (
        <nav aria-label={m('apply.steps')}>
          <ol className="quick-apply__steps">
            {steps.map((step, index) => (
              <li
                key={step}
                aria-current={step === draft.step ? 'step' : undefined}
                data-done={index < stepIndex ? 'true' : undefined}
              >
                <span className="quick-apply__step-number" aria-hidden="true">
                  {index + 1}
                </span>
                {m(`apply.step.${step}`)}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h2 ref={headingRef} tabIndex={-1} className="quick-apply__heading">
        {draft.step === 'success' ? m('apply.success.heading') : stepTitle}
        {draft.step !== 'success' && (
          <span className="quick-apply__progress">
            {' '}
            {m('apply.stepOf', { current: stepIndex + 1, total: steps.length })}
          </span>
        )}
      </h2>
      {notice && (
        <div className="alert alert--danger" role="alert">
          {notice}
        </div>
      )}
      {notApplicant && (
        <div className="alert alert--warning" role="status">
          {m('apply.notApplicant')}
        </div>
      )}
      <form
        className="account-form"
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.step === 'review') void submit();
          else next();
        }}
      >
        {body}
        {draft.step !== 'success' && draft.step === 'review' && signInNeeded && (
          <div className="alert alert--info stack" data-sign-in-required>
            <h3>{m('apply.signIn.heading')}</h3>
            <p>{m('apply.signIn.text', { brand: props.brandName })}</p>
            <p>
              <a className="button" href={links.signIn}>
                {m('apply.signIn.button')}
              </a>
            </p>
          </div>
        )}
        {draft.step === 'review' && verifyNeeded && (
          <div className="alert alert--warning stack" data-verify-required>
            <p>{m('apply.verify.text')}</p>
            <p>
              <a className="button button--secondary" href={links.verify}>
                {m('apply.verify.check')}
              </a>
            </p>
          </div>
        )}
        {draft.step !== 'success' && (
          <div className="account-actions quick-apply__actions">
            {stepIndex > 0 && (
              <button type="button" className="button button--secondary" onClick={() => go(steps[stepIndex - 1]!)}>
                {m('apply.back')}
              </button>
            )}
            {draft.step === 'review' ? (
              !signInNeeded &&
              !verifyNeeded &&
              !notApplicant && (
                <button type="submit" className="button" disabled={isBusy !== false} data-send-application>
                  {isBusy === 'sending' ? m('apply.sending') : m('apply.send')}
                </button>
              )
            ) : (
              <button type="submit" className="button" disabled={!isHydrated || isBusy !== false}>
                {m('apply.next')}
              </button>
            )}
          </div>
        )}
      </form>
    </div>
  );
}
