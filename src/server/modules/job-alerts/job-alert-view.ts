import type { Brand } from '../../../../brands/types.ts';
import { frequencyOf, type JobAlertFrequency } from '../../../lib/job-alerts/job-alert-schema.ts';
import type { JobAlert } from '../../db/schema/alerts.ts';

/** A job alert as its owner sees it (dashboard). */
export interface JobAlertView {
  id: number;
  label: string;
  searchPath: string;
  email: string;
  frequency: JobAlertFrequency;
  isConfirmed: boolean;
  createdAt: Date;
  nextDigestAt: Date | null;
}

export function jobAlertViewOf(alert: JobAlert, brand: Brand): JobAlertView {
  return {
    id: alert.id,
    label: alert.label,
    searchPath: alert.searchPath,
    email: alert.email,
    frequency: frequencyOf(alert.intervalSeconds, brand.constants.alertIntervalsSeconds),
    isConfirmed: alert.confirmedAt !== null,
    createdAt: alert.createdAt,
    nextDigestAt: alert.nextDigestAt,
  };
}
