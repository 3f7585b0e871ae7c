/**
 * Every vocabulary of the `taxonomy_terms` table with German, English and French labels. Static data:
 * the same terms in every seed, so landing pages, facets and tests can refer to them by slug.
 */
import { jobCategories } from '../../lib/job-categories.ts';
import type { Vocabulary } from '../db/schema/index.ts';
import { gazetteerRegions } from './gazetteer.ts';

export interface TermLabel {
  de: string;
  en: string;
  fr: string;
}

export interface TermDefinition {
  vocabulary: Vocabulary;
  slug: string;
  label: TermLabel;
  weight: number;
  /** Slug of the parent term in the same vocabulary (skill categories). */
  parentSlug?: string;
}

type Entry = readonly [slug: string, de: string, en?: string, fr?: string];

function label(de: string, en?: string, fr?: string): TermLabel {
  return { de, en: en ?? de, fr: fr ?? en ?? de };
}

export const employmentTypes: readonly Entry[] = [
  ['vollzeit', 'Vollzeit', 'Full-time', 'Temps plein'],
  ['teilzeit', 'Teilzeit', 'Part-time', 'Temps partiel'],
  ['minijob', 'Minijob', 'Mini job', 'Mini-job'],
  ['ausbildung', 'Ausbildung', 'Apprenticeship', 'Apprentissage'],
  ['praktikum', 'Praktikum', 'Internship', 'Stage'],
  ['werkstudent', 'Werkstudent', 'Working student', 'Étudiant salarié'],
  ['freelance', 'Freelance', 'Freelance', 'Freelance'],
  ['befristet', 'Befristet', 'Fixed-term', 'Durée déterminée'],
];

export const remoteOptions: readonly Entry[] = [
  ['vor-ort', 'Vor Ort', 'On-site', 'Sur site'],
  ['hybrid', 'Hybrid', 'Hybrid', 'Hybride'],
  ['remote', 'Remote', 'Remote', 'Télétravail'],
];

export const yearsOfExperience: readonly Entry[] = [
  ['keine', 'Keine Berufserfahrung', 'No experience', 'Sans expérience'],
  ['1-2-jahre', '1–2 Jahre', '1–2 years', '1 à 2 ans'],
  ['3-5-jahre', '3–5 Jahre', '3–5 years', '3 à 5 ans'],
  ['5-10-jahre', '5–10 Jahre', '5–10 years', '5 à 10 ans'],
  ['mehr-als-10-jahre', 'Mehr als 10 Jahre', 'More than 10 years', 'Plus de 10 ans'],
];

export const degreeLevels: readonly Entry[] = [
  ['ohne-abschluss', 'Ohne Abschluss', 'No formal qualification', 'Sans diplôme'],
  ['hauptschulabschluss', 'Hauptschulabschluss', 'Lower secondary school certificate', 'Certificat de fin d’études'],
  ['mittlere-reife', 'Mittlere Reife', 'Intermediate school certificate', 'Brevet'],
  ['abitur', 'Abitur / Fachhochschulreife', 'A levels / university entrance qualification', 'Baccalauréat'],
  ['berufsausbildung', 'Abgeschlossene Berufsausbildung', 'Completed vocational training', 'Formation professionnelle'],
  ['meister-techniker', 'Meister / Techniker', 'Master craftsman / technician', 'Maîtrise / technicien'],
  ['bachelor', 'Bachelor', 'Bachelor’s degree', 'Licence'],
  ['master', 'Master / Diplom', 'Master’s degree', 'Master'],
  ['staatsexamen', 'Staatsexamen', 'State examination', 'Examen d’État'],
  ['promotion', 'Promotion', 'Doctorate', 'Doctorat'],
];

export const industries: readonly Entry[] = [
  ['gesundheitswesen', 'Gesundheitswesen', 'Healthcare', 'Santé'],
  ['pflege-soziales', 'Pflege & Soziale Dienste', 'Care & social services', 'Soins & services sociaux'],
  ['oeffentliche-verwaltung', 'Öffentliche Verwaltung', 'Public administration', 'Administration publique'],
  ['it-software', 'IT & Software', 'IT & software', 'Informatique & logiciels'],
  ['telekommunikation', 'Telekommunikation', 'Telecommunications', 'Télécommunications'],
  ['maschinenbau', 'Maschinen- & Anlagenbau', 'Mechanical & plant engineering', 'Construction mécanique'],
  ['automobil', 'Automobil & Zulieferer', 'Automotive', 'Automobile'],
  [
    'elektrotechnik',
    'Elektrotechnik & Elektronik',
    'Electrical engineering & electronics',
    'Électrotechnique & électronique',
  ],
  ['bauwesen', 'Bauwesen & Architektur', 'Construction & architecture', 'BTP & architecture'],
  ['energie', 'Energie & Versorgung', 'Energy & utilities', 'Énergie & services publics'],
  ['logistik', 'Logistik & Transport', 'Logistics & transport', 'Logistique & transport'],
  ['einzelhandel', 'Einzelhandel', 'Retail', 'Commerce de détail'],
  ['grosshandel', 'Großhandel', 'Wholesale', 'Commerce de gros'],
  ['gastronomie-hotellerie', 'Gastronomie & Hotellerie', 'Hospitality', 'Hôtellerie & restauration'],
  ['tourismus', 'Tourismus & Freizeit', 'Tourism & leisure', 'Tourisme & loisirs'],
  ['banken', 'Banken & Finanzdienstleistungen', 'Banking & financial services', 'Banque & services financiers'],
  ['versicherungen', 'Versicherungen', 'Insurance', 'Assurances'],
  ['rechtsberatung', 'Rechtsberatung', 'Legal services', 'Conseil juridique'],
  ['steuerberatung', 'Steuerberatung & Wirtschaftsprüfung', 'Tax advice & auditing', 'Expertise comptable & audit'],
  ['personaldienstleistungen', 'Personaldienstleistungen', 'Staffing & recruitment', 'Services RH & intérim'],
  ['bildung', 'Bildung & Erziehung', 'Education', 'Éducation & formation'],
  ['medien', 'Medien & Verlage', 'Media & publishing', 'Médias & édition'],
  ['immobilien', 'Immobilien & Wohnungswirtschaft', 'Real estate & housing', 'Immobilier & logement'],
  ['chemie-pharma', 'Chemie & Pharma', 'Chemicals & pharmaceuticals', 'Chimie & pharmacie'],
  ['lebensmittel', 'Lebensmittel & Getränke', 'Food & beverages', 'Agroalimentaire'],
  ['handwerk', 'Handwerk', 'Skilled trades', 'Artisanat'],
  ['beratung', 'Unternehmensberatung', 'Management consulting', 'Conseil en management'],
];

export const fieldsOfStudy: readonly Entry[] = [
  ['informatik', 'Informatik', 'Computer science', 'Informatique'],
  ['wirtschaftsinformatik', 'Wirtschaftsinformatik', 'Business informatics', 'Informatique de gestion'],
  ['betriebswirtschaftslehre', 'Betriebswirtschaftslehre', 'Business administration', 'Gestion des entreprises'],
  ['volkswirtschaftslehre', 'Volkswirtschaftslehre', 'Economics', 'Sciences économiques'],
  ['maschinenbau', 'Maschinenbau', 'Mechanical engineering', 'Génie mécanique'],
  ['elektrotechnik', 'Elektrotechnik', 'Electrical engineering', 'Génie électrique'],
  ['bauingenieurwesen', 'Bauingenieurwesen', 'Civil engineering', 'Génie civil'],
  ['architektur', 'Architektur', 'Architecture', 'Architecture'],
  ['wirtschaftsingenieurwesen', 'Wirtschaftsingenieurwesen', 'Industrial engineering', 'Ingénierie industrielle'],
  ['mechatronik', 'Mechatronik', 'Mechatronics', 'Mécatronique'],
  ['medizin', 'Medizin', 'Medicine', 'Médecine'],
  ['pflegewissenschaft', 'Pflegewissenschaft', 'Nursing science', 'Sciences infirmières'],
  ['soziale-arbeit', 'Soziale Arbeit', 'Social work', 'Travail social'],
  ['paedagogik', 'Pädagogik', 'Education science', 'Sciences de l’éducation'],
  ['psychologie', 'Psychologie', 'Psychology', 'Psychologie'],
  ['rechtswissenschaften', 'Rechtswissenschaften', 'Law', 'Droit'],
  ['verwaltungswissenschaften', 'Verwaltungswissenschaften', 'Public administration', 'Administration publique'],
  [
    'logistik',
    'Logistik & Supply Chain Management',
    'Logistics & supply chain management',
    'Logistique & supply chain',
  ],
  ['tourismus', 'Tourismus- & Hotelmanagement', 'Tourism & hotel management', 'Tourisme & hôtellerie'],
  ['personalmanagement', 'Personalmanagement', 'Human resource management', 'Gestion des ressources humaines'],
  ['marketing', 'Marketing & Kommunikation', 'Marketing & communication', 'Marketing & communication'],
  ['chemie', 'Chemie', 'Chemistry', 'Chimie'],
  ['mathematik', 'Mathematik', 'Mathematics', 'Mathématiques'],
  ['physik', 'Physik', 'Physics', 'Physique'],
  ['medien', 'Medien- & Kommunikationswissenschaft', 'Media & communication studies', 'Sciences de la communication'],
];

export const languages: readonly Entry[] = [
  ['deutsch', 'Deutsch', 'German', 'Allemand'],
  ['englisch', 'Englisch', 'English', 'Anglais'],
  ['franzoesisch', 'Französisch', 'French', 'Français'],
  ['spanisch', 'Spanisch', 'Spanish', 'Espagnol'],
  ['italienisch', 'Italienisch', 'Italian', 'Italien'],
  ['tuerkisch', 'Türkisch', 'Turkish', 'Turc'],
  ['polnisch', 'Polnisch', 'Polish', 'Polonais'],
  ['russisch', 'Russisch', 'Russian', 'Russe'],
  ['arabisch', 'Arabisch', 'Arabic', 'Arabe'],
  ['niederlaendisch', 'Niederländisch', 'Dutch', 'Néerlandais'],
  ['rumaenisch', 'Rumänisch', 'Romanian', 'Roumain'],
  ['ukrainisch', 'Ukrainisch', 'Ukrainian', 'Ukrainien'],
  ['chinesisch', 'Chinesisch', 'Chinese', 'Chinois'],
  ['portugiesisch', 'Portugiesisch', 'Portuguese', 'Portugais'],
];

export const careerStatuses: readonly Entry[] = [
  ['schueler', 'Schüler/in', 'School pupil', 'Élève'],
  ['student', 'Student/in', 'Student', 'Étudiant(e)'],
  ['absolvent', 'Absolvent/in', 'Graduate', 'Jeune diplômé(e)'],
  ['berufseinsteiger', 'Berufseinsteiger/in', 'Entry level', 'Débutant(e)'],
  ['berufserfahren', 'Berufserfahren', 'Experienced professional', 'Expérimenté(e)'],
  ['fuehrungskraft', 'Führungskraft', 'Manager', 'Cadre dirigeant'],
  ['wiedereinsteiger', 'Wiedereinsteiger/in', 'Returner', 'En reprise d’activité'],
  ['quereinsteiger', 'Quereinsteiger/in', 'Career changer', 'En reconversion'],
];

export const benefits: readonly Entry[] = [
  ['flexible-arbeitszeiten', 'Flexible Arbeitszeiten', 'Flexible working hours', 'Horaires flexibles'],
  ['homeoffice', 'Homeoffice', 'Working from home', 'Télétravail'],
  ['30-tage-urlaub', '30 Tage Urlaub', '30 days of holiday', '30 jours de congés'],
  ['betriebliche-altersvorsorge', 'Betriebliche Altersvorsorge', 'Company pension scheme', 'Retraite d’entreprise'],
  ['jobrad', 'JobRad / Dienstradleasing', 'Bike leasing', 'Vélo de fonction'],
  ['deutschlandticket', 'Deutschlandticket / Jobticket', 'Public transport ticket', 'Abonnement de transport'],
  ['weiterbildung', 'Weiterbildungsangebote', 'Training & development', 'Formation continue'],
  ['kantine', 'Kantine / Essenszuschuss', 'Canteen / meal allowance', 'Cantine / tickets restaurant'],
  ['gesundheitsmanagement', 'Betriebliches Gesundheitsmanagement', 'Workplace health programme', 'Programme santé'],
  ['firmenwagen', 'Firmenwagen', 'Company car', 'Voiture de fonction'],
  ['kinderbetreuung', 'Kinderbetreuung', 'Childcare', 'Garde d’enfants'],
  ['vermoegenswirksame-leistungen', 'Vermögenswirksame Leistungen', 'Capital-forming benefits', 'Épargne salariale'],
  ['mitarbeiterrabatte', 'Mitarbeiterrabatte', 'Employee discounts', 'Remises salariés'],
  ['teamevents', 'Teamevents', 'Team events', 'Événements d’équipe'],
  ['unbefristeter-vertrag', 'Unbefristeter Arbeitsvertrag', 'Permanent contract', 'CDI'],
  ['tarifvertrag', 'Bezahlung nach Tarif', 'Collective pay agreement', 'Convention collective'],
  [
    'urlaubs-weihnachtsgeld',
    'Urlaubs- und Weihnachtsgeld',
    'Holiday and Christmas bonus',
    'Primes de vacances et de fin d’année',
  ],
  ['parkplatz', 'Kostenlose Parkplätze', 'Free parking', 'Parking gratuit'],
  ['sabbatical', 'Sabbatical', 'Sabbatical', 'Congé sabbatique'],
  ['moderne-ausstattung', 'Moderne Arbeitsausstattung', 'Modern equipment', 'Équipement moderne'],
  ['fitness', 'Fitness-Zuschuss (z. B. Urban Sports Club)', 'Gym allowance', 'Participation salle de sport'],
  ['mentoring', 'Einarbeitung mit Mentor/in', 'Mentoring programme', 'Parrainage'],
  ['vier-tage-woche', '4-Tage-Woche möglich', 'Four-day week possible', 'Semaine de 4 jours possible'],
  ['ueberstundenausgleich', 'Überstundenausgleich', 'Overtime compensation', 'Compensation des heures supplémentaires'],
  ['corporate-benefits', 'Corporate Benefits', 'Corporate benefits', 'Avantages salariés'],
  ['betriebsarzt', 'Betriebsärztliche Betreuung', 'Occupational health service', 'Médecine du travail'],
];

/** Skill categories (parent terms) with their skills. */
export const skillCategories: readonly { category: Entry; skills: readonly Entry[] }[] = [
  {
    category: [
      'programmierung',
      'Programmierung & Softwareentwicklung',
      'Programming & software development',
      'Programmation & développement',
    ],
    skills: [
      ['java', 'Java'],
      ['python', 'Python'],
      ['javascript', 'JavaScript'],
      ['typescript', 'TypeScript'],
      ['csharp', 'C#'],
      ['cpp', 'C++'],
      ['php', 'PHP'],
      ['go', 'Go'],
      ['kotlin', 'Kotlin'],
      ['swift', 'Swift'],
      ['sql', 'SQL'],
      ['react', 'React'],
      ['angular', 'Angular'],
      ['vue', 'Vue.js'],
      ['nodejs', 'Node.js'],
      ['spring-boot', 'Spring Boot'],
      ['dotnet', '.NET'],
      ['git', 'Git'],
      ['rest-apis', 'REST-APIs', 'REST APIs', 'API REST'],
      ['microservices', 'Microservices'],
    ],
  },
  {
    category: [
      'it-infrastruktur',
      'IT-Infrastruktur & Cloud',
      'IT infrastructure & cloud',
      'Infrastructure IT & cloud',
    ],
    skills: [
      ['linux', 'Linux-Administration', 'Linux administration', 'Administration Linux'],
      ['windows-server', 'Windows Server'],
      ['netzwerktechnik', 'Netzwerktechnik', 'Networking', 'Réseaux'],
      ['aws', 'Amazon Web Services (AWS)'],
      ['azure', 'Microsoft Azure'],
      ['kubernetes', 'Kubernetes'],
      ['docker', 'Docker'],
      ['it-sicherheit', 'IT-Sicherheit', 'IT security', 'Sécurité informatique'],
      ['active-directory', 'Active Directory'],
      ['sap-basis', 'SAP Basis'],
      ['itil', 'ITIL'],
      ['terraform', 'Terraform'],
      ['vmware', 'VMware'],
    ],
  },
  {
    category: ['daten-analyse', 'Daten & Analyse', 'Data & analytics', 'Données & analyse'],
    skills: [
      ['datenanalyse', 'Datenanalyse', 'Data analysis', 'Analyse de données'],
      ['power-bi', 'Power BI'],
      ['excel', 'Excel (fortgeschritten)', 'Advanced Excel', 'Excel avancé'],
      ['machine-learning', 'Machine Learning', 'Machine learning', 'Apprentissage automatique'],
      ['data-engineering', 'Data Engineering', 'Data engineering', 'Ingénierie des données'],
      ['tableau', 'Tableau'],
      ['statistik', 'Statistik', 'Statistics', 'Statistiques'],
    ],
  },
  {
    category: ['pflege-medizin', 'Pflege & Medizin', 'Nursing & medicine', 'Soins & médecine'],
    skills: [
      ['grundpflege', 'Grundpflege', 'Basic care', 'Soins de base'],
      ['behandlungspflege', 'Behandlungspflege', 'Medical treatment care', 'Soins médicaux'],
      ['intensivpflege', 'Intensivpflege', 'Intensive care', 'Soins intensifs'],
      ['wundmanagement', 'Wundmanagement', 'Wound management', 'Soins des plaies'],
      ['pflegedokumentation', 'Pflegedokumentation', 'Care documentation', 'Dossier de soins'],
      ['medikamentengabe', 'Medikamentengabe', 'Medication administration', 'Administration des médicaments'],
      ['palliativpflege', 'Palliativpflege', 'Palliative care', 'Soins palliatifs'],
      ['gerontopsychiatrie', 'Gerontopsychiatrie', 'Geriatric psychiatry', 'Gérontopsychiatrie'],
      ['op-assistenz', 'OP-Assistenz', 'Surgical assistance', 'Assistance opératoire'],
      ['blutentnahme', 'Blutentnahme', 'Phlebotomy', 'Prise de sang'],
      ['notfallmanagement', 'Notfallmanagement', 'Emergency management', 'Gestion des urgences'],
      ['hygienestandards', 'Hygienestandards', 'Hygiene standards', 'Normes d’hygiène'],
      ['dekubitusprophylaxe', 'Dekubitusprophylaxe', 'Pressure ulcer prevention', 'Prévention des escarres'],
      ['kinderkrankenpflege', 'Kinderkrankenpflege', 'Paediatric nursing', 'Soins pédiatriques'],
    ],
  },
  {
    category: ['soziales-paedagogik', 'Soziales & Pädagogik', 'Social work & education', 'Social & pédagogie'],
    skills: [
      [
        'fruehkindliche-bildung',
        'Frühkindliche Bildung',
        'Early childhood education',
        'Éducation de la petite enfance',
      ],
      ['elternarbeit', 'Elternarbeit', 'Working with parents', 'Relations avec les parents'],
      ['inklusion', 'Inklusion', 'Inclusion', 'Inclusion'],
      ['heilpaedagogik', 'Heilpädagogik', 'Special needs education', 'Pédagogie spécialisée'],
      ['beratung', 'Beratungskompetenz', 'Counselling', 'Conseil'],
      ['case-management', 'Case Management', 'Case management', 'Gestion de cas'],
      ['jugendhilfe', 'Kinder- und Jugendhilfe', 'Youth welfare', 'Protection de l’enfance'],
    ],
  },
  {
    category: ['technik-handwerk', 'Technik & Handwerk', 'Engineering & trades', 'Technique & artisanat'],
    skills: [
      ['solidworks', 'CAD (SolidWorks)'],
      ['autocad', 'AutoCAD'],
      ['catia', 'CATIA'],
      [
        'sps-programmierung',
        'SPS-Programmierung (Siemens S7)',
        'PLC programming (Siemens S7)',
        'Programmation API (Siemens S7)',
      ],
      ['elektroinstallation', 'Elektroinstallation', 'Electrical installation', 'Installation électrique'],
      ['schweissen', 'Schweißen (MAG/WIG)', 'Welding (MAG/TIG)', 'Soudure (MAG/TIG)'],
      ['cnc-programmierung', 'CNC-Programmierung', 'CNC programming', 'Programmation CNC'],
      ['hydraulik-pneumatik', 'Hydraulik & Pneumatik', 'Hydraulics & pneumatics', 'Hydraulique & pneumatique'],
      [
        'qualitaetsmanagement',
        'Qualitätsmanagement (ISO 9001)',
        'Quality management (ISO 9001)',
        'Gestion de la qualité (ISO 9001)',
      ],
      ['lean-management', 'Lean Management', 'Lean management', 'Lean management'],
      ['messtechnik', 'Messtechnik', 'Metrology', 'Métrologie'],
      ['instandhaltung', 'Instandhaltung', 'Maintenance', 'Maintenance'],
      ['technische-dokumentation', 'Technische Dokumentation', 'Technical documentation', 'Documentation technique'],
      ['fmea', 'FMEA'],
      ['hoai', 'HOAI'],
      ['bim', 'BIM / Revit'],
      [
        'shk',
        'Sanitär-, Heizungs- und Klimatechnik',
        'Plumbing, heating & air conditioning',
        'Plomberie, chauffage & climatisation',
      ],
      ['kaeltetechnik', 'Kältetechnik', 'Refrigeration', 'Froid industriel'],
      ['knx', 'KNX-Gebäudeautomation', 'KNX building automation', 'Domotique KNX'],
      ['projektleitung-bau', 'Bauleitung', 'Site management', 'Conduite de travaux'],
    ],
  },
  {
    category: ['logistik-einkauf', 'Logistik & Einkauf', 'Logistics & purchasing', 'Logistique & achats'],
    skills: [
      ['lagerverwaltung', 'Lagerverwaltung', 'Warehouse management', 'Gestion d’entrepôt'],
      ['kommissionierung', 'Kommissionierung', 'Order picking', 'Préparation de commandes'],
      ['staplerschein', 'Staplerschein', 'Forklift licence', 'CACES chariot élévateur'],
      ['disposition', 'Disposition', 'Dispatching', 'Planification des transports'],
      ['tourenplanung', 'Tourenplanung', 'Route planning', 'Planification des tournées'],
      ['sap-mm', 'SAP MM'],
      ['strategischer-einkauf', 'Strategischer Einkauf', 'Strategic procurement', 'Achats stratégiques'],
      ['lieferantenmanagement', 'Lieferantenmanagement', 'Supplier management', 'Gestion des fournisseurs'],
      ['zollabwicklung', 'Zollabwicklung', 'Customs clearance', 'Dédouanement'],
      ['fuehrerschein-ce', 'Führerschein Klasse CE', 'HGV licence (CE)', 'Permis CE'],
      ['gefahrgut', 'Gefahrgut (ADR)', 'Dangerous goods (ADR)', 'Matières dangereuses (ADR)'],
      ['bestandsmanagement', 'Bestandsmanagement', 'Inventory management', 'Gestion des stocks'],
      ['supply-chain-management', 'Supply Chain Management', 'Supply chain management', 'Supply chain management'],
    ],
  },
  {
    category: ['kaufmaennisch', 'Kaufmännisch & Verwaltung', 'Business & administration', 'Gestion & administration'],
    skills: [
      ['buchhaltung', 'Buchhaltung', 'Bookkeeping', 'Comptabilité'],
      ['datev', 'DATEV'],
      ['sap-fico', 'SAP FI/CO'],
      ['lohnbuchhaltung', 'Lohnbuchhaltung', 'Payroll accounting', 'Paie'],
      ['controlling', 'Controlling', 'Controlling', 'Contrôle de gestion'],
      ['ms-office', 'MS Office', 'Microsoft Office', 'Microsoft Office'],
      ['terminplanung', 'Terminplanung', 'Scheduling', 'Gestion d’agenda'],
      ['korrespondenz', 'Korrespondenz', 'Correspondence', 'Correspondance'],
      ['rechnungswesen', 'Rechnungswesen', 'Accounting', 'Comptabilité générale'],
      ['verwaltungsrecht', 'Verwaltungsrecht', 'Administrative law', 'Droit administratif'],
      ['haushaltsrecht', 'Haushaltsrecht', 'Public budget law', 'Droit budgétaire'],
      ['aktenfuehrung', 'Aktenführung', 'Records management', 'Gestion des dossiers'],
      ['fakturierung', 'Fakturierung', 'Invoicing', 'Facturation'],
    ],
  },
  {
    category: ['recht-steuern', 'Recht & Steuern', 'Law & tax', 'Droit & fiscalité'],
    skills: [
      ['arbeitsrecht', 'Arbeitsrecht', 'Employment law', 'Droit du travail'],
      ['vertragsrecht', 'Vertragsrecht', 'Contract law', 'Droit des contrats'],
      ['gesellschaftsrecht', 'Gesellschaftsrecht', 'Company law', 'Droit des sociétés'],
      ['steuerrecht', 'Steuerrecht', 'Tax law', 'Droit fiscal'],
      ['jahresabschluss', 'Jahresabschlüsse', 'Annual financial statements', 'Comptes annuels'],
      ['steuererklaerungen', 'Steuererklärungen', 'Tax returns', 'Déclarations fiscales'],
      ['wirtschaftspruefung', 'Wirtschaftsprüfung', 'Auditing', 'Audit'],
      ['datenschutz', 'Datenschutzrecht (DSGVO)', 'Data protection law (GDPR)', 'Protection des données (RGPD)'],
      ['compliance', 'Compliance'],
      ['mandantenbetreuung', 'Mandantenbetreuung', 'Client relations', 'Relation client'],
      ['umsatzsteuer', 'Umsatzsteuer', 'VAT', 'TVA'],
    ],
  },
  {
    category: ['vertrieb-marketing', 'Vertrieb & Marketing', 'Sales & marketing', 'Vente & marketing'],
    skills: [
      ['kundenberatung', 'Kundenberatung', 'Customer advice', 'Conseil client'],
      ['kaltakquise', 'Kaltakquise', 'Cold calling', 'Prospection'],
      ['key-account-management', 'Key Account Management', 'Key account management', 'Gestion grands comptes'],
      ['salesforce', 'CRM (Salesforce)'],
      ['verhandlungsgeschick', 'Verhandlungsgeschick', 'Negotiation skills', 'Sens de la négociation'],
      ['kassensysteme', 'Kassensysteme', 'Point-of-sale systems', 'Systèmes de caisse'],
      ['warenpraesentation', 'Warenpräsentation', 'Visual merchandising', 'Merchandising'],
      ['online-marketing', 'Online-Marketing', 'Online marketing', 'Marketing digital'],
      ['seo', 'SEO'],
      ['social-media', 'Social Media', 'Social media', 'Réseaux sociaux'],
      ['angebotserstellung', 'Angebotserstellung', 'Quotation preparation', 'Élaboration d’offres'],
      ['e-commerce', 'E-Commerce', 'E-commerce', 'E-commerce'],
      ['reklamationsmanagement', 'Reklamationsmanagement', 'Complaint management', 'Gestion des réclamations'],
    ],
  },
  {
    category: ['gastronomie-hotellerie', 'Gastronomie & Hotellerie', 'Hospitality', 'Hôtellerie & restauration'],
    skills: [
      ['service', 'Service am Gast', 'Table service', 'Service en salle'],
      ['barista', 'Barista'],
      ['a-la-carte', 'À-la-carte-Küche', 'À la carte cooking', 'Cuisine à la carte'],
      ['systemgastronomie', 'Systemgastronomie', 'Quick-service restaurants', 'Restauration rapide'],
      ['haccp', 'HACCP'],
      ['rezeption', 'Rezeption', 'Front desk', 'Réception'],
      ['housekeeping', 'Housekeeping'],
      ['eventorganisation', 'Eventorganisation', 'Event organisation', 'Organisation d’événements'],
      ['bankett', 'Bankett', 'Banqueting', 'Banquets'],
      ['weinkenntnisse', 'Weinkenntnisse', 'Wine knowledge', 'Connaissance des vins'],
      ['opera-pms', 'Opera PMS'],
      ['fruehstuecksservice', 'Frühstücksservice', 'Breakfast service', 'Service petit-déjeuner'],
    ],
  },
  {
    category: ['personal', 'Personalwesen', 'Human resources', 'Ressources humaines'],
    skills: [
      ['recruiting', 'Recruiting'],
      ['active-sourcing', 'Active Sourcing', 'Active sourcing', 'Sourcing actif'],
      ['personalentwicklung', 'Personalentwicklung', 'Learning & development', 'Développement RH'],
      ['onboarding', 'Onboarding'],
      ['arbeitszeugnisse', 'Arbeitszeugnisse', 'Employment references', 'Certificats de travail'],
      ['entgeltabrechnung', 'Entgeltabrechnung', 'Payroll', 'Gestion de la paie'],
      ['employer-branding', 'Employer Branding', 'Employer branding', 'Marque employeur'],
      ['personio', 'HR-Software (Personio)', 'HR software (Personio)', 'Logiciel RH (Personio)'],
      [
        'betriebsverfassungsrecht',
        'Betriebsverfassungsrecht',
        'Works constitution law',
        'Droit des comités d’entreprise',
      ],
      ['talent-management', 'Talent Management', 'Talent management', 'Gestion des talents'],
    ],
  },
  {
    category: ['persoenliche-staerken', 'Persönliche Stärken', 'Personal strengths', 'Qualités personnelles'],
    skills: [
      ['teamfaehigkeit', 'Teamfähigkeit', 'Teamwork', 'Esprit d’équipe'],
      ['kommunikationsstaerke', 'Kommunikationsstärke', 'Communication skills', 'Aisance relationnelle'],
      ['zuverlaessigkeit', 'Zuverlässigkeit', 'Reliability', 'Fiabilité'],
      ['belastbarkeit', 'Belastbarkeit', 'Resilience', 'Résistance au stress'],
      ['selbststaendigkeit', 'Selbstständige Arbeitsweise', 'Independent working', 'Autonomie'],
      ['kundenorientierung', 'Kundenorientierung', 'Customer focus', 'Orientation client'],
      ['organisationstalent', 'Organisationstalent', 'Organisational skills', 'Sens de l’organisation'],
      ['fuehrungserfahrung', 'Führungserfahrung', 'Leadership experience', 'Expérience managériale'],
      ['flexibilitaet', 'Flexibilität', 'Flexibility', 'Flexibilité'],
      ['lernbereitschaft', 'Lernbereitschaft', 'Willingness to learn', 'Envie d’apprendre'],
      ['empathie', 'Empathie', 'Empathy', 'Empathie'],
      ['analytisches-denken', 'Analytisches Denken', 'Analytical thinking', 'Esprit d’analyse'],
    ],
  },
];

function entries(vocabulary: Vocabulary, list: readonly Entry[]): TermDefinition[] {
  return list.map(([slug, de, en, fr], index) => ({ vocabulary, slug, label: label(de, en, fr), weight: index }));
}

/** All terms, parents before children. */
export function generateTaxonomyTerms(): TermDefinition[] {
  const terms: TermDefinition[] = [
    ...jobCategories.map((category, index) => ({
      vocabulary: 'occupational_field' as const,
      slug: category.slug,
      label: { de: category.label.de, en: category.label['en-GB'], fr: category.label.fr },
      weight: index,
    })),
    ...entries('industry', industries),
    ...entries('employment_type', employmentTypes),
    ...entries('remote_option', remoteOptions),
    ...entries('years_of_experience', yearsOfExperience),
    ...entries('degree_level', degreeLevels),
    ...entries('field_of_study', fieldsOfStudy),
    ...entries('language', languages),
    ...entries('benefit', benefits),
    ...entries('career_status', careerStatuses),
    ...gazetteerRegions.map((region, index) => ({
      vocabulary: 'region' as const,
      slug: region.slug,
      label: region.label,
      weight: index,
    })),
  ];
  skillCategories.forEach(({ category }, index) => {
    const [slug, de, en, fr] = category;
    terms.push({ vocabulary: 'skill', slug, label: label(de, en, fr), weight: index });
  });
  for (const { category, skills } of skillCategories) {
    skills.forEach(([slug, de, en, fr], index) => {
      terms.push({ vocabulary: 'skill', slug, label: label(de, en, fr), weight: index, parentSlug: category[0] });
    });
  }
  return terms;
}

/** Skill slugs of a category, for the generators. */
export function skillsOfCategory(categorySlug: string): readonly string[] {
  const category = skillCategories.find((entry) => entry.category[0] === categorySlug);
  if (!category) throw new Error(`unknown skill category ${categorySlug}`);
  return category.skills.map(([slug]) => slug);
}
