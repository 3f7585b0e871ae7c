/**
 * Social sign-in in the browser (SPEC sections 1, 4, 8): jobregio and tagblatt offer LinkedIn and Google,
 * both pointed at the loopback OpenID Connect server of playwright.config.ts, where the person signs in on
 * the provider's own form.
 */
import { expect, test, type Page } from '@playwright/test';
import { brandServers, oidcIssuer } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';

// A German browser: the sign-in page Auth.js sends refusals to is unprefixed and speaks the browser's language.
test.use({ locale: 'de-DE' });

const origin = (brand: string) => `http://127.0.0.1:${brandServers.find((server) => server.brand === brand)!.port}`;

const signupStartKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('signup-start:')));

/** Continues with Google from the sign-in page and signs in on the provider's form. */
async function continueWithGoogle(page: Page, email: string, givenName: string, familyName: string) {
  await page.getByRole('button', { name: 'Weiter mit Google' }).click();
  // The authorization request went to the configured issuer, which shows its own sign-in form.
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('First name').fill(givenName);
  await page.getByLabel('Last name').fill(familyName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a visitor signs up with Google from a protected page, is sent back to it, and later signs in with LinkedIn', async ({
  page,
}) => {
  const base = origin('jobregio');
  // SPEC 4: the creation source is kept in session storage on arrival and goes along with the sign-up.
  await page.goto(`${base}/de/?utm_source=e2e_social`);
  await page.goto(`${base}/de/dashboard`);
  await expect(page).toHaveURL(/\/de\/user\/login\?error=SessionRequired/);
  const social = page.getByRole('region', { name: 'oder' }).getByRole('button');
  await expect(social).toHaveText(['Weiter mit LinkedIn', 'Weiter mit Google']);
  await continueWithGoogle(page, uniqueEmail('social'), 'Gina', 'Oogle');

  // Issue 18: a new account must agree to the terms; the sign-in page sends the visitor to register.
  await expect(page).toHaveURL(/\/user\/login\?error=SocialSignUpTerms/);
  await expect(page.locator('#login-error')).toContainText('Bitte registrieren Sie sich');
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Als Bewerber registrieren' }).click();

  // The registration page: the social buttons sit below the terms text, and continuing agrees to it.
  const terms = page.locator('[data-registration-terms]');
  await expect(terms).toContainText('Datenschutzerklärung');
  const signUp = page.locator('[data-social-sign-up]');
  await expect(signUp).toContainText('Auch wer über einen Anbieter fortfährt, stimmt damit den Bedingungen oben zu.');
  const termsBox = (await terms.boundingBox())!;
  expect((await signUp.boundingBox())!.y).toBeGreaterThan(termsBox.y + termsBox.height);
  await expect(signUp.locator('input[name="creationSource"]').first()).toHaveValue('e2e_social');
  // The provider still knows the person from the first attempt, so no form.
  await signUp.getByRole('button', { name: 'Weiter mit Google' }).click();

  // Back on the page that asked for the session, signed in with the provider's name.
  await expect(page).toHaveURL(`${base}/de/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gina Oogle');
  await expect(page.locator('[data-signed-in]')).toContainText('Gina Oogle');
  // The new account's signup-start event was accepted by the server and is remembered.
  await expect.poll(() => signupStartKeys(page)).toEqual([expect.stringMatching(/^signup-start:\d+$/)]);
  // The terms consent is recorded, proven (the provider verified the address) and can be withdrawn.
  await page.goto(`${base}/de/user/consents`);
  const consent = page.locator('[data-consent]');
  await expect(consent).toHaveCount(1);
  await expect(consent).toContainText('registration');
  await expect(consent).toContainText('bei der Registrierung über einen Anbieter');
  await expect(consent.getByRole('button', { name: 'Widerrufen' })).toBeVisible();

  await page.goto(`${base}/de/dashboard`);
  await page.locator('[data-sign-out]').click();
  // /user/logout posts itself to Auth.js and redirects: wait for that before navigating on.
  await expect(page).not.toHaveURL(/\/user\/logout/);
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);

  // LinkedIn: the provider still knows the person, so no form; the verified address finds the same user.
  // From the registration page too: an existing account signs in and records nothing new.
  await page.goto(`${base}/de/user/register`);
  await page.locator('[data-social-sign-up]').getByRole('button', { name: 'Weiter mit LinkedIn' }).click();
  await expect(page).toHaveURL(`${base}/de/dashboard`);
  await expect(page.locator('[data-signed-in]')).toContainText('Gina Oogle');
  // This sign-in created no user: its session has no signup-start flag, and the remembered one is gone.
  await expect.poll(() => signupStartKeys(page)).toEqual([]);
  await page.goto(`${base}/de/user/consents`);
  await expect(page.locator('[data-consent]')).toHaveCount(1);
});

test('where the brand has no applicant accounts, an unknown address is asked to register first', async ({ page }) => {
  const base = origin('tagblatt');
  await page.goto(`${base}/user/login`);
  await continueWithGoogle(page, uniqueEmail('stranger'), 'Stella', 'Ranger');
  await expect(page).toHaveURL(/\/user\/login\?error=SocialSignUpClosed/);
  await expect(page.locator('#login-error')).toHaveText(
    'Zu dieser E-Mail-Adresse gibt es noch kein Konto. Bitte registrieren Sie sich zuerst; danach können Sie sich auch über diesen Anbieter anmelden.',
  );
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Als Arbeitgeber registrieren' })).toBeVisible();
});
