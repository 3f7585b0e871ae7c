import { describe, expect, it } from 'vitest';
import { analyticsUserRole, anonymousViewer, canActOn, isStaff, viewerKind } from './viewer';

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
});
