import type { BackendClient } from '../../lib/backend-client/index.ts';
import { logUnexpected } from '../../server/log.ts';
import { creationSourceConfig } from './operations.ts';

/**
 * SPEC 4: the query parameter the creation source is read from (app_config creation_source), when it is
 * kept in session storage; null without the config or when it cannot be read. CreationSource.astro saves
 * it on arrival, CreationSourceField.astro sends it with the sign-up forms.
 */
export async function creationSourceParameter(backend: BackendClient): Promise<string | null> {
  try {
    const { getAppConfig: entries } = await backend.request(creationSourceConfig, {});
    const storage = entries.find((entry) => entry.key === 'storage')?.value ?? 'session';
    const name = entries.find((entry) => entry.key === 'query_parameter')?.value ?? null;
    return storage === 'session' && name && /^[\w-]{1,40}$/.test(name) ? name : null;
  } catch (error) {
    logUnexpected('analytics', 'the creation-source config could not be read', error);
    return null;
  }
}
