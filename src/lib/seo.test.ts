import { describe, expect, it } from 'vitest';
import { canonicalUrl, metaDescriptionOf, metatagSlug, socialMetaTags } from './seo';

describe('canonical links', () => {
  it('drop the query string', () => {
    expect(canonicalUrl('https://jobs.example.de', '/jobs')).toBe('https://jobs.example.de/jobs');
  });
});

describe('metatag slugs (SPEC section 2)', () => {
  it('drop jobId, path and router parameters', () => {
    expect(metatagSlug('/jobs?jobId=12&search=pflege&path=/x&router=/y')).toBe('/jobs?search=pflege');
    expect(metatagSlug('/router?router=%2Fpflege-jobs-stuttgart')).toBe('/router');
  });
  it('drop a trailing slash but keep the home page', () => {
    expect(metatagSlug('/organizations/')).toBe('/organizations');
    expect(metatagSlug('/')).toBe('/');
  });
});

describe('meta descriptions from content (issue 19)', () => {
  it('drop tags, decode entities and cut at a word with an ellipsis', () => {
    expect(metaDescriptionOf('<p>Wir suchen&nbsp;Sie &amp; Ihr Team.</p><ul><li>Vollzeit</li></ul>')).toBe(
      'Wir suchen Sie & Ihr Team. Vollzeit',
    );
    const long = `<p>${'Pflege '.repeat(40)}</p>`;
    const description = metaDescriptionOf(long)!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('Pflege…')).toBe(true);
    expect(metaDescriptionOf('<p> </p>')).toBeNull();
    expect(metaDescriptionOf(null)).toBeNull();
  });
});

describe('social meta tags (issue 19)', () => {
  it('name title, description, URL and image, with a large card only when there is an image', () => {
    const page = {
      title: 'Pflegekraft',
      description: 'Beschreibung',
      url: 'https://jobs.example/job/1',
      image: null,
      type: 'website' as const,
      siteName: 'Tagblatt',
      locale: 'de',
    };
    expect(Object.fromEntries(socialMetaTags(page).map((tag) => [tag.meta, tag.value]))).toEqual({
      'og:title': 'Pflegekraft',
      'og:description': 'Beschreibung',
      'og:type': 'website',
      'og:site_name': 'Tagblatt',
      'og:locale': 'de_DE',
      'og:url': 'https://jobs.example/job/1',
      'twitter:card': 'summary',
    });
    const withImage = socialMetaTags({ ...page, url: null, image: 'https://jobs.example/media/logos/1.png' });
    expect(withImage.find((tag) => tag.meta === 'twitter:card')?.value).toBe('summary_large_image');
    expect(withImage.some((tag) => tag.meta === 'og:url')).toBe(false);
  });
});
