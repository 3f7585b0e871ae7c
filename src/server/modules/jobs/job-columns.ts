import { getTableColumns } from 'drizzle-orm';
import { jobs } from '../../db/schema/jobs.ts';

/** Every column of a job except the search vector, which only the search queries need. */
function columnsWithoutSearchVector() {
  const { searchVector, ...columns } = getTableColumns(jobs);
  void searchVector;
  return columns;
}

export const jobColumns = columnsWithoutSearchVector();

export type JobRow = Omit<typeof jobs.$inferSelect, 'searchVector'>;
