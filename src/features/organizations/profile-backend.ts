/**
 * The profile editor's writes from the browser (issue 15 part 3), with the same plain-fetch sender as the
 * quick apply and resume islands (apply-client.ts): JSON for sections and publishing, the GraphQL multipart
 * request for images and attachments.
 */
import type { FrontendInfo, OperationData } from '../../lib/backend-client/client.ts';
import type { OrganizationImageKind } from '../../lib/organizations/profile-sections.ts';
import { operation, send } from '../applications/apply-client.ts';
import {
  addOrganizationAttachment,
  removeOrganizationAttachment,
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

/** The GraphQL multipart request of an operation whose `file` variable is `file`. */
function withFile(operationJson: string, file: File): FormData {
  const body = new FormData();
  body.set('operations', operationJson);
  body.set('map', JSON.stringify({ '0': ['variables.file'] }));
  body.set('0', file, file.name);
  return body;
}

export function uploadImage(frontend: FrontendInfo, organizationId: number, kind: OrganizationImageKind, file: File) {
  const body = withFile(operation(uploadOrganizationImage, { organizationId, kind, file: null }), file);
  return send<OperationData<typeof uploadOrganizationImage>>(frontend, body, false);
}

export function uploadAttachment(frontend: FrontendInfo, organizationId: number, file: File) {
  const body = withFile(operation(addOrganizationAttachment, { organizationId, file: null }), file);
  return send<OperationData<typeof addOrganizationAttachment>>(frontend, body, false);
}

export function removeAttachment(frontend: FrontendInfo, organizationId: number, id: number) {
  return send<OperationData<typeof removeOrganizationAttachment>>(
    frontend,
    operation(removeOrganizationAttachment, { organizationId, id }),
    true,
  );
}
