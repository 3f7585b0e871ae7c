import { z } from 'zod';
import { textProblem } from '../../lib/search/text-rules.ts';

/**
 * A search text (keyword, title, place name) as the API accepts it: the rules of src/lib/search/text-rules.ts,
 * which the listing page applies to its URL, so that a text the page lets through is never refused here.
 */
export function searchTextSchema(name: string, maxLength: number) {
  return z.string().superRefine((text, context) => {
    const problem = textProblem(text, maxLength);
    if (problem === 'control')
      context.addIssue({ code: 'custom', message: `${name} must not contain control characters` });
    if (problem === 'tooLong')
      context.addIssue({ code: 'custom', message: `${name} must be at most ${maxLength} characters` });
  });
}
