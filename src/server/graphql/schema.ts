import { createSchema } from 'graphql-yoga';
import type { GraphQLContext } from './context.ts';
import { baseModule } from '../modules/base/index.ts';
import { appConfigModule } from '../modules/app-config/index.ts';
import { routingModule } from '../modules/routing/index.ts';
import { consentModule } from '../modules/consent/index.ts';
import { commerceModule } from '../modules/commerce/index.ts';
import { usersModule } from '../modules/users/index.ts';
import { accountsModule } from '../modules/accounts/index.ts';
import { analyticsModule } from '../modules/analytics/index.ts';
import { organizationsModule } from '../modules/organizations/index.ts';
import { jobsModule } from '../modules/jobs/index.ts';
import { jobPostingModule } from '../modules/job-posting/index.ts';
import { searchModule } from '../modules/search/index.ts';
import { jobDescriptionModule } from '../modules/job-description/index.ts';
import { applicationsModule } from '../modules/applications/index.ts';
import { bookmarksModule } from '../modules/bookmarks/index.ts';
import { jobAlertsModule } from '../modules/job-alerts/index.ts';
import { resumesModule } from '../modules/resumes/index.ts';
import { sitemapsModule } from '../modules/sitemaps/index.ts';
import { organizationTeamModule } from '../modules/organization-team/index.ts';
import { blogModule } from '../modules/blog/index.ts';
import { dataRightsModule } from '../modules/data-rights/index.ts';
import { homeModule } from '../modules/home/index.ts';
import { newsletterModule } from '../modules/newsletter/index.ts';
import { resumeAlertsModule } from '../modules/resume-alerts/index.ts';

/** Every module contributes its SDL and resolvers; the schema is built once per process. */
const modules = [
  baseModule,
  appConfigModule,
  routingModule,
  consentModule,
  commerceModule,
  usersModule,
  accountsModule,
  analyticsModule,
  organizationsModule,
  jobsModule,
  jobPostingModule,
  searchModule,
  jobDescriptionModule,
  applicationsModule,
  bookmarksModule,
  jobAlertsModule,
  resumesModule,
  sitemapsModule,
  organizationTeamModule,
  blogModule,
  dataRightsModule,
  homeModule,
  newsletterModule,
  // Branch alerts2 (issue 17 part 5).
  resumeAlertsModule,
];

export const schema = createSchema<GraphQLContext>({
  typeDefs: modules.map((module) => module.typeDefs),
  resolvers: modules.map((module) => module.resolvers),
});
