import { refillValues, registerApplicantSchema } from '../../../lib/account/schemas.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Database } from '../../db/index.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { contentLanguageOf } from '../base/terms.ts';
import { recordRegistrationConsent } from '../consent/record-registration-consent.ts';
import type { LinkContext } from './account-links.ts';
import { createAccountToken } from './account-tokens.ts';
import { weakPassword } from './new-password.ts';
import {
  answerKnownAddress,
  invalid,
  isEmailRegistered,
  isUniqueViolation,
  mailVerificationLink,
  registrationLimited,
  type RegistrationResult,
} from './registration.ts';

/**
 * An applicant account (form register_applicant_form): user, applicant role and a verification mail. An
 * address that has an account already gets the same answer, and its owner a mail (answerKnownAddress).
 */
export async function registerApplicant(options: {
  db: Database;
  input: unknown;
  link: LinkContext;
  clientAddress: string | null;
}): Promise<RegistrationResult> {
  const { db, input, link } = options;
  const parsed = registerApplicantSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, input);
  const { email, password, creationSource } = parsed.data;
  if (await registrationLimited(db, options.clientAddress)) {
    return { ok: false, fieldErrors: { form: 'account.error.rateLimited' }, values: refillValues(input) };
  }
  const weak = await weakPassword(password, { brand: link.brand, userInputs: [email] });
  if (weak) return { ok: false, ...weak, values: refillValues(input) };
  if (await isEmailRegistered(db, email)) return answerKnownAddress({ db, link, email, password });
  const passwordHash = await hashPassword(password);
  try {
    const { token } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, creationSource: creationSource ?? null })
        .returning({ id: users.id });
      if (!user) throw new Error('user not inserted');
      await tx.insert(userRoles).values({ userId: user.id, role: 'applicant' });
      await recordRegistrationConsent(tx, { userId: user.id, email, language: contentLanguageOf(link.locale) });
      return { token: await createAccountToken(tx, user.id, 'verify_email') };
    });
    await mailVerificationLink(link, email, token);
    return { ok: true, email };
  } catch (error) {
    if (isUniqueViolation(error)) return answerKnownAddress({ db, link, email, password: null });
    throw error;
  }
}
