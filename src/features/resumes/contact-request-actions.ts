import type { BackendClient } from '../../lib/backend-client/index.ts';
import { decideResumeContactRequest, revokeResumeContactRequest } from './operations.ts';

/**
 * The POST forms of the contact request list (ContactRequestList.astro: approve, decline, revoke), shared by
 * the pages that show it (the resume page, the dashboard). True when the posted action was one of them and
 * is done; a refusal is thrown as the backend sent it (resumeRefusalOf words it).
 */
export async function handleContactRequestAction(
  backend: BackendClient,
  values: Record<string, string | undefined>,
): Promise<boolean> {
  const id = Number(values.id) || 0;
  if (values.action === 'approveRequest' || values.action === 'declineRequest') {
    await backend.request(decideResumeContactRequest, { id, approve: values.action === 'approveRequest' });
    return true;
  }
  if (values.action === 'revokeRequest') {
    await backend.request(revokeResumeContactRequest, { id });
    return true;
  }
  return false;
}
