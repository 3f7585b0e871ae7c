/** Words that say what kind of company it is, not which one. */
const legalForms = new Set([
  'gmbh',
  'ag',
  'eg',
  'kg',
  'ohg',
  'se',
  'mbh',
  'co',
  'ug',
  'e.v.',
  'ev',
  '&',
  'und',
  'der',
  'die',
  'das',
]);

/** "Stadtwerke Ulm GmbH" → "SU": up to two initials of the distinctive words of a name. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s/-]+/)
    .filter((word) => word !== '' && !legalForms.has(word.toLowerCase()) && /\p{L}/u.test(word));
  const initials = words
    .slice(0, 2)
    .map((word) => [...word.replace(/^[^\p{L}]+/u, '')][0] ?? '')
    .join('');
  return initials.toUpperCase() || '?';
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.codePointAt(0)!, 16777619) >>> 0;
  return value;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A square logo with the organization's initials for organizations without an uploaded logo. The
 * background is a dark shade of a colour derived from the name, so white text stays above 4.5:1 contrast.
 */
export function monogramSvg(name: string): string {
  const hue = hash(name) % 360;
  const initials = escapeXml(initialsOf(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="${escapeXml(name)}"><rect width="120" height="120" rx="16" fill="hsl(${hue} 55% 30%)"/><text x="60" y="60" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="48" font-weight="700" fill="#ffffff">${initials}</text></svg>`;
}

/**
 * A placeholder picture for an organization page without an uploaded one (the demo data's covers and
 * gallery): soft bands in the hues of the organization's logo, `variant` shifting them per picture.
 */
export function placeholderSvg(name: string, width: number, height: number, variant = 0): string {
  const hue = (hash(name) + variant * 47) % 360;
  const label = escapeXml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${label}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 50% 55%)"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width * 0.8}" cy="${height * 0.3}" r="${height * 0.45}" fill="#ffffff" fill-opacity="0.12"/><circle cx="${width * 0.15}" cy="${height * 0.95}" r="${height * 0.35}" fill="#ffffff" fill-opacity="0.08"/></svg>`;
}
