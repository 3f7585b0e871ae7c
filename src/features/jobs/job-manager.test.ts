import { describe, expect, it } from 'vitest';
import { actionsOf, isManagerAction, managerHref, readManagerQuery } from './job-manager';

describe('job manager query and actions', () => {
  it('reads a known state and a sane page, and ignores anything else', () => {
    expect(readManagerQuery(new URLSearchParams('state=published&page=3'))).toEqual({ state: 'published', page: 3 });
    expect(readManagerQuery(new URLSearchParams('state=deleted&page=-2'))).toEqual({ state: null, page: 1 });
    expect(readManagerQuery(new URLSearchParams('page=1.5'))).toEqual({ state: null, page: 1 });
  });

  it('writes the filter and page back into links', () => {
    expect(managerHref('/job-manager', { state: null, page: 1 })).toBe('/job-manager');
    expect(managerHref('/job-manager', { state: 'archived', page: 2 }, { done: 'extend' })).toBe(
      '/job-manager?state=archived&page=2&done=extend',
    );
  });

  it('offers duplicate and the state changes the server offers, and nothing to viewers who may not edit', () => {
    expect(actionsOf({ canEdit: true, availableActions: ['withdraw', 'extend'] })).toEqual([
      'duplicate',
      'withdraw',
      'extend',
    ]);
    expect(actionsOf({ canEdit: false, availableActions: ['withdraw'] })).toEqual([]);
    expect(isManagerAction('repost')).toBe(true);
    expect(isManagerAction('delete')).toBe(false);
  });
});
