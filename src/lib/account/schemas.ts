/**
 * Inputs of the account forms, shared by the pages (HTML constraints) and the services (validation).
 * Error messages are message keys (src/i18n), so the visitor reads them in their language.
 */
import { z } from 'zod';
import { addFieldError, type FieldErrors } from '../field-errors.ts';

export const passwordMinLength = 10;
export const passwordMaxLength = 200;

export const emailField = z
  .string({ error: 'account.error.emailInvalid' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'account.error.emailInvalid' })
  .pipe(z.email({ error: 'account.error.emailInvalid' }));

export const newPasswordField = z
  .string({ error: 'account.error.passwordTooShort' })
  .min(passwordMinLength, { error: 'account.error.passwordTooShort' })
  .max(passwordMaxLength, { error: 'account.error.passwordTooLong' });

const required = (max: number) =>
  z
    .string({ error: 'account.error.required' })
    .trim()
    .min(1, { error: 'account.error.required' })
    .max(max, { error: 'account.error.tooLong' });

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'account.error.tooLong' })
    .optional()
    .transform((value) => (value ? value : null));

const withConfirmation = <TSchema extends z.ZodObject<{ password: z.ZodString; passwordConfirm: z.ZodString }>>(
  schema: TSchema,
) =>
  schema.refine((value) => value.password === value.passwordConfirm, {
    path: ['passwordConfirm'],
    error: 'account.error.passwordMismatch',
  });

/**
 * SPEC 4: the creation source (utm_source) the browser kept in session storage, sent along by the sign-up
 * forms (a hidden field). A value that is not a short plain word is dropped, never refused: it must not
 * stop anyone from registering.
 */
export const creationSourceField = z
  .unknown()
  .transform((value) =>
    typeof value === 'string' && /^[\p{L}\p{N} ._+-]{1,100}$/u.test(value.trim()) ? value.trim() : null,
  )
  .optional();

/** SPEC section 2: the applicant registration form (register_applicant_form) has no extra fields. */
export const registerApplicantFormKey = 'register_applicant_form';

export const registerApplicantSchema = withConfirmation(
  z.object({
    email: emailField,
    password: newPasswordField,
    passwordConfirm: z.string(),
    creationSource: creationSourceField,
  }),
);
export type RegisterApplicantInput = z.infer<typeof registerApplicantSchema>;

export const salutations = ['mr', 'ms', 'diverse'] as const;

/** SPEC section 3: personal info and company info of the organization the recruiter will own. */
export const registerRecruiterSchema = withConfirmation(
  z.object({
    email: emailField,
    password: newPasswordField,
    passwordConfirm: z.string(),
    salutation: z.enum(salutations, { error: 'account.error.required' }),
    firstName: required(100),
    lastName: required(100),
    phone: optional(40).refine((value) => value === null || /^[+()0-9 /-]{5,40}$/.test(value), {
      error: 'account.error.phoneInvalid',
    }),
    position: optional(100),
    companyName: required(200),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'account.error.countryInvalid' })
      .default('DE'),
    addressLine1: required(200),
    addressLine2: optional(200),
    postalCode: z
      .string({ error: 'account.error.required' })
      .trim()
      .regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'account.error.postalCodeInvalid' }),
    locality: required(100),
    administrativeArea: optional(100),
    creationSource: creationSourceField,
  }),
);
export type RegisterRecruiterInput = z.infer<typeof registerRecruiterSchema>;

export const requestPasswordResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = withConfirmation(
  z.object({ token: z.string().min(1).max(200), password: newPasswordField, passwordConfirm: z.string() }),
);

export const changePasswordSchema = withConfirmation(
  z.object({
    currentPassword: z.string().min(1, { error: 'account.error.required' }).max(passwordMaxLength),
    password: newPasswordField,
    passwordConfirm: z.string(),
  }),
);

/** The fields of a form's schema: what a page sends of the submitted values (the backend checks them). */
export function formFields<TShape extends z.ZodRawShape>(schema: z.ZodObject<TShape>): (keyof TShape & string)[] {
  const fields: (keyof TShape & string)[] = [];
  for (const field in schema.shape) fields.push(field);
  return fields;
}

/** Field name → first message key, for showing errors next to the fields. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    addFieldError(errors, field, issue.message.startsWith('account.') ? issue.message : 'account.error.invalid');
  }
  return errors;
}

const secretFields = new Set(['password', 'passwordConfirm', 'currentPassword']);

/** The submitted values to fill a form again after a refusal, never the passwords. */
export function refillValues(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object') return {};
  return Object.fromEntries(Object.entries(input).filter(([key]) => !secretFields.has(key)));
}
