import {
  defaultPageSize,
  facetValueLimit,
  jobFacetFields,
  jobSorts,
  locationTypes,
  maxPageSize,
  organizationFacetFields,
} from '../../../lib/search/vocabulary.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import type { JobSearchHit, OrganizationSearchHit } from '../../search/index.ts';
import { findJobs, findOrganizations } from './find-jobs.ts';
import { findLocationAlternatives, findLocationSuggestions } from './find-location-suggestions.ts';

export const searchModule: GraphQLModule = {
  typeDefs: gql`
    "The job facets (SPEC section 3); every one is multi-select: OR within a facet, AND across facets."
    enum JobFacetField {
      ${jobFacetFields.join('\n')}
    }

    "relevancy: by rank with a search term, else newest first. publish_date_desc: newest first."
    enum JobSort {
      ${jobSorts.join('\n')}
    }

    enum LocationType {
      ${locationTypes.join('\n')}
    }

    """
    A place to search around. radius (km) applies to cities only, defaults to the brand's default and
    must be one of the brand's options; an administrative area or a country is matched by its label.
    """
    input GeoLocationInput {
      lat: Float!
      lon: Float!
      radius: Int
      label: String
      locationType: LocationType = city
    }

    "Selected values (ids) of a facet."
    input FacetFilterInput {
      field: JobFacetField!
      values: [String!]!
    }

    input JobSearchInput {
      "Full text over title, organization, skills and description; finds compounds (Pflege → Altenpflegerin)."
      search: String
      "Part of the title (case-insensitive)."
      title: String
      "An occupational field slug, as in /jobs/<slug>."
      category: String
      location: GeoLocationInput
      facets: [FacetFilterInput!]
      "Jobs paying at least this much a year (their maximum, else their minimum)."
      minYearlySalary: Float
      sort: JobSort = relevancy
      page: Int = 1
      "1 to ${maxPageSize}."
      pageSize: Int = ${defaultPageSize}
    }

    type JobSearchHit {
      job: Job!
      "Distance to the job's nearest location when searching around a city."
      distanceKm: Float
    }

    type FacetValue {
      value: String!
      label: String!
      count: Int!
    }

    """
    A facet's values with the number of jobs each would give: counted with the other facets' selections
    applied but not this facet's own. At most ${facetValueLimit} values, most frequent first.
    """
    type Facet {
      field: JobFacetField!
      values: [FacetValue!]!
    }

    type JobSearchResult {
      "All matching jobs, not just this page."
      total: Int!
      page: Int!
      pageSize: Int!
      items: [JobSearchHit!]!
      facets: [Facet!]!
    }

    type LocationSuggestion {
      label: String!
      lat: Float!
      lon: Float!
      locationType: LocationType!
      "ISO 3166-1 alpha-2, e.g. DE."
      country: String!
      administrativeArea: String
    }

    enum LocationAlternativesReason {
      "A place of that name lies outside the brand's area: the places are the area's towns nearest to it."
      outside_area
      "No place has that name: the places are those of the area with a similar name."
      unknown
    }

    type LocationAlternatives {
      reason: LocationAlternativesReason!
      places: [LocationSuggestion!]!
    }

    "The organization facets (issue 15); multi-select like the job facets."
    enum OrganizationFacetField {
      ${organizationFacetFields.join('\n')}
    }

    input OrganizationFacetFilterInput {
      field: OrganizationFacetField!
      values: [String!]!
    }

    input OrganizationSearchInput {
      "Full text over name, alternative name and presentation."
      search: String
      "Around a city: radius defaults to the brand's organization radius (SPEC 9: 25 km)."
      location: GeoLocationInput
      facets: [OrganizationFacetFilterInput!]
      page: Int = 1
      "1 to ${maxPageSize}; the brand's organization page size (12) when missing."
      pageSize: Int
    }

    type OrganizationSearchHit {
      organization: OrganizationProfile!
      "Distance to the organization's nearest location when searching around a city."
      distanceKm: Float
    }

    "An organization facet's values, counted like a job facet's (see Facet)."
    type OrganizationFacet {
      field: OrganizationFacetField!
      values: [FacetValue!]!
    }

    type OrganizationSearchResult {
      "All matching organizations, not just this page."
      total: Int!
      page: Int!
      pageSize: Int!
      items: [OrganizationSearchHit!]!
      facets: [OrganizationFacet!]!
    }

    extend type Query {
      "Open jobs of the request's brand."
      searchJobs(input: JobSearchInput!): JobSearchResult!
      "Published organizations of the request's brand; featured ones first without a search text."
      searchOrganizations(input: OrganizationSearchInput!): OrganizationSearchResult!
      "Cities, regions and Deutschland starting with the query, within the brand's autocomplete bounds."
      locationSuggestions(query: String!, limit: Int = 10): [LocationSuggestion!]!
      "Places of the brand's area to offer for a name locationSuggestions found nothing for (Did you mean …)."
      locationAlternatives(query: String!, limit: Int = 5): LocationAlternatives!
    }
  `,
  resolvers: {
    Query: {
      searchJobs: (_parent, args: { input: unknown }, context: GraphQLContext) =>
        findJobs({ db: context.db, brand: context.brand, locale: context.locale, input: args.input }),
      searchOrganizations: (_parent, args: { input: unknown }, context: GraphQLContext) =>
        findOrganizations({ db: context.db, brand: context.brand, locale: context.locale, input: args.input }),
      locationSuggestions: (_parent, args: unknown, context: GraphQLContext) =>
        findLocationSuggestions({ brand: context.brand, locale: context.locale, input: args }),
      locationAlternatives: (_parent, args: unknown, context: GraphQLContext) =>
        findLocationAlternatives({ brand: context.brand, locale: context.locale, input: args }),
    },
    OrganizationSearchHit: {
      organization: async (hit: OrganizationSearchHit, _args, context: GraphQLContext) => {
        const organization = await context.loaders.organization.load(hit.organizationId);
        if (!organization) throw new Error(`Organization ${hit.organizationId} of a search result is missing.`);
        return organization;
      },
    },
    JobSearchHit: {
      job: async (hit: JobSearchHit, _args, context: GraphQLContext) => {
        const job = await context.loaders.job.load(hit.jobId);
        // A job deleted between the search and this load; rare enough to fail the field.
        if (!job) throw new Error(`Job ${hit.jobId} of a search result is missing.`);
        return job;
      },
    },
  },
};
