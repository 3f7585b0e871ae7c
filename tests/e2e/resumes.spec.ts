import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { createTranslator } from '../../src/i18n';
import { registerApplicantInBrowser } from '../support/register-in-browser';
import { cvDocx, cvPdf, englishCv, germanCv } from '../support/cv-fixtures';
import { uniqueEmail } from '../support/factories';

/**
 * Resumes in the browser on jobregio (issue 17): an applicant goes through the wizard with the keyboard
 * alone, imports a PDF CV and corrects the proposal, adds skills on an edit page, hides and shows the resume; a recruiter finds it by skill and place,
 * sees no private data, sends a contact request; the applicant approves it on their resume page and the
 * recruiter then sees the contact data. Axe on the wizard, the resume page, the search and the detail page.
 */
const origin = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'jobregio')!.port}`;
const base = `${origin}/de`;
const password = 'correct-horse-battery';
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Presses Tab until the element matching `selector` has the focus (at most 40 times). */
async function tabTo(page: Page, selector: string) {
  for (let press = 0; press < 40; press++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function signIn(page: Page, email: string, callbackPath: string) {
  await page.goto(`${base}/user/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${origin}${callbackPath}`);
}

test('an applicant keeps a CV, a recruiter finds it anonymised and sees the contact data after approval', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const word = `Zebrafisch${Date.now() % 100000}`;
  // Pages of contexts of their own: axe needs them, and the two people have separate sessions.
  const applicant = await (await browser.newContext()).newPage();
  const applicantEmail = uniqueEmail('cv');
  await registerApplicantInBrowser(applicant, {
    registerUrl: `${base}/user/register`,
    email: applicantEmail,
    password,
  });
  await signIn(applicant, applicantEmail, '/de/lebenslauf/wizard');
  await expect(applicant.locator('astro-island[component-url*="ResumeWizard"]:not([ssr])')).toHaveCount(1);

  // Step 1 with the keyboard alone; the hidden fields of SPEC 9 (photo, about me, phone) are not there.
  const wizard = applicant.locator('.resume-wizard');
  await expect(wizard.getByRole('button', { name: 'Speichern und weiter' })).toBeEnabled();
  await expect(applicant.getByLabel('Telefon')).toHaveCount(0);
  await expect(applicant.getByLabel('Über mich')).toHaveCount(0);
  await expectNoAxeViolations(applicant);
  await applicant.getByLabel('Anrede').focus();
  await applicant.keyboard.press('Tab');
  await tabTo(applicant, '#wizard-firstName');
  await applicant.keyboard.type('Greta');
  await tabTo(applicant, '#wizard-lastName');
  await applicant.keyboard.type(`Tastatur${word}`);
  await tabTo(applicant, '#wizard-homeLocation');
  await applicant.keyboard.type('Freiburg-Wiehre');
  await tabTo(applicant, '.resume-wizard button[type="submit"]');
  await applicant.keyboard.press('Enter');

  // Step 2: the heading takes the focus; an empty title is refused in place.
  await expect(applicant).toHaveURL(`${base}/lebenslauf/wizard/job-preferences`);
  await expect(applicant.getByRole('heading', { name: /Schritt 2 von 3/ })).toBeFocused();
  await tabTo(applicant, '.resume-wizard button[type="submit"]');
  await applicant.keyboard.press('Enter');
  await expect(applicant.locator('#wizard-title-error')).toHaveText('Bitte ausfüllen.');
  await tabTo(applicant, '#wizard-title');
  await applicant.keyboard.type(`${word} Entwicklerin`);
  await tabTo(applicant, '#wizard-desiredOccupation');
  await applicant.keyboard.type('Softwareentwicklung');
  await tabTo(applicant, 'input[name="employmentType"][value="full_time"]');
  await applicant.keyboard.press('Space');
  await tabTo(applicant, '#wizard-desiredLocation');
  await applicant.keyboard.type('Freiburg im Breisgau');
  await tabTo(applicant, '.resume-wizard button[type="submit"]');
  await applicant.keyboard.press('Enter');

  // Step 3: import a PDF CV; the proposal is corrected (the last name, an entry left out) before saving.
  await expect(applicant.getByRole('heading', { name: /Schritt 3 von 3/ })).toBeFocused();
  await expectNoAxeViolations(applicant);
  await applicant.getByLabel('Lebenslauf-Datei (PDF oder DOCX)').setInputFiles({
    name: 'Lebenslauf.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await cvPdf(germanCv)),
  });
  await applicant.getByRole('button', { name: 'Lebenslauf einlesen' }).click();
  await expect(applicant.getByRole('heading', { name: 'Vorschlag aus Ihrem Lebenslauf' })).toBeFocused();
  await expect(applicant.locator('#wizard-personalInfo-firstName')).toHaveValue('Greta');
  await expect(applicant.locator('#wizard-personalInfo-lastName')).toHaveValue('Beispiel');
  await expect(applicant.locator('#wizard-workExperience-0-jobTitle')).toHaveValue('Softwareentwicklerin');
  await expect(applicant.locator('#wizard-workExperience-0-startMonth')).toHaveValue('2019-03');
  await expect(applicant.locator('#wizard-education-0-institution')).toHaveValue('Albert-Ludwigs-Universität Freiburg');
  await expect(applicant.locator('#wizard-skills-skills')).toHaveValue('TypeScript, PostgreSQL, Docker');
  await expect(applicant.locator('input[name="languages.languages"][value="en"]')).toBeChecked();
  await expectNoAxeViolations(applicant);
  await applicant.locator('#wizard-personalInfo-lastName').fill(`Tastatur${word}`);
  await applicant.locator('#wizard-workExperience-0-jobTitle').fill('Senior-Softwareentwicklerin');
  await applicant.locator('input[name="education.1.take"]').uncheck();
  await applicant.getByRole('button', { name: 'Vorschlag speichern' }).click();
  await expect(applicant).toHaveURL(`${base}/lebenslauf`);
  await expect(applicant.locator('main')).toContainText('Senior-Softwareentwicklerin');
  await expect(applicant.locator('main')).toContainText('Albert-Ludwigs-Universität Freiburg');
  await expect(applicant.locator('main')).not.toContainText('Goethe-Gymnasium');

  // Skills on their edit page, then show, hide and show the resume.
  await applicant.goto(`${base}/lebenslauf/edit/skills`);
  await applicant.getByLabel(/^Kenntnisse/).fill(`Kotlin, ${word}`);
  await applicant.getByRole('button', { name: 'Speichern' }).click();
  await expect(applicant.getByText('Gespeichert.')).toBeVisible();
  await expect(applicant.locator('#resume-visibility-state')).toHaveText('Ihr Lebenslauf ist verborgen.');
  await applicant.getByRole('button', { name: 'Für Arbeitgeber sichtbar machen' }).click();
  await expect(applicant.locator('#resume-visibility-state')).toContainText('sichtbar');
  await applicant.getByRole('button', { name: 'Verbergen' }).click();
  await expect(applicant.locator('#resume-visibility-state')).toHaveText('Ihr Lebenslauf ist verborgen.');
  await applicant.getByRole('button', { name: 'Für Arbeitgeber sichtbar machen' }).click();
  await expect(applicant.locator('#resume-visibility-state')).toContainText('sichtbar');
  await expectNoAxeViolations(applicant);

  // A recruiter of jobregio with one resume contact credit.
  const recruiter = await (await browser.newContext()).newPage();
  const recruiterEmail = uniqueEmail('hunter');
  await recruiter.goto(`${base}/user/register/recruiter`);
  await recruiter.getByLabel('E-Mail-Adresse').fill(recruiterEmail);
  await recruiter.getByLabel('Neues Passwort').fill(password);
  await recruiter.getByLabel('Passwort wiederholen').fill(password);
  await recruiter.getByLabel('Anrede').selectOption('mr');
  await recruiter.getByLabel('Vorname').fill('Rudi');
  await recruiter.getByLabel('Nachname').fill('Recruiter');
  await recruiter.getByLabel('Name des Unternehmens').fill(`Kaiserstuhl Software ${word}`);
  await recruiter.getByLabel('Straße und Hausnummer').fill('Kaiser-Joseph-Straße 1');
  await recruiter.getByLabel('PLZ').fill('79098');
  await recruiter.getByLabel('Ort', { exact: true }).fill('Freiburg im Breisgau');
  await recruiter.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(recruiter.locator('#registered')).toBeVisible();
  const granted = await recruiter.request.post(`${origin}/api/test/resume-contact-credits`, {
    data: { email: recruiterEmail, amount: 1 },
  });
  expect(granted.status()).toBe(200);
  await signIn(recruiter, recruiterEmail, '/de/bewerbersuche');

  // Found by skill and place; the teaser is anonymised.
  await recruiter.getByLabel(/^Suchbegriff/).fill(word);
  await recruiter.getByLabel('Ort oder Region').fill('Freiburg im Breisgau');
  await recruiter.getByRole('button', { name: 'Suchen' }).click();
  await expect(recruiter.getByRole('status')).toHaveText('1 Lebensläufe');
  const results = recruiter.locator('.resume-results');
  await expect(results).toContainText(`${word} Entwicklerin`);
  await expect(results).toContainText('Baden-Württemberg');
  for (const secret of ['Greta', `Tastatur${word}`, 'Wiehre', applicantEmail]) {
    await expect(recruiter.locator('main')).not.toContainText(secret);
  }
  await expectNoAxeViolations(recruiter);
  await results.getByRole('link', { name: `${word} Entwicklerin` }).click();
  await expect(recruiter.locator('#resume-contact-card')).toContainText(
    'sobald die Person Ihre Kontaktanfrage annimmt',
  );
  for (const secret of ['Greta', `Tastatur${word}`, 'Wiehre', applicantEmail]) {
    await expect(recruiter.locator('main')).not.toContainText(secret);
  }
  await expectNoAxeViolations(recruiter);
  await recruiter
    .getByLabel('Ihre Nachricht an die Person')
    .fill('Wir suchen genau Sie. Hätten Sie Zeit für ein Gespräch?');
  await recruiter.getByRole('button', { name: /Kontaktanfrage senden/ }).click();
  await expect(recruiter.getByText('Ihre Kontaktanfrage ist verschickt.')).toBeVisible();
  await expect(recruiter.locator('#contact-requests')).toContainText('offen');

  // The applicant approves on their resume page.
  await applicant.reload();
  const request = applicant.locator('#contact-requests');
  await expect(request).toContainText(`Kaiserstuhl Software ${word}`);
  await expect(request).toContainText('Wir suchen genau Sie.');
  await request.getByRole('button', { name: /Annehmen/ }).click();
  await expect(applicant.locator('#contact-requests')).toContainText('angenommen');

  // The recruiter now sees the contact data.
  await recruiter.reload();
  const contact = recruiter.locator('#resume-contact-card');
  await expect(contact).toContainText('Greta');
  await expect(contact).toContainText(`Tastatur${word}`);
  await expect(contact).toContainText(applicantEmail);
  await expect(recruiter.locator('#contact-requests')).toContainText('angenommen');

  // Both dashboards show the history.
  await applicant.goto(`${base}/dashboard`);
  await expect(applicant.locator('#contact-requests')).toContainText(`Kaiserstuhl Software ${word}`);
  await expect(applicant.locator('#contact-requests')).toContainText('angenommen');
  await recruiter.goto(`${base}/dashboard`);
  await expect(recruiter.locator('#contact-requests')).toContainText('angenommen');
  await expect(
    recruiter.locator('#contact-requests').getByRole('link', { name: `${word} Entwicklerin` }),
  ).toBeVisible();
});

test('a wizard submitted before its script has run puts no personal data into the address', async ({ browser }) => {
  // Without JavaScript (as before hydration) the form posts to its page instead of a GET with the fields.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail('cv-nojs');
  await registerApplicantInBrowser(page, { registerUrl: `${base}/user/register`, email, password });
  await signIn(page, email, '/de/lebenslauf/wizard');
  await page.locator('#wizard-firstName').fill('Geheim');
  await page.locator('#wizard-lastName').fill('Nachname');
  await page.locator('.resume-wizard').getByRole('button', { name: 'Speichern und weiter' }).click();
  await page.waitForLoadState();
  expect(page.url()).toBe(`${base}/lebenslauf/wizard`);
  await context.close();
});

test('resume pages answer 301 to /404 where the brand has no resumes', async ({ request }) => {
  const tagblatt = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'tagblatt')!.port}`;
  for (const path of ['/resume', '/resume/wizard', '/resume/edit/skills', '/resume/12']) {
    const response = await request.get(`${tagblatt}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toMatch(/\/404$/);
  }
});

/**
 * The same journey in English and French (issue 17: browser tests in de, en-GB and fr): the wizard with the
 * import of an English CV (DOCX in en-GB, PDF in fr) and its correction, the resume shown; the recruiter's
 * search, an anonymised detail page and a request; the applicant approves it on the dashboard, and the
 * recruiter then sees the contact data. Every label comes from the locale's messages.
 */
for (const locale of ['en-GB', 'fr'] as const) {
  test(`the resume journey in ${locale}: import, search, request, approval on the dashboard`, async ({ browser }) => {
    test.setTimeout(120_000);
    const t = createTranslator(locale);
    const prefix = `${origin}/${locale}`;
    const resumePath = locale === 'en-GB' ? '/cv' : '/resume';
    const searchPath = locale === 'en-GB' ? '/cvs' : '/resumes';
    const word = `Okapi${locale === 'fr' ? 'Fr' : 'En'}${Date.now() % 100000}`;
    const signInAs = async (page: Page, email: string, callbackPath: string) => {
      await page.goto(`${prefix}/user/login?callbackUrl=${encodeURIComponent(`/${locale}${callbackPath}`)}`);
      await page.getByLabel(t('account.email')).fill(email);
      await page.getByLabel(t('account.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: t('login.submit') }).click();
      await expect(page).toHaveURL(`${prefix}${callbackPath}`);
    };

    const applicant = await (await browser.newContext()).newPage();
    const applicantEmail = uniqueEmail(`cv-${locale.toLowerCase()}`);
    await registerApplicantInBrowser(applicant, {
      registerUrl: `${prefix}/user/register`,
      email: applicantEmail,
      password,
      locale,
    });
    await signInAs(applicant, applicantEmail, `${resumePath}/wizard`);
    // The wizard is an island: its buttons work once it has hydrated.
    await expect(applicant.locator('astro-island[component-url*="ResumeWizard"]:not([ssr])')).toHaveCount(1);

    await applicant.locator('#wizard-firstName').fill('John');
    await applicant.locator('#wizard-lastName').fill('Example');
    await applicant.getByRole('button', { name: t('resume.wizard.next') }).click();
    await expect(applicant).toHaveURL(`${prefix}${resumePath}/wizard/job-preferences`);
    await applicant.locator('#wizard-title').fill(`${word} Analyst`);
    await applicant.locator('#wizard-desiredLocation').fill('Freiburg im Breisgau');
    await applicant.getByRole('button', { name: t('resume.wizard.next') }).click();
    await expect(applicant).toHaveURL(`${prefix}${resumePath}/wizard/import`);

    const docx = locale === 'en-GB';
    await applicant.getByLabel(t('resume.import.file')).setInputFiles({
      name: docx ? 'cv.docx' : 'cv.pdf',
      mimeType: docx ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' : 'application/pdf',
      buffer: Buffer.from(docx ? cvDocx(englishCv) : await cvPdf(englishCv)),
    });
    await applicant.getByRole('button', { name: t('resume.import.read') }).click();
    // (The focus on the proposal's heading is asserted in the German journey above.)
    await expect(applicant.getByRole('heading', { name: t('resume.import.proposal') })).toBeVisible();
    await expect(applicant.locator('#wizard-workExperience-0-jobTitle')).toHaveValue('Data Analyst');
    await expect(applicant.locator('#wizard-workExperience-0-companyName')).toHaveValue('Northern Data Ltd');
    await expect(applicant.locator('#wizard-education-0-institution')).toHaveValue('University of Leeds');
    await expect(applicant.locator('#wizard-skills-skills')).toHaveValue('Python, SQL, Tableau');
    await expectNoAxeViolations(applicant);
    await applicant.locator('#wizard-personalInfo-lastName').fill(`Private${word}`);
    await applicant.locator('#wizard-skills-skills').fill(`Python, SQL, ${word}`);
    await applicant.getByRole('button', { name: t('resume.import.save') }).click();
    await expect(applicant).toHaveURL(`${prefix}${resumePath}`);
    await expect(applicant.locator('main')).toContainText('Northern Data Ltd');
    await applicant.getByRole('button', { name: t('resume.visibility.show') }).click();
    await expect(applicant.getByRole('button', { name: t('resume.visibility.hide') })).toBeVisible();

    const recruiter = await (await browser.newContext()).newPage();
    const recruiterEmail = uniqueEmail(`hunter-${locale.toLowerCase()}`);
    await recruiter.goto(`${prefix}/user/register/recruiter`);
    await recruiter.getByLabel(t('account.email')).fill(recruiterEmail);
    await recruiter.getByLabel(t('account.newPassword')).fill(password);
    await recruiter.getByLabel(t('account.passwordConfirm')).fill(password);
    await recruiter.getByLabel(t('account.salutation')).selectOption('mr');
    await recruiter.getByLabel(t('account.firstName'), { exact: true }).fill('Rudi');
    await recruiter.getByLabel(t('account.lastName'), { exact: true }).fill('Recruiter');
    await recruiter.getByLabel(t('account.companyName'), { exact: true }).fill(`Breisgau Talent ${word}`);
    await recruiter.getByLabel(t('account.addressLine1')).fill('Kaiser-Joseph-Straße 1');
    await recruiter.getByLabel(t('account.postalCode')).fill('79098');
    await recruiter.getByLabel(t('account.locality'), { exact: true }).fill('Freiburg im Breisgau');
    await recruiter.getByRole('button', { name: t('register.submit') }).click();
    await expect(recruiter.locator('#registered')).toBeVisible();
    const granted = await recruiter.request.post(`${origin}/api/test/resume-contact-credits`, {
      data: { email: recruiterEmail, amount: 1 },
    });
    expect(granted.status()).toBe(200);
    await signInAs(recruiter, recruiterEmail, searchPath);

    await recruiter.getByLabel(t('resume.search.text')).fill(word);
    await recruiter.getByLabel(t('resume.search.place')).fill('Freiburg im Breisgau');
    await recruiter.getByRole('button', { name: t('resume.search.submit') }).click();
    const results = recruiter.locator('.resume-results');
    await results.getByRole('link', { name: `${word} Analyst` }).click();
    for (const secret of [`Private${word}`, applicantEmail]) {
      await expect(recruiter.locator('main')).not.toContainText(secret);
    }
    await expectNoAxeViolations(recruiter);
    await recruiter.getByLabel(t('resume.contact.message')).fill('Would you have time for a call?');
    await recruiter.getByRole('button', { name: t('resume.contact.send') }).click();
    await expect(recruiter.getByText(t('resume.contact.sent'))).toBeVisible();

    // The applicant decides on the dashboard: a decline gives the one credit back, so a second request goes
    // out; that one is approved.
    await applicant.goto(`${prefix}/dashboard`);
    const requests = applicant.locator('#contact-requests');
    await expect(requests).toContainText(`Breisgau Talent ${word}`);
    await expectNoAxeViolations(applicant);
    await requests.getByRole('button', { name: new RegExp(t('resume.contact.decline')) }).click();
    await expect(applicant.locator('#contact-requests')).toContainText(t('resume.contact.status.declined'));
    await recruiter.reload();
    await expect(recruiter.locator('#contact-requests')).toContainText(t('resume.contact.status.declined'));
    await recruiter.getByLabel(t('resume.contact.message')).fill('Perhaps later this year?');
    await recruiter.getByRole('button', { name: t('resume.contact.send') }).click();
    await expect(recruiter.getByText(t('resume.contact.sent'))).toBeVisible();
    await applicant.reload();
    await applicant
      .locator('#contact-requests')
      .getByRole('button', { name: new RegExp(t('resume.contact.approve')) })
      .click();
    await expect(applicant).toHaveURL(new RegExp(`${prefix}/dashboard\\?decided=1`));
    await expect(applicant.locator('#contact-requests')).toContainText(t('resume.contact.status.approved'));

    await recruiter.reload();
    await expect(recruiter.locator('#resume-contact-card')).toContainText(`Private${word}`);
    await expect(recruiter.locator('#resume-contact-card')).toContainText(applicantEmail);
  });
}
