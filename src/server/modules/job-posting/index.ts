import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { jobPostingTypeDefs } from './typedefs.ts';

const notYet = (): never => {
  throw new Error('Job posting is not implemented yet.');
};

export const jobPostingModule: GraphQLModule = {
  typeDefs: gql`
    ${jobPostingTypeDefs}
  `,
  resolvers: {
    Query: {
      jobFormOptions: notYet,
      managedJobs: notYet,
      moderationQueue: notYet,
    },
    Mutation: {
      createJob: notYet,
      updateJob: notYet,
      duplicateJob: notYet,
      changeJobState: notYet,
      approveJob: notYet,
      rejectJob: notYet,
      uploadJobFile: notYet,
    },
  },
};
