import { describe, expect, it } from 'vitest';
import {
  featureOfPath,
  forceLowercase,
  isCanonicalExcluded,
  isEndpointPath,
  isErrorPagePath,
  isPagePath,
  isReservedPath,
  isSitePagePath,
  nonLandingPrefixes,
  requiresSignIn,
  routeTable,
  stripsTrackingParams,
} from './route-table';

describe('route table (SPEC section 2)', () => {
  it('lists the non-landing prefixes of the spec, and they take every path starting with them', () => {
    expect([...nonLandingPrefixes].sort()).toEqual(
      ['/jobs', '/job', '/resume', '/organization', '/user', '/contact', '/blog', '/checkout'].sort(),
    );
    for (const path of ['/jobs', '/job-manager', '/organizations', '/resumes', '/user/login', '/blog/ein-artikel']) {
      expect(isReservedPath(path), path).toBe(true);
    }
    expect(isReservedPath('/pflege-jobs-stuttgart')).toBe(false);
  });

  it('tells endpoints and files from pages', () => {
    for (const path of ['/api/auth/session', '/graphql', '/_astro/x.css', '/_image', '/media/logos/1.svg']) {
      expect(isEndpointPath(path), path).toBe(true);
      expect(isPagePath(path), path).toBe(false);
    }
    expect(isPagePath('/favicon.svg')).toBe(false);
    for (const path of ['/', '/jobs', '/dashboard', '/user/login', '/apis']) expect(isPagePath(path), path).toBe(true);
  });

  it('knows the site pages outside the prefixes by their exact path', () => {
    for (const path of ['/', '/privacy-policy', '/dashboard', '/my-products', '/router', '/404', '/500']) {
      expect(isSitePagePath(path), path).toBe(true);
    }
    expect(isSitePagePath('/dashboard/x')).toBe(false);
    expect(isErrorPagePath('/404')).toBe(true);
    expect(isErrorPagePath('/404/x')).toBe(false);
  });

  it('sends anonymous visitors to sign-in on the dashboard, the products and the account page only', () => {
    for (const path of ['/dashboard', '/my-products', '/user/account']) expect(requiresSignIn(path), path).toBe(true);
    for (const path of [
      '/job/wizard',
      '/job-manager',
      '/job-manager/new',
      '/job-manager/edit/12',
      '/job-manager/moderation',
      '/job-manager/moderation/12',
    ]) {
      expect(requiresSignIn(path), path).toBe(true);
    }
    expect(requiresSignIn('/job/12')).toBe(false);
    for (const path of ['/', '/user/login', '/jobs', '/dashboard/x']) expect(requiresSignIn(path), path).toBe(false);
  });

  it('forces lowercase on /jobs and /organization(s) in any case, and nowhere else', () => {
    expect(forceLowercase('/JOBS/Minijobs')).toBe('/jobs/minijobs');
    expect(forceLowercase('/Organization/ACME')).toBe('/organization/acme');
    expect(forceLowercase('/Organizations')).toBe('/organizations');
    expect(forceLowercase('/Blog/Ein-Artikel')).toBe('/Blog/Ein-Artikel');
    expect(forceLowercase('/Jobsuche')).toBe('/Jobsuche');
  });

  it('strips tracking parameters on /jobs and below only', () => {
    expect(stripsTrackingParams('/jobs')).toBe(true);
    expect(stripsTrackingParams('/jobs/minijobs')).toBe(true);
    expect(stripsTrackingParams('/organizations')).toBe(false);
    expect(stripsTrackingParams('/jobsuche')).toBe(false);
  });

  it('ties the resume pages to the resume feature', () => {
    for (const path of ['/resume', '/resume/', '/resume/wizard/import', '/resume-alert/edit/12']) {
      expect(featureOfPath(path), path).toBe('resume');
    }
    for (const path of ['/resumes', '/resume-alert/edit/12/x', '/jobs']) expect(featureOfPath(path), path).toBeNull();
  });

  it('leaves canonical links out on error, account and checkout pages only', () => {
    for (const path of ['/', '/jobs', '/jobs/minijobs', '/organizations', '/privacy-policy', '/blog', '/job/12']) {
      expect(isCanonicalExcluded(path), path).toBe(false);
    }
    for (const path of ['/404', '/500', '/user/login', '/dashboard', '/my-products', '/checkout', '/router']) {
      expect(isCanonicalExcluded(path), path).toBe(true);
    }
    expect(isCanonicalExcluded('/job/wizard/done')).toBe(true);
    expect(isCanonicalExcluded('/job-manager')).toBe(true);
  });

  it('names every path once', () => {
    const paths = routeTable.map((row) => row.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
