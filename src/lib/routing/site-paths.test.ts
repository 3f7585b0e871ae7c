import { describe, expect, it } from 'vitest';
import { nonLandingPrefixes } from './route-table';
import { isRoutedPath, routerPath } from './site-paths';

describe('routed paths (SPEC section 2)', () => {
  it.each(nonLandingPrefixes)('never routes %s or below it', (prefix) => {
    expect(isRoutedPath(prefix)).toBe(false);
    expect(isRoutedPath(`${prefix}/anything`)).toBe(false);
  });
  it('keeps the site pages outside the prefixes', () => {
    for (const path of ['/', '/privacy-policy', '/dashboard', '/my-products', '/404'])
      expect(isRoutedPath(path)).toBe(false);
  });
  it('routes every other path through /router', () => {
    expect(isRoutedPath('/pflege-jobs-stuttgart')).toBe(true);
    expect(routerPath('/pflege-jobs-stuttgart')).toBe('/router?router=%2Fpflege-jobs-stuttgart');
    expect(routerPath('/pflege-jobs-stuttgart', '?page=2')).toBe('/router?router=%2Fpflege-jobs-stuttgart&page=2');
  });
});
