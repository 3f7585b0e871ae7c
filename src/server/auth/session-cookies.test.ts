import { describe, expect, it } from 'vitest';
import {
  chunkCookieValue,
  clearSessionCookies,
  joinSessionChunks,
  parseCookieHeader,
  rechunkSessionCookies,
  sessionCookieChunkSize,
} from './session-cookies';

const name = 'authjs.session-token';
const attributes = 'Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT; HttpOnly; SameSite=Lax';

/** What a browser would send back after applying the Set-Cookie list to its jar. */
function applyToJar(jar: Record<string, string>, setCookies: string[]): Record<string, string> {
  const next = { ...jar };
  for (const header of setCookies) {
    const [pair] = header.split(';');
    const [cookieName, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
    if (/Max-Age=0/.test(header) || value === '') delete next[cookieName];
    else next[cookieName] = value;
  }
  return next;
}

describe('session cookie chunking', () => {
  it('uses 3933 characters per chunk (SPEC section 9)', () => {
    expect(sessionCookieChunkSize).toBe(3933);
  });

  it('keeps a small value in one cookie', () => {
    expect(chunkCookieValue(name, 'abc')).toEqual([{ name, value: 'abc' }]);
    expect(chunkCookieValue(name, 'x'.repeat(3933))).toHaveLength(1);
  });

  it('splits a large session into numbered chunks and joins them again', () => {
    const value = Array.from({ length: 10_000 }, (_, index) => 'abcdefghij'[index % 10]).join('');
    const chunks = chunkCookieValue(name, value);
    expect(chunks.map((chunk) => chunk.name)).toEqual([`${name}.0`, `${name}.1`, `${name}.2`]);
    expect(chunks.map((chunk) => chunk.value.length)).toEqual([3933, 3933, 10_000 - 2 * 3933]);
    // Cookie order in a request is arbitrary: joining goes by suffix.
    const jar = Object.fromEntries(chunks.reverse().map((chunk) => [chunk.name, chunk.value]));
    expect(joinSessionChunks({ other: 'x', ...jar }, name)).toBe(value);
    expect(joinSessionChunks({ other: 'x' }, name)).toBeUndefined();
  });

  it('re-splits what Auth.js chunked at 3936 characters and expires the chunks no longer used', () => {
    const value = 'v'.repeat(3935); // one cookie for Auth.js, two at 3933
    const fromAuth = [`${name}=${value}; ${attributes}`, 'authjs.csrf-token=abc|def; Path=/; HttpOnly; SameSite=Lax'];
    const rewritten = rechunkSessionCookies(fromAuth, name, []);
    expect(rewritten).toContain('authjs.csrf-token=abc|def; Path=/; HttpOnly; SameSite=Lax');
    expect(rewritten).toContain(`${name}.0=${'v'.repeat(3933)}; ${attributes}`);
    expect(rewritten).toContain(`${name}.1=vv; ${attributes}`);
    const cleared = rewritten.find((header) => header.startsWith(`${name}=;`));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/HttpOnly; SameSite=Lax/);
    expect(joinSessionChunks(applyToJar({}, rewritten), name)).toBe(value);
  });

  it('going back from three chunks to one expires the old chunks the request carried', () => {
    const jar = { [`${name}.0`]: 'a', [`${name}.1`]: 'b', [`${name}.2`]: 'c' };
    // Auth.js itself expires request chunks it does not reuse; the request's names are passed too.
    const fromAuth = [`${name}=small; ${attributes}`];
    const rewritten = rechunkSessionCookies(fromAuth, name, Object.keys(jar));
    const after = applyToJar(jar, rewritten);
    expect(after).toEqual({ [name]: 'small' });
    expect(joinSessionChunks(after, name)).toBe('small');
  });

  it('leaves responses without a live session cookie alone and clears all chunks on demand', () => {
    const signOut = [`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`];
    expect(rechunkSessionCookies(signOut, name, [name])).toEqual(signOut);
    expect(clearSessionCookies([`${name}.0`, `${name}.1`, 'other'], name, true)).toEqual([
      `${name}.0=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
      `${name}.1=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
    ]);
  });

  it('parses cookie headers', () => {
    expect(parseCookieHeader('a=1; b=%7C2; a=3; c="q"')).toEqual({ a: '1', b: '|2', c: 'q' });
  });
});
