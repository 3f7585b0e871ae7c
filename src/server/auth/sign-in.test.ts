import { describe, expect, it } from 'vitest';
import { delayMinutesOf, SignInDelayed } from './sign-in';

describe('sign-in delay on the sign-in page', () => {
  it('turns the delayed code into whole minutes, at least 1 and at most 15', () => {
    expect(new SignInDelayed(90).code).toBe('delayed-90');
    expect(delayMinutesOf(new SignInDelayed(90).code)).toBe(2);
    expect(delayMinutesOf('delayed-1')).toBe(1);
    expect(delayMinutesOf('delayed-900')).toBe(15);
    expect(delayMinutesOf('delayed-99999999')).toBe(15);
    for (const code of [
      null,
      'credentials',
      'rate_limited',
      'delayed-',
      'delayed-0',
      'delayed--5',
      'delayed-1.5',
      'delayed-x',
    ]) {
      expect(delayMinutesOf(code), String(code)).toBeNull();
    }
  });
});
