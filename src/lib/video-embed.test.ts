import { describe, expect, it } from 'vitest';
import { videoEmbedUrl } from './video-embed';

describe('videoEmbedUrl', () => {
  it('plays YouTube and Vimeo videos from privacy-friendly player addresses', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(videoEmbedUrl('https://vimeo.com/123456789')).toBe(
      'https://player.vimeo.com/video/123456789?autoplay=1&dnt=1',
    );
  });

  it('has no player for other hosts, plain http, broken ids or no URL at all', () => {
    for (const source of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v="><script>',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(videoEmbedUrl(source), source).toBeNull();
    }
  });
});
