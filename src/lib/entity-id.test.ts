import { describe, expect, it } from 'vitest';
import { isEntityId, maxEntityId, parseEntityId } from './entity-id';

describe('entity ids in URLs', () => {
  it('reads positive whole numbers up to 2^31 - 1', () => {
    expect(parseEntityId('1')).toBe(1);
    expect(parseEntityId('42')).toBe(42);
    expect(parseEntityId('2147483647')).toBe(maxEntityId);
  });

  it('refuses numbers the database and GraphQL cannot hold', () => {
    expect(parseEntityId('2147483648')).toBeNull();
    expect(parseEntityId('9999999999')).toBeNull();
    expect(parseEntityId('99999999999999999999')).toBeNull();
  });

  it('refuses everything that is not a plain positive id', () => {
    for (const raw of ['', '0', '-1', '+1', '01', '1e3', '4.2', ' 7', '7 ', '0x10', 'abc', '１２', null, undefined]) {
      expect(parseEntityId(raw)).toBeNull();
    }
    expect(isEntityId('12')).toBe(true);
    expect(isEntityId('12a')).toBe(false);
  });
});
