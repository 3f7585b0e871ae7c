/**
 * Social sign-in (SPEC section 1): LinkedIn, Google and, on some brands, Facebook. A provider is offered
 * when the brand lists it in `socialLoginOrder` AND its client id and secret are configured; the order is
 * the brand's (SPEC section 9: linkedin, google, facebook). The OIDC issuers (LinkedIn, Google) come from
 * the configuration (`LINKEDIN_ISSUER`, `GOOGLE_ISSUER`, defaulting to the real ones), so a test can put
 * an OpenID Connect server on loopback in place of the provider.
 */
import type { Provider } from '@auth/core/providers';
import Facebook from '@auth/core/providers/facebook';
import Google from '@auth/core/providers/google';
import LinkedIn from '@auth/core/providers/linkedin';
import type { Brand, SocialLoginProvider } from '../../../brands/types.ts';
import type { AppConfig } from '../config.ts';

const credentialsOf = (config: AppConfig, provider: SocialLoginProvider) => {
  const byProvider = {
    linkedin: [config.LINKEDIN_CLIENT_ID, config.LINKEDIN_CLIENT_SECRET],
    google: [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    facebook: [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET],
  } as const;
  const [clientId, clientSecret] = byProvider[provider];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
};

export const socialProviderNames: Record<SocialLoginProvider, string> = {
  linkedin: 'LinkedIn',
  google: 'Google',
  facebook: 'Facebook',
};

/** The social providers this brand offers right now, in the brand's order. */
export function enabledSocialProviders(brand: Brand, config: AppConfig): SocialLoginProvider[] {
  return brand.socialLoginOrder.filter((provider) => credentialsOf(config, provider) !== null);
}

export function socialAuthProviders(brand: Brand, config: AppConfig): Provider[] {
  return enabledSocialProviders(brand, config).map((provider) => {
    const credentials = credentialsOf(config, provider)!;
    switch (provider) {
      case 'linkedin':
        return LinkedIn({ ...credentials, issuer: config.LINKEDIN_ISSUER });
      case 'google':
        return Google({ ...credentials, issuer: config.GOOGLE_ISSUER });
      case 'facebook':
        return Facebook(credentials);
    }
  });
}
