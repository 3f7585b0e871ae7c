/**
 * The HTML an editor hands to the form. Quill 2.0.3's getSemanticHTML writes every space as `&nbsp;`
 * (slab/quill#4509), which would keep a job ad's lines from wrapping: plain spaces again. An editor with
 * nothing typed (`<p></p>`, `<p><br></p>`) is the empty string, so a required description stays missing.
 */
export function editorHtml(semanticHtml: string): string {
  const html = semanticHtml.replace(/&nbsp;|\u00a0/g, ' ');
  const text = html
    .replace(/<(img|iframe|video|table)\b/gi, 'x')
    .replace(/<[^>]*>/g, '')
    .trim();
  return text === '' ? '' : html;
}
