import { describe, expect, it } from 'vitest';
import { isOnHost, profileSectionSchemas, siteImagePattern, socialNetworks } from './profile-sections';

describe('profile sections (issue 15 part 3)', () => {
  it('accepts a social profile only on its network’s host or a subdomain of it', () => {
    expect(isOnHost('https://www.facebook.com/acme', socialNetworks.facebook)).toBe(true);
    expect(isOnHost('https://de.linkedin.com/company/acme', socialNetworks.linkedin)).toBe(true);
    expect(isOnHost('https://bsky.app/profile/acme.test', socialNetworks.blueSky)).toBe(true);
    expect(isOnHost('https://facebook.com.evil.example/acme', socialNetworks.facebook)).toBe(false);
    expect(isOnHost('https://notfacebook.com/acme', socialNetworks.facebook)).toBe(false);
    expect(isOnHost('not a url', socialNetworks.facebook)).toBe(false);
  });

  it('names the field of each problem with a message key', () => {
    const result = profileSectionSchemas.socialProfiles.safeParse({ xing: 'https://xing.example/acme', tiktok: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['xing', 'orgEdit.error.social.xing'],
    ]);
    expect(profileSectionSchemas.basics.parse({ alternativeName: '  ', website: '', size: '' })).toEqual({
      alternativeName: null,
      website: null,
      size: null,
    });
  });

  it('takes only the site’s own images', () => {
    expect(siteImagePattern.test('/media/images/0123456789abcdef0123456789abcdef.webp')).toBe(true);
    expect(siteImagePattern.test('/media/gallery/12-3.svg')).toBe(true);
    expect(siteImagePattern.test('https://tracker.example/pixel.gif')).toBe(false);
    expect(siteImagePattern.test('/media/images/../../etc/passwd')).toBe(false);
  });
});
