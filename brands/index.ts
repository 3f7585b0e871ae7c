import type { Brand } from './types';
import type { BrandId } from './ids';
import { tagblatt } from './tagblatt/brand';
import { jobregio } from './jobregio/brand';
import { suedjobs } from './suedjobs/brand';

export type { Brand, Locale } from './types';
export { brandIds, defaultBrandId, type BrandId } from './ids';

/** Every brand by its FRONTEND id; `Record<BrandId, Brand>` makes a missing brand a compile error. */
export const brands: Record<BrandId, Brand> = { tagblatt, jobregio, suedjobs };
