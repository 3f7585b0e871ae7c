import { describe, expect, it } from 'vitest';
import { stripTrackingParams, trackingParams } from './tracking-params';

describe('tracking parameters on /jobs (SPEC section 2)', () => {
  it('knows the fifteen parameters', () => expect(trackingParams.size).toBe(15));

  it.each([...trackingParams])('strips %s', (name) => {
    expect(stripTrackingParams(`?${name}=abc`)).toBe('');
    expect(stripTrackingParams(`?search=pflege&${name}=abc&page=2`)).toBe('?search=pflege&page=2');
  });

  it('keeps other parameters in order and in their original encoding', () => {
    expect(stripTrackingParams('?b=2&jmyc=1&a=K%C3%B6ln+Nord&jsco=x&c')).toBe('?b=2&a=K%C3%B6ln+Nord&c');
  });
  it('strips names given percent-encoded and valueless', () => {
    expect(stripTrackingParams('?jw%5Fort%5Fdistance=5&jsix&q=1')).toBe('?q=1');
  });
  it('leaves an empty query empty', () => expect(stripTrackingParams('')).toBe(''));
});
