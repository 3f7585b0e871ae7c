/**
 * The eleven job categories (occupational fields) that have their own listing page under /jobs/<slug>,
 * with the legacy category names of the old site's /Jobs/<Name> paths (SPEC section 2, redirects).
 */
export interface JobCategory {
  slug: string;
  legacyName: string;
  label: { de: string; 'en-GB': string; fr: string };
}

export const jobCategories: readonly JobCategory[] = [
  {
    slug: 'oeffentlicher-dienst',
    legacyName: 'Oeffentlicher-Dienst',
    label: { de: 'Öffentlicher Dienst', 'en-GB': 'Public service', fr: 'Fonction publique' },
  },
  {
    slug: 'gastronomie-tourismus',
    legacyName: 'Gastronomie-Tourismus',
    label: { de: 'Gastronomie & Tourismus', 'en-GB': 'Hospitality & tourism', fr: 'Hôtellerie & tourisme' },
  },
  {
    slug: 'ingenieure-technik',
    legacyName: 'Ingenieure-Technik',
    label: { de: 'Ingenieurwesen & Technik', 'en-GB': 'Engineering & technical', fr: 'Ingénierie & technique' },
  },
  {
    slug: 'gesundheit-soziales',
    legacyName: 'Gesundheit-Soziales',
    label: { de: 'Gesundheit & Soziales', 'en-GB': 'Health & social care', fr: 'Santé & social' },
  },
  {
    slug: 'einkauf-materialwirtschaft-logistik',
    legacyName: 'Einkauf-Materialwirtschaft-Logistik',
    label: {
      de: 'Einkauf, Materialwirtschaft & Logistik',
      'en-GB': 'Purchasing, materials & logistics',
      fr: 'Achats, gestion des stocks & logistique',
    },
  },
  {
    slug: 'it-telekommunikation',
    legacyName: 'IT-Telekommunikation',
    label: { de: 'IT & Telekommunikation', 'en-GB': 'IT & telecoms', fr: 'Informatique & télécoms' },
  },
  {
    slug: 'recht-steuern-wirtschaftspruefung',
    legacyName: 'Recht-Steuern-Wirtschaftspruefung',
    label: { de: 'Recht, Steuern & Wirtschaftsprüfung', 'en-GB': 'Law, tax & audit', fr: 'Droit, fiscalité & audit' },
  },
  {
    slug: 'ausbildung',
    legacyName: 'Ausbildung',
    label: { de: 'Ausbildung', 'en-GB': 'Apprenticeships', fr: 'Apprentissage' },
  },
  {
    slug: 'vertrieb-verkauf-handel',
    legacyName: 'Vertrieb-Verkauf-Handel',
    label: { de: 'Vertrieb, Verkauf & Handel', 'en-GB': 'Sales & retail', fr: 'Vente & commerce' },
  },
  {
    slug: 'minijobs',
    legacyName: 'Minijobs',
    label: { de: 'Minijobs', 'en-GB': 'Mini jobs', fr: 'Mini-jobs' },
  },
  {
    slug: 'personalwesen',
    legacyName: 'Personalwesen',
    label: { de: 'Personalwesen', 'en-GB': 'Human resources', fr: 'Ressources humaines' },
  },
];

export function findJobCategory(slug: string): JobCategory | undefined {
  return jobCategories.find((category) => category.slug === slug);
}
