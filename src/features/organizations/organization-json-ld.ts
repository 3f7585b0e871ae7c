/** JSON-LD of an organization page (schema.org Organization) and its social profile links. */
import type { OrganizationDetail } from '../../lib/operations/content.ts';

export type SocialProfiles = OrganizationDetail['socialProfiles'];

const socialLabels: Record<keyof SocialProfiles, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  xing: 'XING',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  blueSky: 'Bluesky',
};

/** The organization's social profiles that are set and are web addresses, in a fixed order. */
export function socialLinksOf(profiles: SocialProfiles): { label: string; url: string }[] {
  return (Object.keys(socialLabels) as (keyof SocialProfiles)[]).flatMap((key) => {
    const url = profiles[key];
    return url && /^https?:\/\//.test(url) ? [{ label: socialLabels[key], url }] : [];
  });
}

/** schema.org Organization: url, logo, name, description (plain text), sameAs (website and social profiles). */
export function organizationJsonLd(
  organization: {
    name: string;
    url: string;
    presentation: string | null;
    website: string | null;
    logo: { url: string } | null;
    socialProfiles: SocialProfiles;
  },
  origin: string,
): Record<string, unknown> {
  const sameAs = [
    ...(organization.website ? [organization.website] : []),
    ...socialLinksOf(organization.socialProfiles).map((link) => link.url),
  ];
  const description = organization.presentation
    ?.replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: organization.name,
    url: new URL(organization.url, origin).href,
    ...(organization.logo ? { logo: new URL(organization.logo.url, origin).href } : {}),
    ...(description ? { description } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
