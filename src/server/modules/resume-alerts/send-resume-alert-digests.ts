/**
 * The resume alert digests (issue 17): the alert digests' shared machinery (../alerts/digest-runner.ts,
 * decision 0018) with the resume alerts' kind: a digest lists the visible resumes of the alert's brand that
 * match its saved search and were shown to recruiters in its window (window_start, window_end], anonymised
 * as the resume search's teasers are (search-resumes.ts reads no private field), mailed to the recruiter's
 * account address. Alerts of brands without resumes, or of users who are no recruiters any more, get none.
 */
import { sql } from 'drizzle-orm';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import type { SavedResumeSearch } from '../../db/schema/alerts.ts';
import { resumeAlertDigestMail } from '../../mail/resume-alert-mails.ts';
import { absoluteUrl, publicOrigin } from '../../public-origin.ts';
import { resumeSearchRequestSchema } from '../../search/resume-search-request.ts';
import {
  brandOfDigest,
  runAlertDigests,
  type AlertDigestKind,
  type ClaimedDigest,
  type DigestRunOptions,
  type DigestRunResult,
} from '../alerts/digest-runner.ts';
import { findResumes } from '../resumes/search-resumes.ts';
import { resumeAlertOneClickUrl } from './unsubscribe-resume-alert.ts';

/** Resumes listed in one mail; the rest are counted with a link to the search. */
export const digestResumeLimit = 20;

type ClaimedResumeDigest = ClaimedDigest & { search: SavedResumeSearch };

export const resumeAlertKind: AlertDigestKind<ClaimedResumeDigest> = {
  name: 'resume-alerts',
  alertsTable: 'resume_alerts',
  digestsTable: 'resume_alert_digests',
  countColumn: 'resume_count',
  // The owner is still a recruiter (a role taken away stops the mails).
  activeCondition: sql`exists (select 1 from user_roles r where r.user_id = resume_alerts.user_id and r.role = 'recruiter')`,
  alertColumns: sql`a.frontend, a.locale, a.search, a.label, a.search_path, a.token_key,
    (select u.email from users u where u.id = a.user_id) as email`,
  prepare:
    ({ db, secret }) =>
    async (digest) => {
      const context = brandOfDigest(digest);
      if (!context) throw new Error(`resume alert ${digest.alert_id} names an unknown brand ${digest.frontend}`);
      const { brand, locale } = context;
      if (!brand.features.resume) return { count: 0, mail: null };
      const request = resumeSearchRequestSchema(brand).parse({ ...digest.search, page: 1 });
      const result = await findResumes({
        db,
        brand,
        locale,
        request: { ...request, pageSize: digestResumeLimit },
        shown: { after: new Date(digest.window_start), until: new Date(digest.window_end) },
      });
      if (result.total === 0) return { count: 0, mail: null };
      const link = (path: string) => absoluteUrl(localizePath(path, locale, brand));
      return {
        count: result.total,
        mail: resumeAlertDigestMail({
          to: digest.email,
          label: digest.label,
          resumes: result.items.map((item) => ({
            title: item.desiredOccupation ?? item.title ?? item.latestJobTitle ?? '',
            details: [item.region, item.careerStatus, item.skills.slice(0, 5).join(', ')].filter(Boolean).join(' · '),
            url: link(`/resume/${item.id}`),
          })),
          total: result.total,
          searchLink: absoluteUrl(digest.search_path),
          editLink: link(`/resume-alert/edit/${digest.alert_id}`),
          oneClickUnsubscribe: resumeAlertOneClickUrl(secret, { id: digest.alert_id, tokenKey: digest.token_key }),
          brand,
          locale,
          messageId: `<resume-alert-digest-${digest.id}@${publicOrigin().hostname}>`,
        }),
      };
    },
};

/** One run: resumes stale digests, then claims and sends every due one, batch by batch. */
export function sendResumeAlertDigests(options: DigestRunOptions): Promise<DigestRunResult> {
  return runAlertDigests(resumeAlertKind, options);
}
