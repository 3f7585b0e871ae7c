/**
 * The profile editor's writes from the browser (issue 15 part 3), with the same plain-fetch sender as the
 * quick apply and resume islands (apply-client.ts): JSON for sections and publishing, the GraphQL multipart
 * request for images.
 */
import type { FrontendInfo, OperationData } from '../../lib/backend-client/client.ts';
import type { OrganizationImageKind } from '../../lib/organizations/profile-sections.ts';
import { operation, send } from '../applications/apply-client.ts';
import {
  saveOrganizationProfileSection,
  setOrganizationProfilePublished,
  uploadOrganizationImage,
} from './operations.ts';

export function saveSection(frontend: FrontendInfo, organizationId: number, input: Record<string, unknown>) {
  return send<OperationData<typeof saveOrganizationProfileSection>>(
    frontend,
    operation(saveOrganizationProfileSection, { organizationId, input }),
    true,
  );
}

export function publishProfile(frontend: FrontendInfo, organizationId: number, published: boolean) {
  return send<OperationData<typeof setOrganizationProfilePublished>>(
    frontend,
    operation(setOrganizationProfilePublished, { organizationId, published }),
    true,
  );
}

export function uploadImage(frontend: FrontendInfo, organizationId: number, kind: OrganizationImageKind, file: File) {
  const body = new FormData();
  body.set('operations', operation(uploadOrganizationImage, { organizationId, kind, file: null }));
  body.set('map', JSON.stringify({ '0': ['variables.file'] }));
  body.set('0', file, file.name);
  return send<OperationData<typeof uploadOrganizationImage>>(frontend, body, false);
}
