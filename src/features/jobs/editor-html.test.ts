import { describe, expect, it } from 'vitest';
import { editorHtml } from './editor-html';

describe('editorHtml', () => {
  it('turns the non-breaking spaces of Quill 2.0.3 back into spaces', () => {
    expect(editorHtml('<p>Wir&nbsp;suchen&nbsp;Sie</p>')).toBe('<p>Wir suchen Sie</p>');
  });

  it('reads an editor with nothing typed as empty, and keeps embeds', () => {
    expect(editorHtml('<p></p>')).toBe('');
    expect(editorHtml('<p><br></p><p> </p>')).toBe('');
    expect(editorHtml('<iframe class="ql-video" src="https://example.org/v"></iframe>')).not.toBe('');
  });
});
