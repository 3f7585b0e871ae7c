import { describe, expect, it } from 'vitest';
import { sanitize } from './sanitize';

describe('HTML sanitising (SPEC section 6)', () => {
  it('keeps the filtered_html tags and attributes', () => {
    const html =
      '<h2 id="a">Aufgaben</h2><ul><li>Pflege</li></ul><ol start="3" type="a"><li>x</li></ol><p><strong>fett</strong> <a href="https://example.org" hreflang="de" target="_blank">Link</a></p><blockquote cite="https://example.org">Zitat</blockquote><img src="https://example.org/a.png" alt="Bild" data-entity-type="file" data-entity-uuid="u1"><table><tr><td>1</td></tr></table>';
    const clean = sanitize(html);
    for (const fragment of [
      '<h2 id="a">',
      '<ol start="3" type="a">',
      'hreflang="de"',
      'data-entity-uuid="u1"',
      '<table>',
      'alt="Bild"',
      'cite="https://example.org"',
    ]) {
      expect(clean).toContain(fragment);
    }
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('removes scripts, event handlers, styles and dangerous URLs', () => {
    const clean = sanitize(
      '<p onclick="steal()" style="color:red" class="x">Text</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAA" onerror="x()">',
    );
    expect(clean).toBe('<p>Text</p><a>x</a><img />');
  });

  it('allows iframes only in full_html and only from video hosts', () => {
    const video = '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Video"></iframe>';
    expect(sanitize(video)).toBe('');
    expect(sanitize(video, 'full_html')).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc"');
    expect(sanitize('<iframe src="https://evil.example/x"></iframe>', 'full_html')).toBe('<iframe></iframe>');
  });

  it('keeps umlauts as characters', () => {
    expect(sanitize('<p>Größe &amp; Übersicht</p>')).toBe('<p>Größe &amp; Übersicht</p>');
  });
});
