import type { Brand, Locale } from '../../../../brands/types.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { absoluteUrl } from '../../public-origin.ts';

/** Where links in account mails point: the visitor's language on the public origin (never the request's Host). */
export interface LinkContext {
  brand: Brand;
  locale: Locale;
}

export function accountLink(context: LinkContext, path: string, token: string): string {
  const url = new URL(absoluteUrl(localizePath(path, context.locale, context.brand)));
  url.searchParams.set('token', token);
  return url.href;
}
