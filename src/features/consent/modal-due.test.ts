import { describe, expect, it } from 'vitest';
import { gdprModalConsent } from './modal-due';

const answer = (status: { hasConsented: boolean; hasConsentedBefore: boolean; infoId: number | null }) => ({
  hasTheLatestConsent: status,
  getGdprConsentInfos: [{ id: 7, text: '<p>Terms 2</p>' }],
});

describe('gdprModalConsent', () => {
  it('asks a visitor whose consent is to an older revision', () => {
    expect(gdprModalConsent(answer({ hasConsented: false, hasConsentedBefore: true, infoId: 7 }))).toEqual({
      infoId: 7,
      text: '<p>Terms 2</p>',
    });
  });

  it('asks nobody who agreed to the latest revision, never agreed, or when the text is missing', () => {
    expect(gdprModalConsent(answer({ hasConsented: true, hasConsentedBefore: true, infoId: 7 }))).toBeNull();
    expect(gdprModalConsent(answer({ hasConsented: false, hasConsentedBefore: false, infoId: 7 }))).toBeNull();
    expect(gdprModalConsent(answer({ hasConsented: false, hasConsentedBefore: true, infoId: 8 }))).toBeNull();
    expect(
      gdprModalConsent({
        hasTheLatestConsent: { hasConsented: false, hasConsentedBefore: true, infoId: 7 },
        getGdprConsentInfos: [],
      }),
    ).toBeNull();
  });
});
