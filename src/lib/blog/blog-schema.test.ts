import { describe, expect, it } from 'vitest';
import { blogPaths, blogPostInputSchema, readingMinutesOf, tagsOfText } from './blog-schema';

describe('the blog post schema', () => {
  it('turns typed tags into the schema’s list', () => {
    expect(tagsOfText(' Bewerbung, Erste Schritte ,, karriere ')).toEqual(['bewerbung', 'erste-schritte', 'karriere']);
  });

  it('counts reading time at 200 words a minute, at least one', () => {
    expect(readingMinutesOf('')).toBe(1);
    expect(readingMinutesOf('wort '.repeat(700))).toBe(4);
  });

  it('accepts a scheduled post and refuses unknown categories, bad tags and foreign images', () => {
    const valid = blogPostInputSchema.safeParse({
      title: 'Titel',
      category: 'ausbildung',
      tags: ['bewerbung', 'über-uns'],
      status: 'publish',
      publishAt: '2030-01-01T08:00:00Z',
      imageUrl: `/media/blog/${'a'.repeat(32)}.webp`,
    });
    expect(valid.success).toBe(true);
    expect(valid.data?.publishAt).toEqual(new Date('2030-01-01T08:00:00Z'));
    for (const input of [
      { title: 'x', status: 'publish', category: 'astrologie' },
      { title: 'x', status: 'publish', tags: ['zwei worte'] },
      { title: 'x', status: 'publish', imageUrl: 'https://elsewhere.example/bild.webp' },
      { title: 'x', status: 'later' },
    ]) {
      expect(blogPostInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it('names the blog’s paths', () => {
    expect(blogPaths.tag('über-uns')).toBe('/blog/tag/%C3%BCber-uns');
    expect(blogPaths.category('ausbildung')).toBe('/blog/category/ausbildung');
  });
});
