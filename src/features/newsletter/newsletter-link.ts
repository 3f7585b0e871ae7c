/**
 * The page behind a newsletter mail's link (issue 19, MailLinkPage.astro): GET asks, the button's POST
 * confirms the subscription (double opt-in) or ends it. Loaded in the route's own frontmatter, so that the
 * route can answer 404 for a link that is not valid (a component's status comes too late).
 */
import type { MailLinkView } from '../../components/mail-link-page.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import { errorCodeOf } from '../job-alerts/error-code.ts';
import { confirmNewsletter, newsletterSubscriptionOfToken, unsubscribeNewsletter } from './operations.ts';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

const keysOf = {
  confirm: {
    title: 'newsletter.confirmTitle',
    intro: 'newsletter.confirmIntro',
    button: 'newsletter.confirmButton',
    done: 'newsletter.confirmed',
  },
  unsubscribe: {
    title: 'newsletter.unsubscribeTitle',
    intro: 'newsletter.unsubscribeIntro',
    button: 'newsletter.unsubscribeButton',
    done: 'newsletter.unsubscribed',
  },
} as const satisfies Record<NewsletterLinkPurpose, Record<string, MessageKey>>;

export async function loadNewsletterLink(
  locals: App.Locals,
  request: Request,
  url: URL,
  purpose: NewsletterLinkPurpose,
): Promise<{ title: string; view: MailLinkView }> {
  const { backend, locale } = locals;
  const t = createTranslator(locale);
  const keys = keysOf[purpose];
  const token = url.searchParams.get('token') ?? '';
  const done = (email: string): MailLinkView => ({ kind: 'done', message: t(keys.done, { email }) });
  const title = t(keys.title);
  try {
    if (request.method === 'POST') {
      const result =
        purpose === 'confirm'
          ? (await backend.request(confirmNewsletter, { token })).confirmNewsletter
          : (await backend.request(unsubscribeNewsletter, { token })).unsubscribeNewsletter;
      return { title, view: done(result.email) };
    }
    const { newsletterSubscriptionOfToken: result } = await backend.request(newsletterSubscriptionOfToken, {
      token,
      purpose,
    });
    if (purpose === 'confirm' ? result.confirmed : result.unsubscribed) return { title, view: done(result.email) };
    return { title, view: { kind: 'ask', intro: t(keys.intro, { email: result.email }), button: t(keys.button) } };
  } catch (error) {
    if (errorCodeOf(error) !== 'NOT_FOUND') throw error;
    return { title, view: { kind: 'invalid', message: t('newsletter.error.invalidLink') } };
  }
}
