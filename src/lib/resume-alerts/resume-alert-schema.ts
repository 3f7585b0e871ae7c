/**
 * The resume alert form (issue 17), shared by the "save as alert" form of the resume search, the edit page
 * and the server: how often (SPEC 9) and the search as shown. The fields and their messages are the job
 * alert form's (one rule per field); the search itself is checked by the resume search's own schema on the
 * server.
 */
import { createJobAlertSchema, updateJobAlertSchema } from '../job-alerts/job-alert-schema.ts';

export const createResumeAlertSchema = createJobAlertSchema.omit({ email: true });
export const updateResumeAlertSchema = updateJobAlertSchema;
