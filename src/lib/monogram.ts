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
