import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import { fieldsOf, wizardSteps, type WizardStep } from '../../lib/resumes/resume-form.ts';
import { jobPreferencesSchema, personalInfoSchema, type HiddenResumeFields } from '../../lib/resumes/resume-schema.ts';
import { operation, send } from '../applications/apply-client.ts';
import { saveResumeJobPreferences, saveResumePersonalInfo } from './operations.ts';
import { Field } from './ResumeField.tsx';
import ResumeImportStep from './ResumeImportStep.tsx';

/** What the wizard page hands over: the stored values of the two form steps, the brand's hidden fields, links. */
export interface ResumeWizardProps {
  step: WizardStep;
  values: Record<'personal_info' | 'job_preferences', Record<string, string | string[]>>;
  hidden: HiddenResumeFields;
  frontend: FrontendInfo;
  messages: Record<string, string>;
  /** The localized paths of the steps and of the resume overview. */
  paths: Record<WizardStep | 'resume', string>;
}

const stepSection = { 'personal-info': 'personal_info', 'job-preferences': 'job_preferences' } as const;
const stepSchema = { 'personal-info': personalInfoSchema, 'job-preferences': jobPreferencesSchema } as const;
const stepMutation = { 'personal-info': saveResumePersonalInfo, 'job-preferences': saveResumeJobPreferences } as const;
const listNames = new Set(['employmentType', 'availabilityPeriods']);

/**
 * The resume wizard (issue 17, SPEC 2: personal info, job preferences, import). Each form step is checked
 * with its section's schema in the browser and saved through its mutation before the next step; the
 * backend checks again with the same schema and its field errors come back in the visitor's language.
 * Every step is a plain form: Tab, Space and Enter do it all, and the step heading takes the focus when the
 * step changes. The address follows the step (history.pushState), so reload and back keep the place.
 */
export default function ResumeWizard(props: ResumeWizardProps) {
  const { messages, hidden } = props;
  const m = (key: string, params: Record<string, string | number> = {}) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  const [step, setStep] = useState<WizardStep>(props.step);
  const [values, setValues] = useState(props.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  useEffect(() => {
    const onPop = () => {
      const found = wizardSteps.find((candidate) => props.paths[candidate] === location.pathname);
      if (found) setStep(found);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [props.paths]);

  const go = (next: WizardStep) => {
    setErrors({});
    setStep(next);
    history.pushState(null, '', props.paths[next]);
  };

  const index = wizardSteps.indexOf(step);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 'import') return;
    const section = stepSection[step];
    const data = new FormData(event.currentTarget);
    const fields = fieldsOf(section, hidden);
    const input: Record<string, string | string[] | null> = {};
    for (const field of fields) {
      input[field.name] = listNames.has(field.name)
        ? data.getAll(field.name).map(String)
        : ((data.get(field.name) as string | null) ?? null);
    }
    setValues({ ...values, [section]: input as Record<string, string | string[]> });
    const checked = z.safeParse(stepSchema[step], input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path.join('.') || 'form';
        found[name] ??= m(issue.message);
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    const result = await send(props.frontend, operation(stepMutation[step], { input }), true);
    setBusy(false);
    if (result.kind === 'ok') {
      go(wizardSteps[index + 1] ?? 'import');
      return;
    }
    if (result.kind === 'invalid') setErrors(result.fieldErrors as Record<string, string>);
    else setErrors({ form: result.kind === 'refused' ? result.message : m('resume.error.failed') });
  }

  const errorCount = Object.keys(errors).length;
  return (
    <div className="resume-wizard stack">
      <nav aria-label={m('resume.wizard.steps')}>
        <ol className="resume-wizard__steps">
          {wizardSteps.map((candidate, position) => (
            <li key={candidate} aria-current={candidate === step ? 'step' : undefined}>
              {position + 1}. {m(`resume.wizard.step.${candidate}`)}
            </li>
          ))}
        </ol>
      </nav>
      {step === 'import' ? (
        <div className="account-form card stack">
          <h2 ref={heading} tabIndex={-1}>
            {m('resume.wizard.step', { current: index + 1, total: wizardSteps.length })}:{' '}
            {m(`resume.wizard.step.${step}`)}
          </h2>
          <ResumeImportStep
            frontend={props.frontend}
            hidden={hidden}
            stored={values.personal_info}
            m={m}
            resumePath={props.paths.resume}
          />
          <div className="account-actions">
            <button type="button" className="button button--secondary" onClick={() => go('job-preferences')}>
              {m('resume.wizard.back')}
            </button>
            <a className="button button--secondary" href={props.paths.resume}>
              {m('resume.wizard.finish')}
            </a>
          </div>
        </div>
      ) : (
        <form className="account-form card" method="post" noValidate onSubmit={(event) => void submit(event)}>
          <h2 ref={heading} tabIndex={-1}>
            {m('resume.wizard.step', { current: index + 1, total: wizardSteps.length })}:{' '}
            {m(`resume.wizard.step.${step}`)}
          </h2>
          {errorCount > 0 && (
            <div className="alert alert--danger" role="alert">
              {errors.form ?? errors.input ?? m('resume.wizard.fixErrors')}
            </div>
          )}
          {fieldsOf(stepSection[step], hidden).map((field) => (
            <Field
              key={`${step}-${field.name}`}
              field={field}
              value={values[stepSection[step]][field.name]}
              error={errors[field.name]}
              m={m}
            />
          ))}
          <div className="account-actions">
            {index > 0 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => go(wizardSteps[index - 1] ?? 'personal-info')}
              >
                {m('resume.wizard.back')}
              </button>
            )}
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              {busy ? m('resume.wizard.saving') : m('resume.wizard.next')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
