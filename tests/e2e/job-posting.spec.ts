import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { brandServers, oidcIssuer } from '../../playwright.config';
import { signInWithGoogle } from '../support/google-sign-in';
import { uniqueEmail } from '../support/factories';
import { registerApplicantInBrowser } from '../support/register-in-browser';

/**
 * Job posting in the browser (issue 13): the "Stellenanzeige aufgeben" link, sign-in first, the job form
 * with the brand's job types, places from the gazetteer, the rich-text editor, the Google-for-Jobs check,
 * the success page and the job manager; keyboard only; axe on the form.
 */
const origin = (brand: string) => `http://127.0.0.1:${brandServers.find((server) => server.brand === brand)!.port}`;
const password = 'correct-horse-battery';
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Registers a recruiter through the form; returns the e-mail address to sign in with. */
async function registerRecruiter(page: Page, base: string, company: string): Promise<string> {
  const email = uniqueEmail('poster');
  await page.goto(`${base}/user/register/recruiter`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByLabel('Anrede').selectOption('ms');
  await page.getByLabel('Vorname').fill('Paula');
  await page.getByLabel('Nachname').fill('Poster');
  await page.getByLabel('Name des Unternehmens').fill(company);
  await page.getByLabel('Straße und Hausnummer').fill('Neckarhalde 3');
  await page.getByLabel('PLZ').fill('72070');
  await page.getByLabel('Ort', { exact: true }).fill('Tübingen');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();
  return email;
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Picks a place from the gazetteer's suggestions by its name. */
async function addPlace(page: Page, name: string) {
  const search = page.getByRole('combobox', { name: 'Ort suchen' });
  await search.fill(name);
  await page
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expect(search).toHaveValue('');
}

/** The editor is ready once Quill has replaced the placeholder (it is loaded after hydration). */
async function descriptionEditor(page: Page): Promise<Locator> {
  const editor = page.getByRole('textbox', { name: /Stellenbeschreibung/ });
  await expect(editor).toBeVisible();
  return editor;
}

test('a recruiter follows "Stellenanzeige aufgeben", signs in and saves a template job with two places and a salary', async ({
  page,
}) => {
  const base = origin('tagblatt');
  const email = await registerRecruiter(page, base, 'Ammertal Pflege GmbH');
  await page.context().clearCookies();

  await page.goto(base);
  await page.getByRole('link', { name: 'Stellenanzeige aufgeben' }).click();
  await expect(page).toHaveURL(`${base}/user/login?error=SessionRequired&callbackUrl=%2Fjob-manager%2Fnew`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/job-manager/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stellenanzeige aufgeben' })).toBeVisible();

  // tagblatt offers all three job types.
  const types = page.getByRole('group', { name: 'Art der Anzeige' }).getByRole('radio');
  await expect(types).toHaveCount(3);
  await expect(page.getByRole('radio', { name: 'Anzeige im Formular schreiben' })).toBeChecked();

  // Publishing an empty job names what is missing, per field, and nothing is saved.
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Bitte prüfen Sie die markierten Felder.');
  await expect(page.getByLabel(/^Stellentitel/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Bitte geben Sie mindestens einen Arbeitsort an.')).toBeVisible();
  await expect(page).toHaveURL(`${base}/job-manager/new`);

  await page.getByLabel(/^Stellentitel/).fill('Pflegefachkraft (m/w/d) Ammertal');
  const editor = await descriptionEditor(page);
  await editor.click();
  await page.keyboard.type('Wir suchen Verstärkung für unser Team.');
  await page.getByRole('button', { name: 'Fett' }).click();
  await page.keyboard.type(' Gute Bezahlung.');
  await expect(editor.locator('strong')).toHaveText('Gute Bezahlung.');
  // A recruiter's toolbar has no staff controls (SPEC section 6).
  await expect(page.getByRole('button', { name: 'Tabelle einfügen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rückgängig' })).toBeVisible();

  const readiness = page.getByRole('region', { name: 'Bereit für Google for Jobs' });
  await expect(readiness).toContainText('Gehalt');
  await addPlace(page, 'Tübingen');
  await addPlace(page, 'Reutlingen');
  await expect(page.locator('.job-form__place')).toHaveCount(2);
  await page.getByLabel('Straße und Hausnummer').first().fill('Wilhelmstraße 5');
  await page.getByLabel('Postleitzahl').first().fill('72074');
  await page.getByLabel('Gehalt von').fill('42000');
  await page.getByLabel('Gehalt bis').fill('52000');
  await page.getByLabel('Zeitraum').selectOption('year');
  // The second place still lacks its street and postcode.
  await expect(readiness).not.toContainText('Gehalt (');
  await expect(readiness).toContainText('Straße und Hausnummer jedes Arbeitsorts');
  await page.getByLabel('Straße und Hausnummer').nth(1).fill('Marktplatz 1');
  await page.getByLabel('Postleitzahl').nth(1).fill('72764');
  await expect(readiness).toContainText('Alle empfohlenen Angaben sind vorhanden.');
  await page.getByLabel(/^E-Mail-Adressen für Bewerbungen/).fill('jobs@ammertal-pflege.example');

  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/job/wizard\\?job=\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entwurf gespeichert');
  await expect(page.locator('.job-wizard__outcome')).toHaveText(
    'Ihr Entwurf „Pflegefachkraft (m/w/d) Ammertal“ ist gespeichert.',
  );
  await expect(page.getByRole('link', { name: 'Weitere Anzeige aufgeben' })).toHaveAttribute(
    'href',
    '/job-manager/new',
  );

  await page.getByRole('link', { name: 'Zu meinen Stellenanzeigen' }).click();
  const row = page.getByRole('row', { name: /Pflegefachkraft \(m\/w\/d\) Ammertal/ });
  await expect(row).toContainText('Entwurf');
  await expect(row.getByRole('link', { name: 'Bearbeiten' })).toBeVisible();

  // Editing shows the saved values again, both places included.
  await row.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page.getByLabel(/^Stellentitel/)).toHaveValue('Pflegefachkraft (m/w/d) Ammertal');
  await expect(page.locator('.job-form__place')).toHaveCount(2);
  await expect(page.getByLabel('Gehalt bis')).toHaveValue('52000');
  await expect(await descriptionEditor(page)).toContainText('Wir suchen Verstärkung');

  // A new organization has no job slot and no credit: publishing says why, links to buying more, keeps the draft.
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'keine freien Stellenplätze' });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('link', { name: 'Guthaben oder Abo anfragen' })).toHaveAttribute('href', '/contact');
  await page.goto(`${base}/job-manager`);
  const draft = page.getByRole('row', { name: /Pflegefachkraft \(m\/w\/d\) Ammertal/ });
  await expect(draft).toContainText('Entwurf');
  await draft.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'keine freien Stellenplätze' })).toBeVisible();

  // Duplicating makes a second draft to edit.
  await page
    .getByRole('row', { name: /Ammertal/ })
    .getByRole('button', { name: 'Duplizieren' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${base}/job-manager/edit/\\d+\\?done=duplicate$`));
  await expect(page.getByText('Die Anzeige wurde dupliziert.')).toBeVisible();
  await expect(page.getByLabel(/^Stellentitel/)).toHaveValue('Pflegefachkraft (m/w/d) Ammertal');
});

test('the second brand offers template and link jobs only, and a link job is saved from the keyboard alone', async ({
  page,
}) => {
  // Tabbing through every choice of the form (vocabularies, date fields) takes a few hundred key presses.
  test.setTimeout(120_000);
  const base = origin('jobregio');
  const email = await registerRecruiter(page, `${base}/de`, 'Alb Logistik KG');
  await page.goto(`${base}/de/user/login?callbackUrl=%2Fde%2Fjob-manager%2Fnew`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/de/job-manager/new`);
  await expect(page.getByRole('group', { name: 'Art der Anzeige' }).getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Anzeige als PDF hochladen' })).toHaveCount(0);
  await descriptionEditor(page);

  /** Presses Tab until `target` has the focus: it is reachable by keyboard. */
  async function tabTo(target: Locator) {
    for (let presses = 0; presses < 500; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('not reachable with Tab');
  }

  await tabTo(page.getByRole('radio', { name: 'Anzeige im Formular schreiben' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Link auf die Anzeige auf Ihrer Website' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Stellentitel/)).toBeFocused();
  await page.keyboard.type('Berufskraftfahrer (m/w/d)');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Adresse der Anzeige/)).toBeFocused();
  await page.keyboard.type('https://alb-logistik.example/jobs/fahrer');
  await tabTo(page.getByRole('combobox', { name: 'Ort suchen' }));
  await page.keyboard.type('Reutlingen');
  await expect(page.getByRole('listbox', { name: 'Ort suchen' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('.job-form__place')).toHaveCount(1);
  await tabTo(page.getByLabel(/^E-Mail-Adressen für Bewerbungen/));
  await page.keyboard.type('bewerbung@alb-logistik.example');
  // Enter in a text field saves the draft.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${base}/de/job/wizard\\?job=\\d+$`));
  await expect(page.locator('.job-wizard__outcome')).toContainText('Berufskraftfahrer (m/w/d)');
});

test('the job form has no WCAG 2.1 AA violations, with its editor loaded and errors shown', async ({ page }) => {
  const base = origin('suedjobs');
  const email = await registerRecruiter(page, base, 'Bodensee Technik AG');
  await page.goto(`${base}/user/login?callbackUrl=%2Fjob-manager%2Fnew`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/job-manager/new`);
  await descriptionEditor(page);
  let results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByLabel(/^Stellentitel/)).toHaveAttribute('aria-invalid', 'true');
  results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.goto(`${base}/job-manager`);
  results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(results.violations.map(({ id }) => id)).toEqual([]);
});

test('an applicant is told that only employers post jobs, and the moderation queue is for staff', async ({ page }) => {
  // Applicants exist on the second brand.
  const base = `${origin('jobregio')}/de`;
  const email = uniqueEmail('applicant');
  await registerApplicantInBrowser(page, { registerUrl: `${base}/user/register`, email, password });
  await page.goto(`${base}/user/login?callbackUrl=%2Fde%2Fjob-manager%2Fnew`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/job-manager/new`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stellenanzeige aufgeben');
  await expect(page.getByText('Stellenanzeigen können nur Arbeitgeber aufgeben.')).toBeVisible();
  await expect(page.locator('form.job-form')).toHaveCount(0);
  await page.goto(`${base}/job-manager/moderation`);
  await expect(page.getByText('Diese Seite ist nur für die Redaktion.')).toBeVisible();
});

test('staff work through the moderation queue: a rejection needs a reason, approving takes the job out of the queue', async ({
  page,
}) => {
  const base = origin('tagblatt');
  // The demo job editor has no password: they sign in with Google (the loopback provider of playwright.config.ts),
  // which finds the account by its verified address.
  await page.goto(`${base}/user/login?callbackUrl=%2Fjob-manager%2Fmoderation`);
  await page.getByRole('button', { name: 'Weiter mit Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.getByLabel('E-mail address').fill('editor@demo.example');
  await page.getByLabel('First name').fill('Erik');
  await page.getByLabel('Last name').fill('Redaktion');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${base}/job-manager/moderation`);

  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const rejected = await rows.first().getAttribute('data-job-id');
  await rows
    .first()
    .getByRole('link', { name: /Prüfen/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stellenanzeige prüfen' })).toBeVisible();
  await descriptionEditor(page);
  // Staff get the full toolbar (SPEC section 6).
  for (const control of ['Einrücken', 'Ausrücken', 'Tabelle einfügen', 'Video einbetten']) {
    await expect(page.getByRole('button', { name: control })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(page.getByLabel('Grund der Ablehnung')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Grund der Ablehnung').fill('Bitte nennen Sie ein Gehalt.');
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(page).toHaveURL(`${base}/job-manager/moderation?done=rejected`);
  await expect(page.getByText('Die Anzeige wurde abgelehnt')).toBeVisible();
  await expect(page.locator(`tr[data-job-id="${rejected}"]`)).toHaveCount(0);

  const approved = await rows.first().getAttribute('data-job-id');
  await rows
    .first()
    .getByRole('link', { name: /Prüfen/ })
    .click();
  await page.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page).toHaveURL(`${base}/job-manager/moderation?done=approved`);
  await expect(page.getByText('Die Anzeige wurde freigegeben.')).toBeVisible();
  await expect(page.locator(`tr[data-job-id="${approved}"]`)).toHaveCount(0);

  // The approved job is public: its page carries the JobPosting data for Google for Jobs.
  const visitor = await page.context().browser()!.newPage();
  const response = await visitor.goto(`${base}/job/${approved}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.locator('script[type="application/ld+json"]').first()).toBeAttached();
  expect(await visitor.locator('script[type="application/ld+json"]').allTextContents()).toContainEqual(
    expect.stringContaining('"JobPosting"'),
  );
  await visitor.close();
});

test('a PDF job: the ad is uploaded from the form, a disguised file is refused on its field', async ({ page }) => {
  const base = origin('suedjobs');
  const email = await registerRecruiter(page, base, 'Allgäu Käserei eG');
  await page.goto(`${base}/user/login?callbackUrl=%2Fjob-manager%2Fnew`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/job-manager/new`);
  await descriptionEditor(page);
  await page.getByRole('radio', { name: 'Anzeige als PDF hochladen' }).check();
  const file = page.getByLabel(/^Anzeige als PDF \(Pflichtfeld\)/);

  // A PNG named .pdf: the server reads its first bytes and refuses it.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  await file.setInputFiles({ name: 'anzeige.pdf', mimeType: 'application/pdf', buffer: png });
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#file-error')).toBeVisible();

  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
  await file.setInputFiles({ name: 'kaeser.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('Aktuelle Datei: kaeser.pdf')).toBeVisible();
  await expect(file).toHaveAttribute('aria-invalid', 'false');
  await page.getByLabel(/^Stellentitel/).fill('Käser (m/w/d)');
  await addPlace(page, 'Kempten');
  await page.getByLabel(/^E-Mail-Adressen für Bewerbungen/).fill('jobs@kaeserei.example');
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/job/wizard\\?job=\\d+$`));
  await expect(page.locator('.job-wizard__outcome')).toContainText('Käser (m/w/d)');
});

/** Fills and publishes a complete template job in Tübingen; returns the success page's outcome text. */
async function publishTemplateJob(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Stellenanzeige aufgeben' })).toBeVisible();
  await page.getByLabel(/^Stellentitel/).fill(title);
  const editor = await descriptionEditor(page);
  await editor.click();
  await page.keyboard.type(`Als ${title} gestalten Sie unsere Druckvorstufe in Tübingen.`);
  await addPlace(page, 'Tübingen');
  await page.getByLabel('Straße und Hausnummer').first().fill('Wilhelmstraße 5');
  await page.getByLabel('Postleitzahl').first().fill('72074');
  await page.getByLabel('Gehalt von').fill('45000');
  await page.getByLabel('Gehalt bis').fill('55000');
  await page.getByLabel('Zeitraum').selectOption('year');
  await page.getByLabel(/^E-Mail-Adressen für Bewerbungen/).fill('jobs@schulze-druck.example');
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page).toHaveURL(/\/job\/wizard\?job=\d+$/);
  return page.locator('.job-wizard__outcome');
}

test('staff trust an organization: its jobs go live at once or at their date, and visitors find them by keyword and radius', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const base = origin('tagblatt');
  const word = `Druckformtechnik${Date.now().toString(36)}`;
  const recruiter = await browser.newPage();
  // The demo recruiter (recruiter@demo.example) owns the first demo organization, which has job credits.
  await signInWithGoogle(recruiter, base, '/job-manager/new', ['recruiter@demo.example', 'Rita', 'Demo']);
  const first = await publishTemplateJob(recruiter, `${word} Erstanzeige (m/w/d)`);
  await expect(first).toContainText('geprüft');

  const staff = await browser.newPage();
  await signInWithGoogle(staff, base, '/job-manager/moderation', ['editor@demo.example', 'Erik', 'Redaktion']);
  // The queue is oldest first: the new job is on its last page.
  const row = staff.getByRole('row', { name: new RegExp(`${word} Erstanzeige`) });
  while ((await row.count()) === 0) await staff.getByRole('link', { name: 'Nächste Seite' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Vertrauen/ }).click();
  await expect(staff.getByText('Das Unternehmen ist jetzt vertrauenswürdig')).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(`${word} Erstanzeige`) })).toContainText(
    'Vertrauenswürdig: Anzeigen gehen ohne Prüfung online',
  );

  await recruiter.goto(`${base}/job-manager/new`);
  const title = `${word} Medientechnologe (m/w/d)`;
  const second = await publishTemplateJob(recruiter, title);
  await expect(second).toHaveText(`Ihre Stellenanzeige „${title}“ ist veröffentlicht.`);

  // A job scheduled a few seconds ahead (the API takes a time; the form offers days) is in the manager as
  // scheduled, hidden from visitors, and appears at its date by itself.
  const scheduledTitle = `${word} Reprofotograf (m/w/d)`;
  const scheduledId = await recruiter.evaluate(async (jobTitle) => {
    const { jwt } = (await (await fetch('/api/auth/session')).json()) as { jwt: string };
    const call = async <TData>(query: string, variables: Record<string, unknown>) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}`, frontend: 'tagblatt;de' },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data: TData }).data;
    };
    const options = await call<{ jobFormOptions: { organizations: { id: number }[] } }>(
      '{ jobFormOptions { organizations { id } } }',
      {},
    );
    const created = await call<{ createJob: { id: number; workflowState: string } }>(
      'mutation ($input: JobInput!) { createJob(input: $input, publish: true) { id workflowState } }',
      {
        input: {
          jobType: 'job_per_template',
          title: jobTitle,
          description: '<p>Reproduktion und Druckvorstufe.</p>',
          organizationId: options.jobFormOptions.organizations[0]!.id,
          locations: [
            {
              latitude: 48.5216,
              longitude: 9.0576,
              locality: 'Tübingen',
              countryCode: 'DE',
              addressLine1: 'Wilhelmstraße 5',
              postalCode: '72074',
            },
          ],
          applicationWorkflow: 'email',
          applicationEmails: ['jobs@schulze-druck.example'],
          language: 'de',
          publishedAt: new Date(Date.now() + 8000).toISOString(),
        },
      },
    );
    if (created.createJob.workflowState !== 'scheduled') throw new Error(JSON.stringify(created));
    return created.createJob.id;
  }, scheduledTitle);
  await recruiter.goto(`${base}/job-manager`);
  await expect(recruiter.getByRole('row', { name: new RegExp(scheduledTitle.replace(/[()]/g, '\\$&')) })).toContainText(
    'Geplant',
  );
  const early = await browser.newPage();
  expect((await early.goto(`${base}/job/${scheduledId}`))?.status()).toBe(404);
  await expect
    .poll(async () => (await early.goto(`${base}/job/${scheduledId}`))?.status(), { timeout: 15_000 })
    .toBe(200);
  await expect(early.getByRole('heading', { level: 1 })).toHaveText(scheduledTitle);
  await early.close();

  // Staff stop trusting it again: other tests of this run see the demo organization as it was.
  await staff
    .getByRole('row', { name: new RegExp(`${word} Erstanzeige`) })
    .getByRole('button', { name: /^Nicht mehr vertrauen/ })
    .click();
  await expect(staff.getByText('Die Anzeigen des Unternehmens werden wieder geprüft.')).toBeVisible();

  // A visitor finds the live job by its keyword within 25 km of Reutlingen (Tübingen is about 12 km away),
  // not within 5 km, and its page carries the JobPosting data for Google for Jobs.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  const search = async (radius: string) => {
    await visitor.goto(`${base}/jobs`);
    await visitor.getByLabel('Was', { exact: true }).fill(word);
    await visitor.getByLabel('Wo', { exact: true }).fill('Reutlingen');
    await visitor.getByLabel('Umkreis', { exact: true }).selectOption(radius);
    await visitor.getByRole('button', { name: 'Suchen', exact: true }).click();
    await visitor.waitForURL(/location=/);
  };
  await search('25');
  const teaser = visitor.getByRole('link', { name: title });
  await expect(teaser).toBeVisible();
  await expect(visitor.getByRole('link', { name: new RegExp(`${word} Erstanzeige`) })).toHaveCount(0);
  await search('5');
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  await search('25');
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  const postings = await visitor.locator('script[type="application/ld+json"]').allTextContents();
  const posting = postings
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'JobPosting');
  expect(posting).toMatchObject({ title, jobLocation: [{ address: { postalCode: '72074' } }] });
  await context.close();
  await staff.close();
  await recruiter.close();
});
