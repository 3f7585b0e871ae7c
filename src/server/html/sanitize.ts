import sanitizeHtml from 'sanitize-html';

/**
 * SPEC section 6: server-supplied HTML is sanitised. filtered_html allows links, lists, headings, images,
 * tables and basic text with the attributes href, hreflang, cite, type, start, id, src, alt, the entity
 * type and uuid data attributes and target; full_html also allows iframes (video embeds).
 */
const filteredTags = [
  'a',
  'p',
  'br',
  'hr',
  'span',
  'div',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'blockquote',
  'cite',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const filteredAttributes = [
  'href',
  'hreflang',
  'cite',
  'type',
  'start',
  'id',
  'src',
  'alt',
  'data-entity-type',
  'data-entity-uuid',
  'target',
];

const filteredHtml: sanitizeHtml.IOptions = {
  allowedTags: filteredTags,
  // rel is set by transformTags below, never taken from the input.
  allowedAttributes: { '*': filteredAttributes, a: [...filteredAttributes, 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Links that open a new tab must not hand the opener to the target page.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
};

const fullHtml: sanitizeHtml.IOptions = {
  ...filteredHtml,
  allowedTags: [...filteredTags, 'iframe'],
  allowedAttributes: {
    '*': filteredAttributes,
    a: [...filteredAttributes, 'rel'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading'],
  },
  allowedIframeHostnames: ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'],
};

export type HtmlFormat = 'filtered_html' | 'full_html';

export function sanitize(html: string | null | undefined, format: HtmlFormat = 'filtered_html'): string {
  if (!html) return '';
  return sanitizeHtml(html, format === 'full_html' ? fullHtml : filteredHtml);
}
