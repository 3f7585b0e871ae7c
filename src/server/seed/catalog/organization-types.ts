/**
 * Kinds of employers a regional job market is full of: name patterns, industries, the occupational
 * fields they hire in, typical size and the first paragraphs of their company presentation.
 *
 * Name placeholders: {surname}, {surname2}, {city}, {cityAdjective} (Tübinger), {saint}, {word} (an invented
 * company word), {kita} and {place}.
 * Text placeholders: {name}, {city}, {state}, {founded}, {employees}.
 */
import type { GazetteerCountryCode } from '../gazetteer.ts';

export interface OrganizationType {
  key: string;
  /** Relative frequency among the generated organizations. */
  weight: number;
  names: Partial<Record<GazetteerCountryCode, readonly string[]>>;
  industries: readonly string[];
  /** Occupational field slugs with relative job volume. */
  fields: readonly (readonly [string, number])[];
  sizes: readonly string[];
  /** Relative number of job ads (a hospital posts more than a law office). */
  jobVolume: number;
  /** Smallest city the kind of employer is placed in. */
  minPopulation: number;
  benefits: readonly string[];
  studies: readonly string[];
  intro: readonly string[];
}

export const organizationTypes: readonly OrganizationType[] = [
  {
    key: 'hospital',
    weight: 5,
    names: {
      DE: [
        'Klinikum {city}',
        'Kreiskliniken {city} gGmbH',
        '{saint}-Krankenhaus {city}',
        '{cityAdjective} Kliniken gGmbH',
      ],
      FR: ['Hôpitaux Civils de {city}', 'Clinique {saint} {city}'],
      CH: ['Spital {city}', 'Klinik {city} AG'],
    },
    industries: ['gesundheitswesen'],
    fields: [
      ['gesundheit-soziales', 10],
      ['ausbildung', 2],
      ['personalwesen', 0.5],
      ['it-telekommunikation', 0.5],
      ['minijobs', 0.5],
      ['gastronomie-tourismus', 0.3],
      ['ingenieure-technik', 0.3],
    ],
    sizes: ['1000-4999', '5000+', '250-999'],
    jobVolume: 4,
    minPopulation: 20000,
    benefits: [
      'tarifvertrag',
      'betriebliche-altersvorsorge',
      'kinderbetreuung',
      'weiterbildung',
      'jobrad',
      'kantine',
      'gesundheitsmanagement',
      'betriebsarzt',
      'mentoring',
    ],
    studies: ['medizin', 'pflegewissenschaft', 'psychologie'],
    intro: [
      'Mit rund {employees} Beschäftigten sind wir einer der größten Arbeitgeber in {city} und versorgen jedes Jahr zehntausende Patientinnen und Patienten stationär und ambulant. Unsere Fachkliniken decken nahezu das gesamte Spektrum der modernen Medizin ab – von der Notaufnahme bis zur Palliativstation.',
      'Als akademisches Lehrkrankenhaus verbinden wir medizinische Spitzenleistung mit menschlicher Zuwendung. Seit {founded} stehen wir für verlässliche Gesundheitsversorgung in der Region {state} – rund um die Uhr, an 365 Tagen im Jahr.',
    ],
  },
  {
    key: 'care',
    weight: 6,
    names: {
      DE: [
        'Seniorenzentrum {city}',
        'Ambulanter Pflegedienst {surname}',
        '{surname} Pflege GmbH',
        'Diakoniestation {city}',
        'Caritasverband {city} e.V.',
        'Haus am {place} – Pflege & Wohnen',
        'Lebenshilfe {city} e.V.',
      ],
      FR: ['EHPAD Les Tilleuls {city}', 'Aide à domicile {surname}'],
    },
    industries: ['pflege-soziales', 'gesundheitswesen'],
    fields: [
      ['gesundheit-soziales', 10],
      ['ausbildung', 1.5],
      ['minijobs', 1],
      ['gastronomie-tourismus', 0.3],
    ],
    sizes: ['10-49', '50-249', '250-999'],
    jobVolume: 2.2,
    minPopulation: 5000,
    benefits: [
      'tarifvertrag',
      'betriebliche-altersvorsorge',
      'weiterbildung',
      'jobrad',
      'urlaubs-weihnachtsgeld',
      'mentoring',
      'flexible-arbeitszeiten',
      'firmenwagen',
    ],
    studies: ['pflegewissenschaft', 'soziale-arbeit'],
    intro: [
      'Bei uns stehen Menschen im Mittelpunkt: Wir begleiten ältere und pflegebedürftige Menschen in {city} und Umgebung – zu Hause, in der Tagespflege und in unseren Wohngemeinschaften. Unser Team aus rund {employees} Pflegefach- und Betreuungskräften arbeitet mit Herz, Zeit und Fachwissen.',
      'Seit {founded} sind wir ein fester Bestandteil der sozialen Versorgung in {city}. Wir setzen auf feste Tourenpläne, verlässliche Dienstpläne und echte Wertschätzung – weil gute Pflege nur mit zufriedenen Mitarbeitenden gelingt.',
    ],
  },
  {
    key: 'municipality',
    weight: 4,
    names: {
      DE: ['Stadt {city}', 'Gemeinde {city}', 'Stadtverwaltung {city}'],
      FR: ['Ville de {city}'],
      CH: ['Gemeinde {city}'],
    },
    industries: ['oeffentliche-verwaltung'],
    fields: [
      ['oeffentlicher-dienst', 10],
      ['ausbildung', 2],
      ['gesundheit-soziales', 2],
      ['it-telekommunikation', 0.6],
      ['ingenieure-technik', 1],
      ['personalwesen', 0.5],
    ],
    sizes: ['250-999', '1000-4999', '50-249'],
    jobVolume: 3,
    minPopulation: 8000,
    benefits: [
      'tarifvertrag',
      'betriebliche-altersvorsorge',
      'flexible-arbeitszeiten',
      'homeoffice',
      'deutschlandticket',
      'weiterbildung',
      'unbefristeter-vertrag',
      'gesundheitsmanagement',
    ],
    studies: ['verwaltungswissenschaften', 'rechtswissenschaften', 'soziale-arbeit', 'bauingenieurwesen'],
    intro: [
      'Mit rund {employees} Beschäftigten sind wir Dienstleister für alle, die in {city} leben, arbeiten oder Urlaub machen. Ob Bürgerbüro, Kita, Bauhof oder Stadtplanung: Unsere Arbeit macht den Alltag in unserer Stadt jeden Tag ein Stück besser.',
      'Als moderne Kommunalverwaltung treiben wir die Digitalisierung unserer Dienstleistungen voran und gestalten die Zukunft von {city} aktiv mit. Dabei bieten wir die Sicherheit des öffentlichen Dienstes und eine Bezahlung nach TVöD.',
    ],
  },
  {
    key: 'utility',
    weight: 2,
    names: {
      DE: ['Stadtwerke {city}', 'Stadtwerke {city} GmbH', '{cityAdjective} Stadtwerke'],
      CH: ['Industrielle Werke {city}'],
    },
    industries: ['energie', 'oeffentliche-verwaltung'],
    fields: [
      ['ingenieure-technik', 8],
      ['it-telekommunikation', 2],
      ['vertrieb-verkauf-handel', 1],
      ['ausbildung', 2],
      ['personalwesen', 0.5],
      ['einkauf-materialwirtschaft-logistik', 0.6],
    ],
    sizes: ['250-999', '1000-4999', '50-249'],
    jobVolume: 2,
    minPopulation: 20000,
    benefits: [
      'tarifvertrag',
      'betriebliche-altersvorsorge',
      'jobrad',
      'deutschlandticket',
      'flexible-arbeitszeiten',
      'homeoffice',
      'gesundheitsmanagement',
      'unbefristeter-vertrag',
    ],
    studies: ['elektrotechnik', 'maschinenbau', 'wirtschaftsingenieurwesen'],
    intro: [
      'Wir versorgen die Menschen in {city} zuverlässig mit Strom, Gas, Wasser und Wärme – und betreiben Bäder, Parkhäuser und den Nahverkehr. Mit rund {employees} Mitarbeitenden gestalten wir die Energiewende vor Ort.',
      'Seit {founded} sind wir als kommunales Unternehmen tief in der Region verwurzelt. Wir investieren in Photovoltaik, Wärmenetze, Glasfaser und E-Mobilität und suchen Menschen, die diese Zukunft mit uns bauen.',
    ],
  },
  {
    key: 'housing',
    weight: 2,
    names: { DE: ['{cityAdjective} Wohnbau eG', 'Baugenossenschaft {city} eG', 'Wohnungsbaugesellschaft {city} mbH'] },
    industries: ['immobilien'],
    fields: [
      ['ingenieure-technik', 4],
      ['vertrieb-verkauf-handel', 2],
      ['recht-steuern-wirtschaftspruefung', 1],
      ['ausbildung', 1.5],
      ['minijobs', 0.8],
    ],
    sizes: ['10-49', '50-249'],
    jobVolume: 1,
    minPopulation: 15000,
    benefits: [
      'tarifvertrag',
      'flexible-arbeitszeiten',
      'homeoffice',
      'betriebliche-altersvorsorge',
      '30-tage-urlaub',
      'jobrad',
    ],
    studies: ['architektur', 'bauingenieurwesen', 'betriebswirtschaftslehre'],
    intro: [
      'Seit {founded} bieten wir guten und bezahlbaren Wohnraum in {city}. Rund {employees} Mitarbeitende kümmern sich um mehrere tausend Wohnungen – von der Vermietung über die Modernisierung bis zum Neubau.',
      'Als Genossenschaft denken wir langfristig: Wir sanieren energetisch, bauen barrierefrei und schaffen lebendige Quartiere, in denen sich Menschen aller Generationen zu Hause fühlen.',
    ],
  },
  {
    key: 'software',
    weight: 7,
    names: {
      DE: [
        '{surname} Software GmbH',
        '{word} GmbH',
        '{word} Digital GmbH',
        '{surname} & {surname2} IT-Solutions GmbH',
        '{word} Technologies GmbH',
        '{cityAdjective} Datentechnik GmbH',
      ],
      FR: ['{word} SAS', '{surname} Informatique SARL'],
      CH: ['{word} AG'],
    },
    industries: ['it-software', 'telekommunikation', 'beratung'],
    fields: [
      ['it-telekommunikation', 10],
      ['vertrieb-verkauf-handel', 1.5],
      ['personalwesen', 0.8],
      ['ausbildung', 0.8],
    ],
    sizes: ['10-49', '50-249', '250-999'],
    jobVolume: 2.5,
    minPopulation: 15000,
    benefits: [
      'homeoffice',
      'flexible-arbeitszeiten',
      'weiterbildung',
      'jobrad',
      'moderne-ausstattung',
      'teamevents',
      'fitness',
      '30-tage-urlaub',
      'sabbatical',
      'vier-tage-woche',
    ],
    studies: ['informatik', 'wirtschaftsinformatik', 'mathematik'],
    intro: [
      'Seit {founded} entwickeln wir Softwarelösungen für den Mittelstand, für Kommunen und für Unternehmen aus dem Gesundheitswesen. Unser Team aus rund {employees} Entwicklerinnen, Entwicklern und Beratern arbeitet in {city} und remote in ganz Deutschland.',
      'Wir bauen Produkte, die Menschen wirklich nutzen: cloudbasiert, sicher und mit durchdachter User Experience. Agile Teams, kurze Entscheidungswege und moderne Technologien wie TypeScript, Kotlin und Kubernetes prägen unseren Alltag.',
    ],
  },
  {
    key: 'logistics',
    weight: 5,
    names: {
      DE: [
        '{surname} Logistik GmbH',
        'Spedition {surname} GmbH & Co. KG',
        '{cityAdjective} Transport & Logistik GmbH',
        '{surname} Transporte GmbH',
        '{surname} Kühllogistik GmbH',
      ],
      FR: ['Transports {surname} SAS', '{surname} Logistique SAS'],
      CH: ['{surname} Transport AG'],
    },
    industries: ['logistik', 'grosshandel'],
    fields: [
      ['einkauf-materialwirtschaft-logistik', 10],
      ['minijobs', 1.5],
      ['ausbildung', 1.5],
      ['vertrieb-verkauf-handel', 0.6],
      ['personalwesen', 0.4],
      ['it-telekommunikation', 0.3],
    ],
    sizes: ['50-249', '250-999', '1000-4999'],
    jobVolume: 3,
    minPopulation: 5000,
    benefits: [
      'urlaubs-weihnachtsgeld',
      'betriebliche-altersvorsorge',
      'unbefristeter-vertrag',
      'parkplatz',
      'weiterbildung',
      'kantine',
      'ueberstundenausgleich',
      'corporate-benefits',
    ],
    studies: ['logistik', 'betriebswirtschaftslehre'],
    intro: [
      'Wir sind ein familiengeführter Logistikdienstleister mit Hauptsitz in {city}. Mit rund {employees} Mitarbeitenden und einem modernen Fuhrpark bewegen wir jeden Tag Waren für Industrie, Handel und Lebensmittelwirtschaft – regional, national und europaweit.',
      'Seit unserer Gründung {founded} sind wir stetig gewachsen: Heute betreiben wir mehrere Logistikzentren mit Lager, Kontraktlogistik und Zollservice. Was uns antreibt, sind zufriedene Kunden und ein starkes Team, das sich aufeinander verlassen kann.',
    ],
  },
  {
    key: 'hotel',
    weight: 5,
    names: {
      DE: [
        'Hotel {surname} {city}',
        'Hotel Krone {city}',
        'Gasthof Zum Löwen {city}',
        'Brauhaus {surname}',
        'Restaurant {surname} am Markt',
        'Parkhotel {city}',
        'Landgasthof {surname}',
      ],
      FR: ['Hôtel du Rhin {city}', 'Restaurant Au Cerf {city}', 'Winstub {surname}'],
      CH: ['Hotel Rheinblick {city}', 'Restaurant Zum Schiff {city}'],
    },
    industries: ['gastronomie-hotellerie', 'tourismus'],
    fields: [
      ['gastronomie-tourismus', 10],
      ['minijobs', 3],
      ['ausbildung', 1.5],
    ],
    sizes: ['10-49', '50-249', '1-9'],
    jobVolume: 4,
    minPopulation: 5000,
    benefits: [
      'mitarbeiterrabatte',
      'kantine',
      'teamevents',
      'weiterbildung',
      'urlaubs-weihnachtsgeld',
      'ueberstundenausgleich',
      'corporate-benefits',
    ],
    studies: ['tourismus'],
    intro: [
      'Wir sind ein traditionsreiches Haus mitten in {city}. Seit {founded} empfangen wir Gäste aus aller Welt – mit regionaler Küche, gemütlichen Zimmern und einer Gastfreundschaft, für die man gerne wiederkommt.',
      'Unser Team aus rund {employees} Gastgeberinnen und Gastgebern kocht frisch mit Produkten aus der Region, richtet Hochzeiten und Firmenfeiern aus und sorgt dafür, dass sich jeder Gast willkommen fühlt.',
    ],
  },
  {
    key: 'law',
    weight: 4,
    names: {
      DE: [
        '{surname} & {surname2} Rechtsanwälte PartG mbB',
        'Kanzlei {surname}',
        '{surname} Steuerberatungsgesellschaft mbH',
        '{surname} {surname2} & Partner Wirtschaftsprüfer',
        'Notariat {surname}',
      ],
      FR: ['Cabinet {surname} Avocats', 'Fiduciaire {surname}'],
      CH: ['{surname} & Partner Treuhand AG'],
    },
    industries: ['rechtsberatung', 'steuerberatung'],
    fields: [
      ['recht-steuern-wirtschaftspruefung', 10],
      ['ausbildung', 1.5],
      ['personalwesen', 0.3],
      ['minijobs', 0.3],
    ],
    sizes: ['1-9', '10-49', '50-249'],
    jobVolume: 2.5,
    minPopulation: 10000,
    benefits: [
      'flexible-arbeitszeiten',
      'homeoffice',
      'weiterbildung',
      'betriebliche-altersvorsorge',
      'deutschlandticket',
      'moderne-ausstattung',
      '30-tage-urlaub',
    ],
    studies: ['rechtswissenschaften', 'betriebswirtschaftslehre'],
    intro: [
      'Seit {founded} beraten wir mittelständische Unternehmen, Freiberufler und Privatpersonen in {city} und der Region. Unser Team aus rund {employees} Berufsträgern und Fachangestellten verbindet fachliche Exzellenz mit persönlicher Betreuung.',
      'Digitale Kanzleiprozesse, papierloses Arbeiten mit DATEV und flexible Arbeitszeitmodelle sind für uns selbstverständlich. Wir fördern Fortbildungen bis zum Fachanwalt, Steuerberater oder Wirtschaftsprüfer.',
    ],
  },
  {
    key: 'manufacturing',
    weight: 8,
    names: {
      DE: [
        '{surname} Maschinenbau GmbH',
        '{surname} Präzisionstechnik GmbH',
        '{surname} Elektrotechnik GmbH & Co. KG',
        '{surname} Automation AG',
        '{surname} Kunststofftechnik GmbH',
        '{surname} Metallbau GmbH',
        '{surname} Antriebstechnik GmbH',
      ],
      FR: ['{surname} Industrie SAS', 'Mécanique de Précision {surname}'],
      CH: ['{surname} Präzision AG'],
    },
    industries: ['maschinenbau', 'elektrotechnik', 'automobil'],
    fields: [
      ['ingenieure-technik', 10],
      ['ausbildung', 2],
      ['einkauf-materialwirtschaft-logistik', 2],
      ['vertrieb-verkauf-handel', 1.5],
      ['it-telekommunikation', 1],
      ['personalwesen', 0.6],
      ['minijobs', 0.2],
    ],
    sizes: ['50-249', '250-999', '1000-4999'],
    jobVolume: 3,
    minPopulation: 5000,
    benefits: [
      'urlaubs-weihnachtsgeld',
      'betriebliche-altersvorsorge',
      'jobrad',
      'kantine',
      'weiterbildung',
      'flexible-arbeitszeiten',
      'tarifvertrag',
      'parkplatz',
      'gesundheitsmanagement',
    ],
    studies: ['maschinenbau', 'elektrotechnik', 'mechatronik', 'wirtschaftsingenieurwesen'],
    intro: [
      'Seit {founded} entwickeln und fertigen wir hochpräzise Komponenten und Anlagen für Kunden aus dem Maschinenbau, der Automobilindustrie und der Medizintechnik. Am Stammsitz in {city} arbeiten rund {employees} Menschen.',
      'Als inhabergeführtes Familienunternehmen setzen wir auf Qualität „Made in Germany“, kurze Entscheidungswege und langfristige Perspektiven. Unsere Produkte sind weltweit im Einsatz – entwickelt und gebaut in der Region {state}.',
    ],
  },
  {
    key: 'retail',
    weight: 6,
    names: {
      DE: [
        'Modehaus {surname}',
        'Autohaus {surname} GmbH',
        'Bäckerei {surname}',
        'Sanitätshaus {surname}',
        '{surname} Markt GmbH',
        'Getränke {surname}',
        'Möbelhaus {surname}',
        'Buchhandlung {surname}',
      ],
      FR: ['Boulangerie {surname}', 'Magasin {surname}'],
      CH: ['{surname} Warenhaus AG'],
    },
    industries: ['einzelhandel', 'lebensmittel'],
    fields: [
      ['vertrieb-verkauf-handel', 10],
      ['minijobs', 3],
      ['ausbildung', 2],
      ['einkauf-materialwirtschaft-logistik', 1],
    ],
    sizes: ['10-49', '50-249', '250-999'],
    jobVolume: 2,
    minPopulation: 5000,
    benefits: [
      'mitarbeiterrabatte',
      'urlaubs-weihnachtsgeld',
      'weiterbildung',
      'teamevents',
      'unbefristeter-vertrag',
      'corporate-benefits',
    ],
    studies: ['betriebswirtschaftslehre'],
    intro: [
      'Seit {founded} sind wir eine feste Adresse in {city}. Mit rund {employees} Mitarbeitenden beraten wir unsere Kundinnen und Kunden persönlich, kompetent und mit Leidenschaft für unsere Produkte.',
      'Als regional verwurzeltes Familienunternehmen verbinden wir Tradition mit modernem Handel: Neben unseren Filialen betreiben wir einen Onlineshop und liefern in der ganzen Region aus.',
    ],
  },
  {
    key: 'staffing',
    weight: 3,
    names: {
      DE: ['{surname} Personalservice GmbH', '{word} Personal GmbH', '{cityAdjective} Personaldienste GmbH'],
      CH: ['{surname} Personal AG'],
    },
    industries: ['personaldienstleistungen'],
    fields: [
      ['personalwesen', 4],
      ['einkauf-materialwirtschaft-logistik', 3],
      ['ingenieure-technik', 3],
      ['gesundheit-soziales', 2],
      ['vertrieb-verkauf-handel', 1],
      ['minijobs', 1.5],
      ['it-telekommunikation', 1],
    ],
    sizes: ['50-249', '250-999'],
    jobVolume: 4,
    minPopulation: 20000,
    benefits: [
      'unbefristeter-vertrag',
      'urlaubs-weihnachtsgeld',
      'tarifvertrag',
      'weiterbildung',
      'corporate-benefits',
      'firmenwagen',
    ],
    studies: ['personalmanagement', 'betriebswirtschaftslehre', 'psychologie'],
    intro: [
      'Seit {founded} bringen wir Menschen und Unternehmen in {city} und der Region zusammen. Wir vermitteln Fachkräfte in Arbeitnehmerüberlassung, Festanstellung und Projekteinsätze – fair bezahlt nach Tarif.',
      'Unsere rund {employees} internen Mitarbeitenden kennen den regionalen Arbeitsmarkt wie kaum jemand sonst. Wir begleiten unsere Kandidatinnen und Kandidaten persönlich vom ersten Gespräch bis zum ersten Arbeitstag.',
    ],
  },
  {
    key: 'bank',
    weight: 3,
    names: {
      DE: ['Sparkasse {city}', 'Volksbank {city} eG', 'Raiffeisenbank {city} eG', '{surname} Versicherungsmakler GmbH'],
      FR: ['Crédit Mutuel {city}'],
      CH: ['{cityAdjective} Kantonalbank'],
    },
    industries: ['banken', 'versicherungen'],
    fields: [
      ['vertrieb-verkauf-handel', 5],
      ['it-telekommunikation', 2],
      ['ausbildung', 2.5],
      ['personalwesen', 0.8],
      ['recht-steuern-wirtschaftspruefung', 1],
    ],
    sizes: ['250-999', '1000-4999', '50-249'],
    jobVolume: 2,
    minPopulation: 15000,
    benefits: [
      'tarifvertrag',
      'betriebliche-altersvorsorge',
      'homeoffice',
      'flexible-arbeitszeiten',
      'vermoegenswirksame-leistungen',
      'weiterbildung',
      'jobrad',
      '30-tage-urlaub',
    ],
    studies: ['betriebswirtschaftslehre', 'volkswirtschaftslehre', 'wirtschaftsinformatik'],
    intro: [
      'Wir sind ein führendes regionales Kreditinstitut in {city} und Umgebung. Rund {employees} Mitarbeitende beraten Privat- und Firmenkunden in allen Finanzfragen – in unseren Filialen, per Video und digital.',
      'Seit {founded} fördern wir die Region {state}: mit Krediten für den Mittelstand, mit Spenden für Vereine und Kultur und als verlässlicher Ausbildungsbetrieb.',
    ],
  },
  {
    key: 'education',
    weight: 3,
    names: {
      DE: [
        'Volkshochschule {city}',
        'Kinderhaus {kita} gGmbH',
        '{cityAdjective} Kitas gGmbH',
        'Evangelische Jugendhilfe {city}',
        'Bildungswerk {city} e.V.',
      ],
    },
    industries: ['bildung', 'pflege-soziales'],
    fields: [
      ['gesundheit-soziales', 8],
      ['oeffentlicher-dienst', 0.5],
      ['ausbildung', 2],
      ['minijobs', 1.5],
      ['personalwesen', 0.3],
    ],
    sizes: ['10-49', '50-249', '250-999'],
    jobVolume: 2,
    minPopulation: 10000,
    benefits: [
      'tarifvertrag',
      'betriebliche-altersvorsorge',
      'weiterbildung',
      '30-tage-urlaub',
      'gesundheitsmanagement',
      'deutschlandticket',
    ],
    studies: ['paedagogik', 'soziale-arbeit', 'psychologie'],
    intro: [
      'Wir begleiten Kinder, Jugendliche und Erwachsene in {city} auf ihrem Bildungsweg. Rund {employees} pädagogische Fachkräfte arbeiten in unseren Einrichtungen mit viel Herz und klarem Konzept.',
      'Seit {founded} setzen wir auf offene Arbeit, Partizipation und Inklusion. Wir geben unseren Teams Zeit für Vorbereitung, Supervision und Fortbildungen.',
    ],
  },
  {
    key: 'trades',
    weight: 6,
    names: {
      DE: [
        '{surname} Haustechnik GmbH',
        'Elektro {surname} GmbH',
        '{surname} Bau GmbH',
        'Malerbetrieb {surname}',
        '{surname} Dach & Holzbau GmbH',
        'Schreinerei {surname}',
        '{surname} Sanitär & Heizung',
      ],
      FR: ['{surname} Électricité SARL', 'Menuiserie {surname}'],
      CH: ['{surname} Haustechnik AG'],
    },
    industries: ['handwerk', 'bauwesen'],
    fields: [
      ['ingenieure-technik', 10],
      ['ausbildung', 3],
      ['minijobs', 0.5],
      ['einkauf-materialwirtschaft-logistik', 0.3],
    ],
    sizes: ['1-9', '10-49', '50-249'],
    jobVolume: 1.5,
    minPopulation: 5000,
    benefits: [
      'firmenwagen',
      'urlaubs-weihnachtsgeld',
      'unbefristeter-vertrag',
      'moderne-ausstattung',
      'teamevents',
      'ueberstundenausgleich',
      'vier-tage-woche',
    ],
    studies: ['bauingenieurwesen', 'elektrotechnik'],
    intro: [
      'Wir sind ein Meisterbetrieb aus {city} mit rund {employees} Mitarbeitenden. Seit {founded} sind wir der zuverlässige Partner für Privatkunden, Bauträger und Gewerbe in der Region.',
      'Wir arbeiten mit moderner Ausstattung, gut geplanten Baustellen und festen Teams. Bei uns gibt es keine Montage mit Übernachtung – abends sind alle wieder zu Hause.',
    ],
  },
  {
    key: 'consulting',
    weight: 2,
    names: {
      DE: ['{surname} Consulting GmbH', '{surname} & {surname2} Unternehmensberatung', '{word} Advisory GmbH'],
      CH: ['{word} Consulting AG'],
    },
    industries: ['beratung', 'it-software'],
    fields: [
      ['personalwesen', 3],
      ['it-telekommunikation', 4],
      ['vertrieb-verkauf-handel', 2],
      ['recht-steuern-wirtschaftspruefung', 1],
    ],
    sizes: ['10-49', '50-249'],
    jobVolume: 1.5,
    minPopulation: 30000,
    benefits: [
      'homeoffice',
      'flexible-arbeitszeiten',
      'firmenwagen',
      'weiterbildung',
      'sabbatical',
      'teamevents',
      'moderne-ausstattung',
    ],
    studies: ['betriebswirtschaftslehre', 'wirtschaftsinformatik', 'psychologie'],
    intro: [
      'Seit {founded} beraten wir mittelständische Unternehmen bei Strategie, Organisation und digitaler Transformation. Unser Team aus rund {employees} Beraterinnen und Beratern arbeitet von {city} aus für Kunden in ganz Deutschland.',
      'Wir verstehen uns als Umsetzungspartner: Wir entwickeln Konzepte nicht nur auf dem Papier, sondern begleiten unsere Kunden, bis die Veränderung im Alltag angekommen ist.',
    ],
  },
  {
    key: 'media',
    weight: 1,
    names: {
      DE: ['{cityAdjective} Verlagshaus GmbH', 'Medienhaus {city} GmbH & Co. KG', '{surname} Druck & Medien GmbH'],
    },
    industries: ['medien'],
    fields: [
      ['vertrieb-verkauf-handel', 4],
      ['it-telekommunikation', 2],
      ['minijobs', 3],
      ['ausbildung', 1],
      ['personalwesen', 0.4],
    ],
    sizes: ['50-249', '250-999'],
    jobVolume: 1.5,
    minPopulation: 30000,
    benefits: [
      'flexible-arbeitszeiten',
      'homeoffice',
      'betriebliche-altersvorsorge',
      'mitarbeiterrabatte',
      'weiterbildung',
      'kantine',
    ],
    studies: ['medien', 'marketing', 'informatik'],
    intro: [
      'Seit {founded} informieren wir die Menschen in {city} und der Region – gedruckt, digital und im Podcast. Rund {employees} Mitarbeitende in Redaktion, Vertrieb, Technik und Zustellung machen regionalen Journalismus möglich.',
      'Wir befinden uns mitten in der digitalen Transformation und suchen Menschen, die Lust haben, die Zukunft des Lokaljournalismus mitzugestalten.',
    ],
  },
];

/** Paragraphs that fit any employer; one or two follow the type-specific introduction. */
export const genericParagraphs: readonly string[] = [
  'Was uns ausmacht, sind unsere Mitarbeitenden: Wir pflegen eine offene Kommunikation auf Augenhöhe, feiern Erfolge gemeinsam und nehmen uns Zeit für eine strukturierte Einarbeitung mit festen Ansprechpartnern.',
  'Vereinbarkeit von Beruf und Familie ist für uns kein Schlagwort: Flexible Arbeitszeitmodelle, Teilzeit in allen Bereichen und Unterstützung bei der Kinderbetreuung gehören bei uns dazu.',
  'Wir investieren kontinuierlich in die Weiterentwicklung unserer Teams – mit internen Schulungen, externen Fortbildungen und individuellen Entwicklungsplänen. Viele unserer Führungskräfte haben bei uns ihre Ausbildung begonnen.',
  'Nachhaltigkeit ist Teil unserer Unternehmensstrategie: Wir reduzieren unseren CO₂-Ausstoß Jahr für Jahr, beziehen Ökostrom und fördern die Anreise mit Rad und öffentlichem Nahverkehr.',
  '{city} bietet eine hohe Lebensqualität: bezahlbarer Wohnraum, gute Schulen, ein vielfältiges Kultur- und Freizeitangebot und schnelle Verbindungen in die umliegenden Städte.',
  'Vielfalt ist für uns eine Stärke. Wir freuen uns über Bewerbungen unabhängig von Geschlecht, Nationalität, ethnischer und sozialer Herkunft, Religion, Behinderung, Alter sowie sexueller Orientierung und Identität.',
];

/** FAQ entries for organization pages; {name} is replaced. */
export const organizationFaqs: readonly { question: string; answer: string }[] = [
  {
    question: 'Wie läuft der Bewerbungsprozess ab?',
    answer:
      'Nach Eingang Ihrer Bewerbung erhalten Sie innerhalb weniger Tage eine Rückmeldung. Danach folgen in der Regel ein telefonisches Kennenlernen und ein persönliches Gespräch vor Ort, bei dem Sie Ihr künftiges Team kennenlernen.',
  },
  {
    question: 'Kann ich mich auch initiativ bewerben?',
    answer:
      'Sehr gerne! Wenn aktuell keine passende Stelle ausgeschrieben ist, senden Sie uns Ihre Initiativbewerbung. Wir melden uns, sobald sich eine passende Möglichkeit ergibt.',
  },
  {
    question: 'Welche Unterlagen benötige ich für meine Bewerbung?',
    answer:
      'Ein aktueller Lebenslauf genügt für den Start. Zeugnisse und ein Anschreiben können Sie gerne ergänzen – sie sind aber keine Voraussetzung für ein erstes Gespräch.',
  },
  {
    question: 'Ist mobiles Arbeiten möglich?',
    answer:
      'In vielen Bereichen ja. Wie viele Tage pro Woche möglich sind, hängt von der jeweiligen Tätigkeit ab und wird individuell mit dem Team abgestimmt.',
  },
  {
    question: 'Wie sieht die Einarbeitung aus?',
    answer:
      'Sie erhalten einen strukturierten Einarbeitungsplan und eine feste Patin bzw. einen festen Paten, der oder die Ihnen in den ersten Monaten bei allen Fragen zur Seite steht.',
  },
  {
    question: 'Bieten Sie Praktika oder Ausbildungsplätze an?',
    answer:
      'Ja, wir bilden in mehreren Berufen aus und bieten Schülerpraktika sowie Praxissemester an. Die aktuellen Angebote finden Sie in unseren Stellenanzeigen.',
  },
  {
    question: 'Wie erreiche ich Sie mit öffentlichen Verkehrsmitteln?',
    answer:
      'Unser Standort ist gut an Bus und Bahn angebunden. Für Mitarbeitende bezuschussen wir das Deutschlandticket, zudem gibt es überdachte Fahrradstellplätze.',
  },
];
