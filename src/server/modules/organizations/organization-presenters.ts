/** How organization rows appear in the API; pure functions of a row. */
import { monogramSvg } from '../../../lib/monogram.ts';
import type { Organization, OrganizationAttachment } from '../../db/schema/organizations.ts';
import { contentVersion } from '../../http/entity-tags.ts';

export interface AddressParts {
  countryCode: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  administrativeArea: string | null;
  locality: string | null;
  postalCode: string | null;
}

/** The postal address columns shared by organizations, their locations and job locations. */
export function addressOf(row: AddressParts): AddressParts {
  return {
    countryCode: row.countryCode,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    administrativeArea: row.administrativeArea,
    locality: row.locality,
    postalCode: row.postalCode,
  };
}

export function organizationRef(organization: Pick<Organization, 'id' | 'name' | 'ownerUserId'>) {
  return { id: organization.id, name: organization.name, ownerId: organization.ownerUserId };
}

/** Image style the profile shows logos in (SPEC section 3: medium squared). */
export const logoStyle = 'medium_squared';

/** The generated initials logos (src/pages/media/logos): their content is a function of the name. */
const monogramLogoPrefix = '/media/logos/';

/**
 * SPEC section 3: logo url in the medium squared style, alt and title the organization's name. An initials
 * logo's URL names its content's version (`v`), so browsers and CDNs keep it for good (decision 0015).
 */
export function logoOf(organization: Pick<Organization, 'logoUrl' | 'name'>) {
  if (!organization.logoUrl) return null;
  const separator = organization.logoUrl.includes('?') ? '&' : '?';
  const version = organization.logoUrl.startsWith(monogramLogoPrefix)
    ? `&v=${contentVersion(monogramSvg(organization.name))}`
    : '';
  return {
    url: `${organization.logoUrl}${separator}style=${logoStyle}${version}`,
    alt: organization.name,
    title: organization.name,
  };
}

/** The profile's path without locale prefix; /organization/<id> until a path alias is saved. */
export function profilePathOf(organization: Pick<Organization, 'id' | 'path'>): string {
  return organization.path ?? `/organization/${organization.id}`;
}

export function socialProfilesOf(organization: Organization) {
  return {
    facebook: organization.facebook,
    twitter: organization.twitter,
    linkedin: organization.linkedin,
    youtube: organization.youtube,
    xing: organization.xing,
    instagram: organization.instagram,
    tiktok: organization.tiktok,
    blueSky: organization.bluesky,
  };
}

/** Personal info of the organization's contact for invoicing (not public). */
export function personalInfoOf(organization: Organization) {
  return {
    salutation: organization.salutation,
    firstName: organization.firstName,
    lastName: organization.lastName,
    phone: organization.phone,
    position: organization.position,
  };
}

/** Where the site serves an attachment; the endpoint checks that the viewer may see the organization. */
export function attachmentUrlOf(attachment: Pick<OrganizationAttachment, 'id'>): string {
  return `/api/organization-attachments/${attachment.id}`;
}
