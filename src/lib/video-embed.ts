/**
 * The player address of a video on an organization page. No third-party player loads before the visitor
 * clicks (SPEC 3): the page shows the cover and a link to the source, and only a click swaps in the player
 * (privacy-friendly hosts: youtube-nocookie, Vimeo with do-not-track). Unknown hosts get the link only.
 */
export function videoEmbedUrl(source: string): string | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,20}$/.test(value) ? value : null);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const video = id(url.searchParams.get('v')) ?? id(/^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1]);
    return video ? `https://www.youtube-nocookie.com/embed/${video}?autoplay=1` : null;
  }
  if (host === 'youtu.be') {
    const video = id(url.pathname.slice(1));
    return video ? `https://www.youtube-nocookie.com/embed/${video}?autoplay=1` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = /(\d{4,12})\/?$/.exec(url.pathname)?.[1];
    return video ? `https://player.vimeo.com/video/${video}?autoplay=1&dnt=1` : null;
  }
  return null;
}
