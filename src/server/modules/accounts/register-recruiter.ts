import { eq } from 'drizzle-orm';
import { refillValues, registerRecruiterSchema } from '../../../lib/account/schemas.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Database } from '../../db/index.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { coordinatesOfAddress } from '../organizations/organization-place.ts';
import { organizationMembers, userRoles, users } from '../../db/schema/users.ts';
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
 * A recruiter account and the organization they own, in one transaction: the user, the organization with
 * the personal and company info of SPEC section 3 (unpublished), the owner membership, the active
 * organization and the recruiter role aimed at the organization. Any failure writes nothing. An address
 * that has an account already gets the same answer, and its owner a mail (answerKnownAddress).
 */
export async function registerRecruiter(options: {
  db: Database;
  input: unknown;
  link: LinkContext;
  clientAddress: string | null;
}): Promise<RegistrationResult> {
  const { db, input, link } = options;
  const parsed = registerRecruiterSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, input);
  const data = parsed.data;
  if (await registrationLimited(db, options.clientAddress)) {
    return { ok: false, fieldErrors: { form: 'account.error.rateLimited' }, values: refillValues(input) };
  }
  const weak = await weakPassword(data.password, {
    brand: link.brand,
    userInputs: [data.email, data.firstName, data.lastName, data.companyName],
  });
  if (weak) return { ok: false, ...weak, values: refillValues(input) };
  if (await isEmailRegistered(db, data.email)) {
    return answerKnownAddress({ db, link, email: data.email, password: data.password });
  }
  const passwordHash = await hashPassword(data.password);
  try {
    const { token } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: data.email,
          passwordHash,
          firstName: data.firstName,
          lastName: data.lastName,
          creationSource: data.creationSource ?? null,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user not inserted');
      const [organization] = await tx
        .insert(organizations)
        .values({
          salutation: data.salutation,
          firstName: data.firstName,
          lastName: data.lastName,
          phone: data.phone,
          position: data.position,
          name: data.companyName,
          countryCode: data.countryCode,
          addressLine1: data.addressLine1,
          addressLine2: data.addressLine2,
          administrativeArea: data.administrativeArea,
          locality: data.locality,
          postalCode: data.postalCode,
          ...coordinatesOfAddress(data),
          ownerUserId: user.id,
          frontend: link.brand.id as BrandId,
        })
        .returning({ id: organizations.id });
      if (!organization) throw new Error('organization not inserted');
      await tx.insert(organizationMembers).values({ organizationId: organization.id, userId: user.id });
      await tx.update(users).set({ activeOrganizationId: organization.id }).where(eq(users.id, user.id));
      await tx.insert(userRoles).values({ userId: user.id, role: 'recruiter', targetId: String(organization.id) });
      await recordRegistrationConsent(tx, {
        userId: user.id,
        email: data.email,
        language: contentLanguageOf(link.locale),
      });
      return { token: await createAccountToken(tx, user.id, 'verify_email') };
    });
    await mailVerificationLink(link, data.email, token);
    return { ok: true, email: data.email };
  } catch (error) {
    if (isUniqueViolation(error)) return answerKnownAddress({ db, link, email: data.email, password: null });
    throw error;
  }
}
