import { homePickModules } from '../../../lib/home/home-picks.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { getHomePage } from './get-home-page.ts';
import { listHomePicks, setHomePicks } from './set-home-picks.ts';

/** The home page modules of SPEC 9 (issues 15 and 19) and the staff's choice of what they show. */
export const homeModule: GraphQLModule = {
  typeDefs: gql`
    "A home page module staff fill with jobs or organizations (SPEC 9)."
    enum HomePickModule {
      ${homePickModules.join('\n')}
    }

    "A job category with its number of open jobs."
    type HomeCategory {
      slug: String!
      count: Int!
    }

    "A post of the home page's latest blog posts."
    type HomeBlogPost {
      title: String!
      "The post's path (without locale prefix)."
      url: String!
      teaser: String
      imageUrl: String
      publishedAt: DateTime!
    }

    "The modules of the request brand's home page; a module staff left empty is an empty list."
    type HomePage {
      "Chosen by staff, 0 to 6."
      featuredJobs: [Job!]!
      "Chosen by staff among jobs with a video, 0 to 6."
      videoJobs: [Job!]!
      "Chosen by staff, 0 to 6; while staff chose none, the newest jobs marked top (the product)."
      topJobs: [Job!]!
      "The newest open jobs."
      latestJobs: [Job!]!
      "Every job category with its number of open jobs."
      categories: [HomeCategory!]!
      "Chosen by staff, 0 to 4, on brands with the module."
      featuredOrganizations: [OrganizationProfile!]!
      "Chosen by staff, 0 to 50, on brands with the module."
      trainingOrganizations: [OrganizationProfile!]!
      "The newest published posts in the request's language, where the brand has a blog."
      latestBlogPosts: [HomeBlogPost!]!
    }

    type HomePickItem {
      id: Int!
      "The job's title or the organization's name."
      title: String!
    }

    "What staff chose for one module, in order."
    type HomePickList {
      module: HomePickModule!
      "The most the module shows (SPEC 9)."
      max: Int!
      "Whether the brand shows the module."
      enabled: Boolean!
      items: [HomePickItem!]!
    }

    extend type Query {
      "The request brand's home page modules."
      homePage: HomePage!
      "Staff only: what they chose for each home page module of the request's brand."
      homePicks: [HomePickList!]!
    }

    extend type Mutation {
      "Staff only: replaces the jobs or organizations of a home page module (ids in display order)."
      setHomePicks(module: HomePickModule!, ids: [Int!]!): HomePickList!
    }
  `,
  resolvers: {
    Query: {
      homePage: (_parent, _args, context: GraphQLContext) => getHomePage({ db: context.db, brand: context.brand }),
      homePicks: (_parent, _args, context: GraphQLContext) =>
        listHomePicks({ db: context.db, viewer: context.viewer, brand: context.brand, locale: context.locale }),
    },
    Mutation: {
      setHomePicks: (_parent, args: unknown, context: GraphQLContext) =>
        setHomePicks({
          db: context.db,
          viewer: context.viewer,
          brand: context.brand,
          locale: context.locale,
          input: args,
        }),
    },
  },
};
