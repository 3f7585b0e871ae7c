import { describe, expect, it } from 'vitest';
import { brands } from '../../../brands';
import { parseConfig } from '../config';
import { enabledSocialProviders, socialAuthProviders } from './social-providers';

describe('social sign-in providers', () => {
  it('offers a provider only when the brand enables it and both credentials are set, in brand order', () => {
    const all = parseConfig({
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      LINKEDIN_CLIENT_ID: 'l',
      LINKEDIN_CLIENT_SECRET: 'ls',
    });
    expect(enabledSocialProviders(brands.jobregio, all)).toEqual(['linkedin', 'google', 'facebook']);
    // The default brand has no Facebook sign-in.
    expect(enabledSocialProviders(brands.tagblatt, all)).toEqual(['linkedin', 'google']);
    expect(enabledSocialProviders(brands.jobregio, parseConfig({ GOOGLE_CLIENT_ID: 'g' }))).toEqual([]);
    expect(
      enabledSocialProviders(brands.jobregio, parseConfig({ FACEBOOK_CLIENT_ID: 'f', FACEBOOK_CLIENT_SECRET: 'x' })),
    ).toEqual(['facebook']);
    expect(socialAuthProviders(brands.jobregio, all).map((provider) => (provider as { id: string }).id)).toEqual([
      'linkedin',
      'google',
      'facebook',
    ]);
  });
});
