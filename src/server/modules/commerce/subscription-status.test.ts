import { describe, expect, it } from 'vitest';
import { subscriptionStatusOn } from './subscription-status.ts';

describe('subscriptionStatusOn', () => {
  const running = { startDate: '2026-04-01', endDate: '2026-09-30', cancelledAt: null };
  it('derives the status from the dates, the first and last day included', () => {
    expect(subscriptionStatusOn(running, '2026-03-31')).toBe('scheduled');
    expect(subscriptionStatusOn(running, '2026-04-01')).toBe('active');
    expect(subscriptionStatusOn(running, '2026-09-30')).toBe('active');
    expect(subscriptionStatusOn(running, '2026-10-01')).toBe('expired');
    expect(subscriptionStatusOn({ ...running, endDate: null }, '2099-01-01')).toBe('active');
  });
  it('says cancelled whatever the dates', () => {
    expect(subscriptionStatusOn({ ...running, cancelledAt: new Date('2026-05-01') }, '2026-05-02')).toBe('cancelled');
    expect(subscriptionStatusOn({ ...running, cancelledAt: new Date('2026-05-01') }, '2026-03-01')).toBe('cancelled');
  });
});
