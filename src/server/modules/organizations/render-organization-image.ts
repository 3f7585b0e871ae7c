import { organizationImageStyles, type OrganizationImageKind } from '../../../lib/organizations/profile-sections.ts';
import { reencodeImage } from '../../storage/reencode-image.ts';

/**
 * An organization image of a kind as the pages show it (organizationImageStyles): the logo whole on a
 * transparent square, the others cropped around their most detailed part. Null for no decodable image.
 * Used by the upload and by the demo data's pictures (which load no service module).
 */
export function renderOrganizationImage(bytes: Uint8Array, kind: OrganizationImageKind): Promise<Buffer | null> {
  return reencodeImage(bytes, {
    ...organizationImageStyles[kind],
    fit: kind === 'logo' ? 'contain' : 'cover',
    position: 'attention',
  });
}
