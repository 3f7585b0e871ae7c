import type { JobDescriptionInput, JobDescriptionLanguage } from '../../../lib/job-description.ts';

/** The chat messages a draft is asked with: the instructions and the job's facts, in the job's language. */
export interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

interface PromptWords {
  instructions: string;
  intro: string;
  /** Between a field's name and its value (French puts a space before the colon). */
  separator: string;
  fields: Record<Exclude<keyof JobDescriptionInput, 'language'>, string>;
}

/**
 * Written per language rather than translated by the model: a German ad is asked for in German, so the
 * model answers in German even where the job's facts (a company name, an English job title) are not.
 */
const words: Record<JobDescriptionLanguage, PromptWords> = {
  de: {
    instructions:
      'Du schreibst Stellenanzeigen für eine regionale Jobbörse. Schreibe auf Deutsch eine ansprechende, sachliche ' +
      'Stellenbeschreibung mit den Abschnitten „Über uns“, „Ihre Aufgaben“, „Ihr Profil“ und „Wir bieten“. Nutze ' +
      'nur die genannten Angaben und erfinde keine Zahlen, Namen oder Versprechen. Antworte mit reinem Text ohne ' +
      'Markdown: jede Überschrift in einer eigenen Zeile, Aufzählungspunkte beginnen mit „- “, keine Einleitung ' +
      'und kein Kommentar.',
    intro: 'Angaben zur Stelle (Sprache der Anzeige: Deutsch):',
    separator: ': ',
    fields: {
      title: 'Stellentitel',
      organization: 'Arbeitgeber',
      locations: 'Arbeitsort',
      remoteOptions: 'Homeoffice',
      employmentTypes: 'Anstellungsart',
      occupationalFields: 'Berufsfeld',
      degreeLevel: 'Abschluss',
      yearsOfExperience: 'Berufserfahrung',
      salary: 'Gehalt',
      languages: 'Sprachen',
      skills: 'Kenntnisse',
    },
  },
  en: {
    instructions:
      'You write job advertisements for a regional job board. Write an engaging, factual job description in ' +
      'English with the sections "About us", "Your tasks", "Your profile" and "What we offer". Use only the ' +
      'facts given and invent no figures, names or promises. Answer in plain text without Markdown: each heading ' +
      'on a line of its own, list items starting with "- ", no preamble and no comment.',
    intro: 'The job (language of the ad: English):',
    separator: ': ',
    fields: {
      title: 'Job title',
      organization: 'Employer',
      locations: 'Place of work',
      remoteOptions: 'Remote work',
      employmentTypes: 'Employment type',
      occupationalFields: 'Occupational field',
      degreeLevel: 'Degree',
      yearsOfExperience: 'Experience',
      salary: 'Salary',
      languages: 'Languages',
      skills: 'Skills',
    },
  },
  fr: {
    instructions:
      'Vous rédigez des offres d’emploi pour un site d’emploi régional. Rédigez en français une description de ' +
      'poste attrayante et factuelle avec les sections « À propos de nous », « Vos missions », « Votre profil » ' +
      'et « Ce que nous offrons ». N’utilisez que les informations données et n’inventez ni chiffres, ni noms, ' +
      'ni promesses. Répondez en texte brut sans Markdown : chaque titre sur sa propre ligne, les éléments de ' +
      'liste commençant par « - », sans introduction ni commentaire.',
    intro: 'Le poste (langue de l’annonce : français) :',
    separator: ' : ',
    fields: {
      title: 'Intitulé du poste',
      organization: 'Employeur',
      locations: 'Lieu de travail',
      remoteOptions: 'Télétravail',
      employmentTypes: 'Type de contrat',
      occupationalFields: 'Domaine professionnel',
      degreeLevel: 'Diplôme',
      yearsOfExperience: 'Expérience',
      salary: 'Salaire',
      languages: 'Langues',
      skills: 'Compétences',
    },
  },
};

/** The system and user messages for a draft of `input`, in `input.language`; empty fields are left out. */
export function jobDescriptionPrompt(input: JobDescriptionInput): PromptMessage[] {
  const language = words[input.language];
  const lines = Object.entries(language.fields).flatMap(([field, name]) => {
    const value = input[field as keyof typeof language.fields];
    const text = Array.isArray(value) ? value.filter((entry) => entry !== '').join(', ') : (value ?? '');
    return text === '' ? [] : [`- ${name}${language.separator}${text}`];
  });
  return [
    { role: 'system', content: language.instructions },
    { role: 'user', content: [language.intro, ...lines].join('\n') },
  ];
}
