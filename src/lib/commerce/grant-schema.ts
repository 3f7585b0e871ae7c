/** Staff's manual grant or correction of an organization's credits (shared by the form and the service). */
import { z } from 'zod';

export const creditKindValues = ['job_credits', 'resume_contacts'] as const;

export const grantCreditsSchema = z.object({
  organizationId: z.coerce
    .number({ error: 'commerce.error.organization' })
    .int({ error: 'commerce.error.organization' })
    .positive({ error: 'commerce.error.organization' }),
  kind: z.enum(creditKindValues, { error: 'commerce.error.kind' }),
  amount: z.coerce
    .number({ error: 'commerce.error.amount' })
    .int({ error: 'commerce.error.amount' })
    .min(-10_000, { error: 'commerce.error.amount' })
    .max(10_000, { error: 'commerce.error.amount' })
    .refine((amount) => amount !== 0, { error: 'commerce.error.amount' }),
  note: z
    .string({ error: 'commerce.error.note' })
    .trim()
    .min(3, { error: 'commerce.error.note' })
    .max(500, { error: 'account.error.tooLong' }),
  requestKey: z
    .string({ error: 'commerce.error.requestKey' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'commerce.error.requestKey' }),
});

export type GrantCreditsInput = z.infer<typeof grantCreditsSchema>;
