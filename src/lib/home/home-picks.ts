/**
 * The home page modules staff choose jobs and organizations for (SPEC 9; issues 15 and 19): their names,
 * which kind of thing each holds, the brand range of each, and the request schema shared by the staff form
 * and the server.
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/types.ts';

export const homePickModules = [
  'featured_jobs',
  'video_jobs',
  'top_jobs',
  'featured_organizations',
  'training_organizations',
] as const;
export type HomePickModule = (typeof homePickModules)[number];

export function isJobModule(module: HomePickModule): boolean {
  return module === 'featured_jobs' || module === 'video_jobs' || module === 'top_jobs';
}

/** The most picks a module of the brand takes (SPEC 9: jobs 0–6, featured organizations 0–4, training 0–50). */
export function homePickMax(brand: Pick<Brand, 'constants'>, module: HomePickModule): number {
  const { ranges } = brand.constants;
  switch (module) {
    case 'featured_jobs':
      return ranges.featuredJobs[1];
    case 'video_jobs':
      return ranges.videoJobs[1];
    case 'top_jobs':
      return ranges.topJobs[1];
    case 'featured_organizations':
      return ranges.featuredOrganizations[1];
    case 'training_organizations':
      return ranges.trainingOrganizations[1];
  }
}

/** Whether the brand shows the module at all (the organization modules are brand flags, SPEC 1/9). */
export function isHomeModuleEnabled(brand: Pick<Brand, 'features'>, module: HomePickModule): boolean {
  if (module === 'featured_organizations') return brand.features.homeFeaturedOrganizations;
  if (module === 'training_organizations') return brand.features.homeTrainingOrganizations;
  return true;
}

/** The ids as staff type them: numbers separated by commas, spaces or new lines. */
export function parsePickIds(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : Number.NaN));
}

/** The request of setHomePicks for one module of `brand`; messages are keys (field errors in the staff's language). */
export function homePicksSchema(brand: Pick<Brand, 'constants'>, module: HomePickModule) {
  const max = homePickMax(brand, module);
  return z.object({
    module: z.enum(homePickModules),
    ids: z
      .array(
        z
          .number({ error: 'home.picks.error.id' })
          .int({ error: 'home.picks.error.id' })
          .positive({ error: 'home.picks.error.id' }),
        {
          error: 'home.picks.error.id',
        },
      )
      .max(max, { error: 'home.picks.error.tooMany' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'home.picks.error.duplicate' }),
  });
}
