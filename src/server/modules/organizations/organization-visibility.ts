import type { Organization } from '../../db/schema/organizations.ts';

/**
 * Brand isolation: an organization belongs to the brand (frontend) it registered on, and every other
 * brand answers as if it did not exist (404 pages, null in the API, no logo), for staff too.
 */
export function isOrganizationOfBrand(organization: Pick<Organization, 'frontend'>, brandId: string): boolean {
  return organization.frontend === brandId;
}
