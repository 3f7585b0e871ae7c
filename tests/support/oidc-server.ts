/**
 * The loopback OpenID Connect server of the browser tests, started by Playwright as a web server
 * (playwright.config.ts): OIDC_PORT is where it listens, OIDC_CLIENTS the clients (JSON of OidcClient[]).
 * People sign in on its form; see tests/support/oidc-provider.ts.
 */
import { startOidcProvider, type OidcClient } from './oidc-provider.ts';

const provider = await startOidcProvider(Number(process.env.OIDC_PORT));
provider.register(JSON.parse(process.env.OIDC_CLIENTS ?? '[]') as OidcClient[]);
console.log(`OpenID Connect test server at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void provider.stop().then(() => process.exit(0));
  });
}
