/**
 * The process's page cache (decision 0015), or null when it is off: PAGE_CACHE_MB=0, or a separate backend
 * (BACKEND_URL), whose database this process cannot read the content version from.
 */
import { getConfig } from '../config.ts';
import { getDatabase } from '../db/index.ts';
import { contentVersionReader } from './content-version.ts';
import { PageStore, type PageCache } from './page-cache.ts';

export { answerAnonymousPage } from './page-cache.ts';
export { answerGeneratedDocument } from './generated-documents.ts';

let opening: Promise<PageCache | null> | undefined;

export function getPageCache(): Promise<PageCache | null> {
  opening ??= (async () => {
    const config = getConfig();
    if (config.PAGE_CACHE_MB === 0 || config.BACKEND_URL !== undefined) return null;
    const { db } = await getDatabase();
    return { store: new PageStore(config.PAGE_CACHE_MB * 1024 * 1024), readVersion: contentVersionReader(db) };
  })();
  return opening;
}
