import { describe, expect, it } from 'vitest';
import type { RoleId } from '../db/schema/users';
import {
  analyticsUserRole,
  anonymousViewer,
  canActOn,
  canMasquerade,
  canMasqueradeAs,
  isStaff,
  roleRank,
  viewerKind,
} from './viewer';

describe('roles (SPEC section 6)', () => {
  it('tells the viewer kind; staff are administrators, site admins and job editors', () => {
    expect(viewerKind(anonymousViewer)).toBe('ANON');
    expect(viewerKind({ userId: 1, roles: ['applicant'] })).toBe('APPLICANT');
    expect(viewerKind({ userId: 1, roles: [] })).toBe('APPLICANT');
    expect(viewerKind({ userId: 1, roles: ['recruiter', 'applicant'] })).toBe('RECRUITER');
    for (const role of ['administrator', 'site_admin', 'job_editor'] as const) {
      expect(isStaff({ userId: 1, roles: [role] })).toBe(true);
      expect(viewerKind({ userId: 1, roles: ['recruiter', role] })).toBe('ADMIN');
    }
  });

  it('lets owners and staff act on an entity', () => {
    expect(canActOn({ userId: 5, roles: ['recruiter'] }, 5)).toBe(true);
    expect(canActOn({ userId: 5, roles: ['recruiter'] }, 6)).toBe(false);
    expect(canActOn({ userId: 5, roles: ['recruiter'] }, null)).toBe(false);
    expect(canActOn({ userId: 7, roles: ['job_editor'] }, 6)).toBe(true);
    expect(canActOn(anonymousViewer, null)).toBe(false);
  });

  it('joins role target ids for analytics, "(none)" without roles', () => {
    expect(analyticsUserRole([])).toBe('(none)');
    expect(
      analyticsUserRole([
        { id: 'recruiter', targetId: '12' },
        { id: 'applicant', targetId: null },
      ]),
    ).toBe('12 | applicant');
  });

  it('lets staff masquerade only as users whose highest role ranks below their own', () => {
    expect(roleRank(['applicant', 'recruiter'])).toBe(0);
    expect(roleRank(['recruiter', 'site_admin', 'job_editor'])).toBe(2);
    // [staff roles, target roles, allowed]
    const cases: [RoleId[], RoleId[], boolean][] = [
      [['administrator'], ['site_admin'], true],
      [['administrator'], ['job_editor', 'recruiter'], true],
      [['administrator'], ['administrator'], false],
      [['site_admin'], ['administrator'], false],
      [['site_admin'], ['site_admin'], false],
      [['site_admin'], ['recruiter', 'site_admin'], false],
      [['site_admin'], ['job_editor'], true],
      [['site_admin'], ['applicant'], true],
      [['site_admin'], [], true],
      [['job_editor'], ['job_editor'], false],
      [['job_editor'], ['site_admin'], false],
      [['job_editor'], ['recruiter'], true],
      [['recruiter'], ['applicant'], false],
      [[], [], false],
      // The highest role counts, on both sides.
      [['job_editor', 'administrator'], ['site_admin', 'applicant'], true],
    ];
    for (const [staff, target, allowed] of cases) {
      expect(canMasqueradeAs(staff, target), `${staff.join('+')} as ${target.join('+')}`).toBe(allowed);
    }
    expect(canMasquerade(['job_editor'])).toBe(true);
    expect(canMasquerade(['recruiter', 'applicant'])).toBe(false);
  });
});
