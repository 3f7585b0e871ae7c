import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getConfig } from '../config.ts';

let cached: Uint8Array | undefined;

/**
 * The key that signs backend tokens and sessions. AUTH_SECRET in production; for the embedded demo a random
 * secret is created once next to the database (./data/auth-secret, mode 600), so `npm start` needs no set-up
 * and sessions survive restarts. The configuration check demands AUTH_SECRET whenever DATABASE_URL is set.
 */
export function getAuthSecret(): Uint8Array {
  if (cached) return cached;
  const config = getConfig();
  let secret = config.AUTH_SECRET;
  if (secret === undefined) {
    const file = join(dirname(config.PGLITE_DIR), 'auth-secret');
    try {
      secret = readFileSync(file, 'utf8').trim();
    } catch {
      secret = randomBytes(32).toString('base64url');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, secret, { mode: 0o600 });
    }
  }
  cached = new TextEncoder().encode(secret);
  return cached;
}

/** The same key as text, as Auth.js takes it (`secret` in the Auth.js configuration). */
export function getAuthSecretText(): string {
  return new TextDecoder().decode(getAuthSecret());
}
