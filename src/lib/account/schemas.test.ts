import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, registerApplicantSchema, registerRecruiterSchema } from './schemas';

const recruiter = {
  email: ' Rita@Acme.Example ',
  password: 'a-long-password',
  passwordConfirm: 'a-long-password',
  salutation: 'ms',
  firstName: 'Rita',
  lastName: 'Acme',
  phone: '+49 711 123456',
  position: '',
  companyName: 'Acme GmbH',
  countryCode: 'de',
  addressLine1: 'Hauptstraße 1',
  postalCode: '72070',
  locality: 'Tübingen',
};

describe('account form schemas', () => {
  it('normalises a valid recruiter registration', () => {
    const parsed = registerRecruiterSchema.parse(recruiter);
    expect(parsed).toMatchObject({ email: 'rita@acme.example', countryCode: 'DE', position: null, addressLine2: null });
  });

  it('reports each wrong field with a message key', () => {
    const result = registerRecruiterSchema.safeParse({
      ...recruiter,
      email: 'not-an-address',
      passwordConfirm: 'different-password',
      companyName: ' ',
      postalCode: '!',
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({
      email: 'account.error.emailInvalid',
      companyName: 'account.error.required',
      postalCode: 'account.error.postalCodeInvalid',
      passwordConfirm: 'account.error.passwordMismatch',
    });
    const mismatch = registerApplicantSchema.safeParse({
      email: 'a@b.de',
      password: 'x'.repeat(10),
      passwordConfirm: 'y',
    });
    expect(fieldErrorsOf(mismatch.error!)).toEqual({ passwordConfirm: 'account.error.passwordMismatch' });
    const short = registerApplicantSchema.safeParse({ email: 'a@b.de', password: 'short', passwordConfirm: 'short' });
    expect(fieldErrorsOf(short.error!)).toEqual({ password: 'account.error.passwordTooShort' });
  });
});
