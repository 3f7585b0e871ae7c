import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { getRouteInfo, type RouteInfo } from './get-route-info.ts';
import { getMetatags } from './find-metatags.ts';
import { getLandingPage } from './get-landing-page.ts';

export const routingModule: GraphQLModule = {
  typeDefs: gql`
    type RouteError {
      code: Int!
      reason: String!
    }

    type RouteRedirect {
      code: Int!
      target: String!
    }

    enum RouteContentKind {
      Job
      LandingPage
      OrganizationProfile
    }

    type RouteContent {
      kind: RouteContentKind!
      id: Int!
      metatags: [Metatag!]!
      "The landing page a route shows (kind LandingPage), as Query.landingPage; null for other kinds."
      landingPage: LandingPage
    }

    union RouteInfo = RouteError | RouteRedirect | RouteContent

    "An SEO landing page: a fixed job search (category and place) with its own title and introduction."
    type LandingPage {
      id: Int!
      path: String!
      title: String!
      "Sanitised HTML (filtered_html)."
      introHtml: String!
      "Slug of the job category the page lists, e.g. gesundheit-soziales."
      categorySlug: String
      locality: String
      region: String
      language: String!
    }

    extend type Query {
      "Resolves a URL path to an error, a redirect or a piece of content (jobs and organizations of the request's brand)."
      getRoutInfo(slug: String!, language: String): RouteInfo!
      "SEO meta tags of a route slug (jobId, path and router query parameters are ignored)."
      getMetatags(slug: String!, language: String): [Metatag!]!
      "A published landing page, or null."
      landingPage(id: Int!): LandingPage
    }
  `,
  resolvers: {
    Query: {
      getRoutInfo: (_parent, args: unknown, context) =>
        getRouteInfo({ db: context.db, brandId: context.brand.id, input: args }),
      getMetatags: (_parent, args: unknown, context) => getMetatags({ db: context.db, input: args }),
      landingPage: (_parent, args: unknown, context) => getLandingPage({ db: context.db, input: args }),
    },
    RouteContent: {
      landingPage: (route: RouteInfo & { __typename: 'RouteContent' }, _args, context) =>
        route.kind === 'LandingPage' ? getLandingPage({ db: context.db, input: { id: route.id } }) : null,
    },
  },
};
