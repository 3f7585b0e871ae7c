import { describe, expect, it } from 'vitest';
import { alertIdOfToken, signAlertToken, verifyAlertToken } from './alert-tokens';

const secret = new TextEncoder().encode('unit-test-secret-0123456789abcdefghij');
const alert = { id: 42, tokenKey: 'random-key' };

describe('job alert tokens', () => {
  it('verify for their alert and purpose only', () => {
    const token = signAlertToken(secret, 'unsubscribe', alert);
    expect(alertIdOfToken(token, 'unsubscribe')).toBe(42);
    expect(verifyAlertToken(secret, 'unsubscribe', token, alert)).toBe(true);
    expect(alertIdOfToken(token, 'confirm')).toBeNull();
    expect(verifyAlertToken(secret, 'confirm', token, alert)).toBe(false);
    expect(verifyAlertToken(secret, 'unsubscribe', token, { ...alert, tokenKey: 'other' })).toBe(false);
    expect(verifyAlertToken(secret, 'unsubscribe', token, { ...alert, id: 43 })).toBe(false);
  });

  it('cannot be made without the secret', () => {
    const other = new TextEncoder().encode('another-secret-0123456789abcdefghijkl');
    const forged = signAlertToken(other, 'unsubscribe', alert);
    expect(verifyAlertToken(secret, 'unsubscribe', forged, alert)).toBe(false);
    expect(alertIdOfToken('42.u.short', 'unsubscribe')).toBeNull();
    expect(alertIdOfToken(`${'9'.repeat(200)}`, 'unsubscribe')).toBeNull();
    expect(alertIdOfToken(undefined, 'unsubscribe')).toBeNull();
  });
});
