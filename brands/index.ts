import type { Brand } from './types';
import type { BrandId } from './ids.ts';
import { tagblatt } from './tagblatt/brand.ts';
import { jobregio } from './jobregio/brand.ts';
import { suedjobs } from './suedjobs/brand.ts';

export type { Brand, Locale } from './types';
export { brandIds, defaultBrandId, type BrandId } from './ids.ts';

/** Every brand by its FRONTEND id; `Record<BrandId, Brand>` makes a missing brand a compile error. */
export const brands: Record<BrandId, Brand> = { tagblatt, jobregio, suedjobs };
