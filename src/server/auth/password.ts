import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * Argon2id with OWASP's baseline parameters (19 MiB memory, 2 passes, 1 lane). hash-wasm runs it in
 * WebAssembly: no native binary to install per platform (see README.md in this folder).
 */
const parameters = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...parameters, password, salt: randomBytes(16), outputType: 'encoded' });
}

/** True when the password matches the encoded hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no hash to check (unknown e-mail, social-only
 * account), so response times do not tell which e-mail addresses have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
