/**
 * Field errors, keyed by field, in one shape for the server (GraphQL `extensions.fieldErrors`, service
 * results) and the forms that show them: the field's name (a dotted path for nested input, `form` for the
 * form as a whole) → its first problem, a message key of src/i18n (forms) or an English sentence that names
 * the rule (API input checks).
 */
export type FieldErrors = Partial<Record<string, string>>;

/** Records a problem of a field unless it has one already (the first problem is the one shown). */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  errors[field] ??= message;
}
