/**
 * The page behind a job alert mail's link (issue 14, MailLinkPage.astro): GET asks, the button's POST
 * confirms the alert (double opt-in) or unsubscribes from it. Loaded in the route's own frontmatter, so
 * that the route can answer 404 for a link that is not valid (a component's status comes too late).
 */
import type { MailLinkView } from '../../components/mail-link-page.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import { confirmJobAlert, jobAlertOfToken, unsubscribeJobAlert } from '../../lib/operations/bookmarks-and-alerts.ts';
import { localizePath } from '../../lib/routing/resolve-request.ts';
import { errorCodeOf } from './error-code.ts';

export type AlertLinkPurpose = 'confirm' | 'unsubscribe';

const keysOf = {
  confirm: {
    title: 'jobAlert.confirmTitle',
    intro: 'jobAlert.confirmIntro',
    button: 'jobAlert.confirmButton',
    done: 'jobAlert.confirmed',
  },
  unsubscribe: {
    title: 'jobAlert.unsubscribeTitle',
    intro: 'jobAlert.unsubscribeIntro',
    button: 'jobAlert.unsubscribeButton',
    done: 'jobAlert.unsubscribed',
  },
} as const satisfies Record<AlertLinkPurpose, Record<string, MessageKey>>;

export async function loadAlertLink(
  locals: App.Locals,
  request: Request,
  url: URL,
  purpose: AlertLinkPurpose,
): Promise<{ title: string; view: MailLinkView }> {
  const { brand, locale, backend } = locals;
  const t = createTranslator(locale);
  const keys = keysOf[purpose];
  const token = url.searchParams.get('token') ?? '';
  const toSearch = (href: string | null | undefined) => (href ? { href, label: t('jobAlert.toSearch') } : undefined);
  const done = (result: { label: string; searchPath?: string | null }): MailLinkView => ({
    kind: 'done',
    message: t(keys.done, { search: result.label }),
    link: toSearch(result.searchPath),
  });
  const title = t(keys.title);
  try {
    if (request.method === 'POST') {
      if (purpose === 'confirm') {
        return { title, view: done((await backend.request(confirmJobAlert, { token })).confirmJobAlert) };
      }
      const { unsubscribeJobAlert: result } = await backend.request(unsubscribeJobAlert, { token });
      return { title, view: done({ label: result.label }) };
    }
    const { jobAlertOfToken: result } = await backend.request(jobAlertOfToken, { token, purpose });
    if (purpose === 'confirm' && result.wasConfirmed) return { title, view: done(result) };
    return {
      title,
      view: {
        kind: 'ask',
        intro: t(keys.intro, { search: result.label }),
        button: t(keys.button),
        link: toSearch(localizePath('/jobs', locale, brand)),
      },
    };
  } catch (error) {
    if (errorCodeOf(error) !== 'NOT_FOUND') throw error;
    return { title, view: { kind: 'invalid', message: t('jobAlert.error.invalidLink') } };
  }
}
