import { describe, expect, it } from 'vitest';
import { canMasquerade, canMasqueradeAs, hasStaffRole, isRoleId, roleRank, userKindOf, type RoleId } from './roles';

describe('roles (SPEC sections 1 and 6)', () => {
  it('makes administrators, site admins and job editors staff, and tells the user kind', () => {
    for (const role of ['administrator', 'site_admin', 'job_editor']) {
      expect(hasStaffRole([role])).toBe(true);
      expect(userKindOf(['recruiter', role])).toBe('ADMIN');
    }
    expect(hasStaffRole(['recruiter', 'applicant'])).toBe(false);
    expect(userKindOf(['recruiter', 'applicant'])).toBe('RECRUITER');
    expect(userKindOf(['applicant'])).toBe('APPLICANT');
    expect(userKindOf([])).toBe('APPLICANT');
    expect(isRoleId('site_admin')).toBe(true);
    expect(isRoleId('root')).toBe(false);
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
