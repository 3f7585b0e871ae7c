import type { Brand, Locale } from '../../../../brands/types.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';

/** Where links in account mails point: the public origin, the visitor's language. */
export interface LinkContext {
  origin: URL;
  brand: Brand;
  locale: Locale;
}

export function accountLink(context: LinkContext, path: string, token: string): string {
  const url = new URL(localizePath(path, context.locale, context.brand), context.origin);
  url.searchParams.set('token', token);
  return url.href;
}
