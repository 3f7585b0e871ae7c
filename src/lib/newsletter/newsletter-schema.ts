/** The newsletter sign-up (issue 19): one schema for the form and the server; messages are keys. */
import { z } from 'zod';

export const newsletterSignupSchema = z.object({
  email: z
    .string({ error: 'newsletter.error.email' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'newsletter.error.email' }).max(254, { error: 'newsletter.error.email' })),
  consent: z.literal(true, { error: 'newsletter.error.consent' }),
});

export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;
