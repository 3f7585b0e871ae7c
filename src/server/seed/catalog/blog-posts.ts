/** Career advice articles for the blog (German, the default brand's language). */

export interface BlogPostSource {
  title: string;
  teaser: string;
  author: string;
  /** HTML body: paragraphs, subheadings and lists. */
  body: string;
}

export const blogPosts: readonly BlogPostSource[] = [
  {
    title: 'Das perfekte Anschreiben: So überzeugen Sie in den ersten drei Sätzen',
    teaser:
      'Personalverantwortliche lesen ein Anschreiben oft nur wenige Sekunden. Mit diesen Tipps bleibt Ihres im Gedächtnis.',
    author: 'Katharina Weber',
    body: `<p>Viele Bewerbungen scheitern nicht an fehlender Qualifikation, sondern an einem austauschbaren Anschreiben. Wer mit „Hiermit bewerbe ich mich …“ beginnt, verschenkt die wichtigste Stelle des ganzen Schreibens: den Einstieg.</p>
<h2>Starten Sie mit dem, was Sie mitbringen</h2>
<p>Nennen Sie gleich im ersten Satz, warum gerade Sie zur Stelle passen – etwa ein Projekt, eine Fähigkeit oder eine Erfahrung, die in der Anzeige ausdrücklich gesucht wird. So zeigen Sie, dass Sie die Anzeige gelesen und verstanden haben.</p>
<h2>Belegen statt behaupten</h2>
<p>„Teamfähig“ und „belastbar“ schreibt jeder. Überzeugender ist ein konkretes Beispiel: „Im letzten Jahr habe ich die Umstellung auf ein neues Warenwirtschaftssystem für unsere drei Filialen koordiniert.“</p>
<ul>
<li>Maximal eine Seite, klar gegliedert</li>
<li>Eine konkrete Ansprechperson statt „Sehr geehrte Damen und Herren“</li>
<li>Frühester Eintrittstermin und – falls gefragt – Gehaltsvorstellung</li>
<li>Zum Schluss ein selbstbewusster Satz statt eines Konjunktivs</li>
</ul>
<p>Und zuletzt: Lassen Sie Ihr Anschreiben gegenlesen. Tippfehler wirken auf viele Personaler wie ein Zeichen fehlender Sorgfalt.</p>`,
  },
  {
    title: 'Gehaltsverhandlung: Mit guter Vorbereitung zu mehr Geld',
    teaser: 'Wer seinen Marktwert kennt und gute Argumente sammelt, verhandelt entspannter – und erfolgreicher.',
    author: 'Thomas Richter',
    body: `<p>Über Geld spricht man nicht? Im Bewerbungsgespräch schon. Die meisten Arbeitgeber erwarten, dass Kandidatinnen und Kandidaten eine klare Vorstellung von ihrem Gehalt haben.</p>
<h2>Kennen Sie Ihren Marktwert</h2>
<p>Gehaltsangaben in Stellenanzeigen, Tarifverträge und Vergütungsstudien Ihrer Branche geben eine gute Orientierung. Berücksichtigen Sie auch die Region: In Ballungsräumen liegen die Gehälter oft deutlich höher als auf dem Land.</p>
<h2>Nennen Sie eine konkrete Zahl</h2>
<p>Eine Spanne lädt dazu ein, sich am unteren Ende zu treffen. Nennen Sie besser einen konkreten Jahresbruttobetrag, der etwas über Ihrem Zielwert liegt.</p>
<ul>
<li>Argumentieren Sie mit Ihren Erfolgen, nicht mit Ihren Ausgaben</li>
<li>Denken Sie an Zusatzleistungen: Urlaubstage, Weiterbildung, Jobrad, Homeoffice</li>
<li>Bleiben Sie freundlich und lassen Sie Pausen zu</li>
</ul>
<p>Kommt keine Einigung zustande, vereinbaren Sie ein Gespräch nach der Probezeit – schriftlich festgehalten.</p>`,
  },
  {
    title: 'Ausbildung oder Studium? Eine Entscheidungshilfe nach dem Schulabschluss',
    teaser: 'Beide Wege führen zu guten Jobs. Welcher zu Ihnen passt, hängt von ein paar einfachen Fragen ab.',
    author: 'Lena Hoffmann',
    body: `<p>Nach dem Abschluss stehen viele junge Menschen vor der gleichen Frage: direkt ins Berufsleben mit einer Ausbildung oder erst einmal an die Hochschule? Eine pauschal richtige Antwort gibt es nicht.</p>
<h2>Lernen Sie lieber praktisch oder theoretisch?</h2>
<p>In der dualen Ausbildung verbringen Sie den Großteil der Zeit im Betrieb und verdienen vom ersten Tag an eigenes Geld. Ein Studium ist theoretischer und verlangt mehr Selbstorganisation.</p>
<h2>Der Mittelweg: das duale Studium</h2>
<p>Wer beides verbinden möchte, findet im dualen Studium eine attraktive Alternative. Praxisphasen im Unternehmen wechseln sich mit Vorlesungen ab – inklusive Vergütung.</p>
<ul>
<li>Machen Sie Praktika in verschiedenen Bereichen</li>
<li>Besuchen Sie Ausbildungsmessen und Hochschul-Infotage</li>
<li>Sprechen Sie mit Azubis und Studierenden über ihren Alltag</li>
</ul>
<p>Übrigens: Eine Ausbildung schließt ein späteres Studium nicht aus. Mit Berufserfahrung ist ein Studium in vielen Bundesländern sogar ohne Abitur möglich.</p>`,
  },
  {
    title: 'Das Vorstellungsgespräch per Video: Technik, Licht und Auftreten',
    teaser: 'Ob Teams, Zoom oder Webex – mit diesen Vorbereitungen wirken Sie auch am Bildschirm souverän.',
    author: 'Daniel Krüger',
    body: `<p>Das erste Kennenlernen findet heute oft per Video statt. Das spart Anfahrtswege, bringt aber eigene Herausforderungen mit sich.</p>
<h2>Technik vorher testen</h2>
<p>Installieren Sie die Software rechtzeitig und machen Sie einen Probeanruf mit einer Freundin oder einem Freund. Prüfen Sie Kamera, Mikrofon und Internetverbindung.</p>
<h2>Licht und Hintergrund</h2>
<p>Setzen Sie sich mit dem Gesicht zum Fenster, nicht mit dem Rücken. Ein ruhiger, aufgeräumter Hintergrund wirkt professioneller als ein virtueller.</p>
<ul>
<li>Kamera auf Augenhöhe, Blick in die Kamera statt auf den Bildschirm</li>
<li>Benachrichtigungen auf dem Rechner und dem Smartphone ausschalten</li>
<li>Lebenslauf und Notizen griffbereit, aber nicht ablesen</li>
<li>Kleiden Sie sich wie für ein Gespräch vor Ort</li>
</ul>
<p>Und falls die Verbindung doch einmal abbricht: Ruhe bewahren, neu einwählen – das passiert selbst erfahrenen Personalerinnen und Personalern.</p>`,
  },
  {
    title: 'Quereinstieg in die Pflege: So gelingt der Wechsel',
    teaser: 'Die Pflege sucht händeringend Personal. Auch ohne Vorerfahrung gibt es gute Einstiegswege.',
    author: 'Sabine Schulz',
    body: `<p>Kaum eine Branche bietet so viele offene Stellen wie die Pflege. Gleichzeitig wünschen sich viele Menschen einen Beruf, in dem sie täglich etwas Sinnvolles tun. Der Quereinstieg ist möglich – mit dem richtigen Plan.</p>
<h2>Einstieg als Pflegehelferin oder Pflegehelfer</h2>
<p>Eine ein- bis zweijährige Helferausbildung oder eine Betreuungskraft-Qualifizierung nach § 43b SGB XI ist ein guter erster Schritt. Viele Arbeitgeber finanzieren die Weiterbildung.</p>
<h2>Die generalistische Pflegeausbildung</h2>
<p>Seit 2020 gibt es die dreijährige Ausbildung zur Pflegefachfrau bzw. zum Pflegefachmann. Sie ist vergütet und auch in Teilzeit möglich.</p>
<ul>
<li>Förderung durch die Agentur für Arbeit prüfen (Bildungsgutschein)</li>
<li>Hospitationstage in Klinik, Pflegeheim und ambulantem Dienst nutzen</li>
<li>Nach Arbeitgebern mit Praxisanleitung und festen Dienstplänen fragen</li>
</ul>`,
  },
  {
    title: 'Homeoffice-Regeln: Was Arbeitgeber erlauben dürfen und was nicht',
    teaser: 'Mobiles Arbeiten ist für viele selbstverständlich geworden. Doch welche Regeln gelten eigentlich?',
    author: 'Dr. Andreas Lange',
    body: `<p>Einen allgemeinen Rechtsanspruch auf Homeoffice gibt es in Deutschland nicht. Maßgeblich sind Arbeitsvertrag, Betriebsvereinbarungen und Tarifverträge.</p>
<h2>Homeoffice und mobiles Arbeiten sind nicht dasselbe</h2>
<p>Beim Homeoffice (Telearbeit) richtet der Arbeitgeber einen festen Arbeitsplatz in der Wohnung ein. Mobiles Arbeiten ist flexibler – etwa auch im Zug oder im Café.</p>
<h2>Arbeitszeit und Erreichbarkeit</h2>
<p>Auch zu Hause gilt das Arbeitszeitgesetz: Pausen, Höchstarbeitszeiten und Ruhezeiten müssen eingehalten werden.</p>
<ul>
<li>Vereinbarungen zu Homeoffice-Tagen schriftlich festhalten</li>
<li>Klären, wer Arbeitsmittel stellt und wer Kosten übernimmt</li>
<li>Datenschutz beachten: Unterlagen sicher aufbewahren, Bildschirm sperren</li>
</ul>`,
  },
  {
    title: 'Lebenslauf 2.0: Aufbau, Länge und typische Fehler',
    teaser: 'Der Lebenslauf ist das wichtigste Dokument Ihrer Bewerbung. So wird er übersichtlich und überzeugend.',
    author: 'Julia Meyer',
    body: `<p>Personalverantwortliche schauen zuerst auf den Lebenslauf – oft, bevor sie das Anschreiben lesen. Entsprechend viel Sorgfalt verdient er.</p>
<h2>Antichronologisch und auf zwei Seiten</h2>
<p>Beginnen Sie mit der aktuellen Position. Für Berufserfahrene sind zwei Seiten ideal, für Berufseinsteiger reicht meist eine.</p>
<h2>Erfolge statt Aufgaben</h2>
<p>Statt „zuständig für den Einkauf“ besser: „Einkaufskosten durch neue Rahmenverträge um 8 % gesenkt“. Zahlen machen Leistungen greifbar.</p>
<ul>
<li>Lücken kurz und ehrlich erklären (Elternzeit, Weiterbildung, Pflege von Angehörigen)</li>
<li>Ein Foto ist in Deutschland freiwillig</li>
<li>Kenntnisse mit Niveau angeben, z. B. „Englisch (C1)“</li>
<li>Als PDF verschicken, sinnvoll benannt: „Lebenslauf_Vorname_Nachname.pdf“</li>
</ul>`,
  },
  {
    title: 'Minijob, Teilzeit, Werkstudent: Was beim Nebenjob zu beachten ist',
    teaser: 'Verdienstgrenzen, Sozialversicherung, Urlaubsanspruch: Das sollten Sie vor dem Start wissen.',
    author: 'Markus Wagner',
    body: `<p>Ob neben dem Studium, der Rente oder dem Hauptjob – Nebenjobs sind beliebt. Je nach Art gelten unterschiedliche Regeln.</p>
<h2>Der Minijob</h2>
<p>Beim Minijob gilt eine monatliche Verdienstgrenze, die an den Mindestlohn gekoppelt ist. Minijobberinnen und Minijobber haben Anspruch auf bezahlten Urlaub und Lohnfortzahlung im Krankheitsfall – genau wie andere Beschäftigte.</p>
<h2>Werkstudierende</h2>
<p>Wer eingeschrieben ist und während der Vorlesungszeit höchstens 20 Stunden pro Woche arbeitet, zahlt als Werkstudent nur Beiträge zur Rentenversicherung.</p>
<ul>
<li>Den Arbeitgeber im Hauptjob über den Nebenjob informieren</li>
<li>Arbeitszeiten dokumentieren</li>
<li>Bei mehreren Minijobs die Verdienstgrenze im Blick behalten</li>
</ul>`,
  },
  {
    title: 'Weiterbildung im Job: Welche Förderungen es gibt',
    teaser: 'Aufstiegs-BAföG, Bildungsurlaub, Qualifizierungschancengesetz: Geld für Ihre Weiterbildung.',
    author: 'Claudia Becker',
    body: `<p>Lebenslanges Lernen ist mehr als ein Schlagwort. Wer sich weiterbildet, verbessert seine Chancen auf mehr Gehalt und spannendere Aufgaben. Gut zu wissen: Der Staat unterstützt dabei großzügig.</p>
<h2>Aufstiegs-BAföG</h2>
<p>Für Fortbildungen zum Meister, Techniker, Fachwirt oder Erzieher gibt es einkommensunabhängige Zuschüsse zu Lehrgangs- und Prüfungsgebühren.</p>
<h2>Bildungsurlaub</h2>
<p>In den meisten Bundesländern haben Beschäftigte Anspruch auf bezahlte Freistellung für anerkannte Weiterbildungen – in der Regel fünf Tage pro Jahr.</p>
<ul>
<li>Sprechen Sie Ihre Führungskraft im Jahresgespräch auf Weiterbildung an</li>
<li>Fragen Sie nach Weiterbildungsbudgets und Lernzeiten</li>
<li>Informieren Sie sich bei der Agentur für Arbeit über Förderprogramme</li>
</ul>`,
  },
  {
    title: 'Die ersten 100 Tage im neuen Job',
    teaser: 'Zuhören, Kontakte knüpfen, erste Erfolge sichern: So gelingt der Start beim neuen Arbeitgeber.',
    author: 'Stefan Braun',
    body: `<p>Der Vertrag ist unterschrieben, der erste Arbeitstag steht bevor. In den ersten Wochen entscheidet sich oft, wie Sie im neuen Team wahrgenommen werden.</p>
<h2>Erst verstehen, dann verändern</h2>
<p>Auch wenn Ihnen Verbesserungsmöglichkeiten auffallen: Nehmen Sie sich Zeit, Abläufe und ihre Hintergründe kennenzulernen. Viele Dinge haben gute Gründe.</p>
<h2>Netzwerk aufbauen</h2>
<p>Gehen Sie mit Kolleginnen und Kollegen aus anderen Abteilungen essen, fragen Sie nach und merken Sie sich Namen. Ein gutes Netzwerk macht vieles leichter.</p>
<ul>
<li>Erwartungen früh mit der Führungskraft klären</li>
<li>Kleine, sichtbare Erfolge anstreben</li>
<li>Regelmäßig Feedback einholen – nicht erst am Ende der Probezeit</li>
</ul>`,
  },
  {
    title: 'Arbeitszeugnis richtig lesen: Was hinter den Formulierungen steckt',
    teaser:
      '„Stets zu unserer vollsten Zufriedenheit“ – und was heißt eigentlich „bemüht“? Ein Überblick über die Zeugnissprache.',
    author: 'Dr. Andreas Lange',
    body: `<p>Arbeitszeugnisse müssen wohlwollend formuliert sein. Deshalb hat sich eine eigene Zeugnissprache entwickelt, in der scheinbar positive Sätze Noten verschlüsseln.</p>
<h2>Die Zufriedenheitsformel</h2>
<p>„Stets zu unserer vollsten Zufriedenheit“ entspricht der Note sehr gut, „zu unserer vollen Zufriedenheit“ einem befriedigend. Fehlt das Wort „stets“, sinkt die Bewertung.</p>
<h2>Auf das Fehlende achten</h2>
<p>Wichtig ist auch, was nicht im Zeugnis steht: Fehlt etwa die Bewertung des Verhaltens gegenüber Vorgesetzten, kann das ein Hinweis sein.</p>
<ul>
<li>Sie haben Anspruch auf ein qualifiziertes Zeugnis</li>
<li>Ein Zwischenzeugnis können Sie bei berechtigtem Interesse verlangen</li>
<li>Eine Schlussformel mit Dank und guten Wünschen ist üblich</li>
</ul>`,
  },
  {
    title: 'Jobsuche in der Region: Warum kurze Wege zählen',
    teaser: 'Pendeln kostet Zeit, Geld und Nerven. Warum sich der Blick auf Arbeitgeber in der Nähe lohnt.',
    author: 'Redaktion Stellenmarkt',
    body: `<p>Im Durchschnitt pendeln Beschäftigte in Deutschland fast eine Stunde pro Tag. Aufs Jahr gerechnet sind das mehrere Arbeitswochen – unbezahlt.</p>
<h2>Starke Arbeitgeber vor der Haustür</h2>
<p>Viele mittelständische Unternehmen, Kliniken und Kommunen in der Region sind Weltmarktführer, Innovationstreiber oder schlicht sehr gute Arbeitgeber – aber weniger bekannt als die großen Konzerne.</p>
<h2>Die Umkreissuche nutzen</h2>
<p>Mit der Umkreissuche finden Sie Stellen im gewünschten Radius um Ihren Wohnort. Kombiniert mit einem Jobalarm verpassen Sie keine neue Anzeige.</p>
<ul>
<li>Arbeitgeberprofile lesen und Benefits vergleichen</li>
<li>Nach Jobticket, Jobrad oder Homeoffice-Tagen fragen</li>
<li>Initiativbewerbungen bei Wunscharbeitgebern in der Nähe schicken</li>
</ul>`,
  },
];
