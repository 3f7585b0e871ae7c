/**
 * The team page's forms (issue 15 part 4), shared by the page and the server: invite a recruiter by
 * address, and the member or invitation an action names. Messages are keys of src/i18n.
 */
import { z } from 'zod';
import { emailField } from '../account/schemas.ts';

const idField = z.number({ error: 'team.error.invalid' }).int().positive().max(2_147_483_647);

export const inviteRecruiterSchema = z.object({ organizationId: idField, email: emailField });
export type InviteRecruiterInput = z.infer<typeof inviteRecruiterSchema>;

export const teamMemberSchema = z.object({ organizationId: idField, userId: idField });
export const teamInvitationSchema = z.object({ organizationId: idField, invitationId: idField });
