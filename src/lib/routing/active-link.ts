/**
 * SPEC section 2: a link is active when its path equals the current path or the current path starts with
 * the link path plus a slash. Query strings are ignored; absolute http(s) links are never active.
 */
export function isActiveLink(href: string, currentPath: string): boolean {
  if (/^https?:\/\//i.test(href)) return false;
  const linkPath = withoutQuery(href);
  const path = withoutQuery(currentPath);
  if (linkPath === '') return false;
  return path === linkPath || path.startsWith(`${linkPath}/`);
}

function withoutQuery(value: string): string {
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}
