import { describe, expect, it } from 'vitest';
import { isAutomatedAgent } from './automated-agent.ts';

describe('isAutomatedAgent', () => {
  it('tells crawlers, previews and scripts from browsers', () => {
    expect(isAutomatedAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isAutomatedAgent('facebookexternalhit/1.1')).toBe(true);
    expect(isAutomatedAgent('curl/8.5.0')).toBe(true);
    expect(isAutomatedAgent(null)).toBe(true);
    expect(
      isAutomatedAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
