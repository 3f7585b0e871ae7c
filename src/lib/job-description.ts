/**
 * The AI job description (SPEC section 9): what a draft is written from. Shared by the "Generate
 * description" island (it builds the request), the site's endpoint and the backend (they validate it).
 * Every field is a label as the form shows it (an employment type's name, not its id), since the model
 * reads words. Isomorphic: no server imports.
 */
import { z } from 'zod';

/** SPEC section 9: a draft is written in the job's language, one of these. */
export const jobDescriptionLanguages = ['de', 'en', 'fr'] as const;
export type JobDescriptionLanguage = (typeof jobDescriptionLanguages)[number];

/** SPEC section 9. */
export const jobDescriptionTemperature = 0.5;
export const jobDescriptionMaxTokens = 1500;

const label = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `at most ${max} characters` });
const labels = z.array(label(100)).max(10, { error: 'at most 10 entries' });

export const jobDescriptionInputSchema = z.object({
  language: z.enum(jobDescriptionLanguages, { error: `expected one of ${jobDescriptionLanguages.join(', ')}` }),
  title: label(255).min(1, { error: 'a title is needed to write a description' }),
  organization: label(255).nullish(),
  /** Places of work, e.g. "Tübingen" or "Reutlingen, Baden-Württemberg". */
  locations: labels.nullish(),
  remoteOptions: labels.nullish(),
  employmentTypes: labels.nullish(),
  occupationalFields: labels.nullish(),
  degreeLevel: label(200).nullish(),
  yearsOfExperience: label(200).nullish(),
  /** The salary as the form shows it, e.g. "45,000–55,000 EUR per year". */
  salary: label(200).nullish(),
  languages: labels.nullish(),
  skills: labels.nullish(),
});

export type JobDescriptionInput = z.infer<typeof jobDescriptionInputSchema>;

/** What the endpoint streams: one JSON object per line. */
export type JobDescriptionStreamLine =
  | { readonly text: string }
  | { readonly done: true }
  | { readonly error: { readonly code: string; readonly message: string } };
