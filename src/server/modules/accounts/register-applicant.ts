import { registerApplicantSchema } from '../../../features/account/schemas.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Database } from '../../db/index.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import type { LinkContext } from './account-links.ts';
import { createAccountToken } from './account-tokens.ts';
import {
  invalid,
  isEmailRegistered,
  isUniqueViolation,
  mailVerificationLink,
  registrationLimited,
  valuesOf,
  type RegistrationResult,
} from './registration.ts';

/** An applicant account (form register_applicant_form): user, applicant role and a verification mail. */
export async function registerApplicant(options: {
  db: Database;
  input: unknown;
  link: LinkContext;
  clientAddress: string | null;
}): Promise<RegistrationResult> {
  const { db, input, link } = options;
  const parsed = registerApplicantSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, input);
  const { email, password } = parsed.data;
  if (await registrationLimited(db, options.clientAddress)) {
    return { ok: false, fieldErrors: { form: 'account.error.rateLimited' }, values: valuesOf(input) };
  }
  if (await isEmailRegistered(db, email)) {
    return { ok: false, fieldErrors: { email: 'account.error.emailTaken' }, values: valuesOf(input) };
  }
  const passwordHash = await hashPassword(password);
  try {
    const { userId, token } = await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ email, passwordHash }).returning({ id: users.id });
      if (!user) throw new Error('user not inserted');
      await tx.insert(userRoles).values({ userId: user.id, role: 'applicant' });
      return { userId: user.id, token: await createAccountToken(tx, user.id, 'verify_email') };
    });
    await mailVerificationLink(link, email, token);
    return { ok: true, userId, email };
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, fieldErrors: { email: 'account.error.emailTaken' }, values: valuesOf(input) };
    }
    throw error;
  }
}
