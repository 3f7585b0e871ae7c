/** Secret values set while building; the built output must contain none of them. */
export const buildSecrets = {
  AUTH_SECRET: 'test-auth-secret-7f3a9c1e5b2d8f4a6c0e9b1d3f5a7c9e',
  SMTP_URL: 'smtp://mailer:smtp-password-4b8d2f6a@127.0.0.1:2525',
  BACKEND_TOKEN_MARKER: 'backend-token-marker-91e7c3a5',
} as const;
