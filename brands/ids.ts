/**
 * The FRONTEND values. Kept apart from the brand modules (which import assets) so that the start-up
 * configuration check can run under plain Node before the server bundle is loaded.
 */
export const brandIds = ['tagblatt', 'jobregio', 'suedjobs'] as const;
export type BrandId = (typeof brandIds)[number];
export const defaultBrandId: BrandId = 'tagblatt';
