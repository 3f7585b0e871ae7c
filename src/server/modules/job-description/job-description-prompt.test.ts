import { describe, expect, it } from 'vitest';
import type { AiDescriptionSettings } from '../../config';
import { jobDescriptionAvailable } from './draft-job-description';
import { jobDescriptionPrompt } from './job-description-prompt';

const settings: AiDescriptionSettings = {
  baseURL: 'http://127.0.0.1:9/v1',
  apiKey: '',
  model: 'm',
  timeoutMs: 1000,
  draftsPerHour: 1,
};

describe('the AI job description', () => {
  it('asks in the job’s language and names only the fields that are filled in', () => {
    const [system, user] = jobDescriptionPrompt({
      language: 'fr',
      title: 'Comptable',
      organization: '',
      locations: ['Strasbourg', ''],
      skills: [],
      salary: '40 000 EUR par an',
    });
    expect(system).toEqual({ role: 'system', content: expect.stringContaining('Rédigez en français') as string });
    expect(user?.content).toBe(
      'Le poste (langue de l’annonce : français) :\n- Intitulé du poste : Comptable\n- Lieu de travail : Strasbourg\n- Salaire : 40 000 EUR par an',
    );
  });

  it('is offered to recruiters and staff when configured, to nobody when not', () => {
    expect(jobDescriptionAvailable({ userId: 1, roles: ['recruiter'] }, settings)).toBe(true);
    expect(jobDescriptionAvailable({ userId: 1, roles: ['site_admin'] }, settings)).toBe(true);
    expect(jobDescriptionAvailable({ userId: 1, roles: ['applicant'] }, settings)).toBe(false);
    expect(jobDescriptionAvailable({ userId: null, roles: [] }, settings)).toBe(false);
    expect(jobDescriptionAvailable({ userId: 1, roles: ['recruiter'] }, null)).toBe(false);
  });
});
