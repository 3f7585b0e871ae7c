/**
 * SPEC section 4: the measurement events the browser reports (POST /api/analytics/events), for now the one
 * signup-start of a new social sign-up. One schema for the endpoint's body and the backend's check.
 */
import { z } from 'zod';
import type { SocialLoginProvider } from '../../../brands/types.ts';

export const signupMethods = ['linkedin', 'google', 'facebook'] as const satisfies readonly SocialLoginProvider[];
export type SignupMethod = (typeof signupMethods)[number];

export const signupMethodSchema = z.enum(signupMethods, { error: `method must be one of ${signupMethods.join(', ')}` });

export const browserEventSchema = z.object(
  {
    event: z.literal('sign_up_start', { error: "event must be 'sign_up_start'" }),
    method: signupMethodSchema,
  },
  { error: 'expected an object such as {"event":"sign_up_start","method":"google"}' },
);
