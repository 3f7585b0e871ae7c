/** Tracking-style query parameters of the old search that are stripped on /jobs (SPEC section 2). */
export const trackingParams: ReadonlySet<string> = new Set([
  'jmyc',
  'jssi',
  'jscg',
  'jmof',
  'jsjn',
  'jsjnid',
  'jsix',
  'jssc',
  'jsjo',
  'jsjoid',
  'jsjr',
  'jsfc',
  'jsvv',
  'jsco',
  'jw_ort_distance',
]);

/**
 * Removes the tracking parameters from a query string ("?a=1&jmyc=2") and keeps every other parameter in
 * its order and original encoding. Returns the new query string ("" or "?…").
 */
export function stripTrackingParams(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return '';
  const kept = query.split('&').filter((pair) => {
    if (pair === '') return false;
    const rawName = pair.split('=', 1)[0] ?? '';
    return !trackingParams.has(safeDecode(rawName));
  });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
