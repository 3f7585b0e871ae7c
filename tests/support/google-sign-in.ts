import { expect, type Page } from '@playwright/test';
import { oidcIssuer } from '../../playwright.config';

/**
 * Signs in through the loopback Google provider (playwright.config.ts) as `person` (address, first and last
 * name), e.g. a demo staff account without a password, which the provider's verified address finds; ends on
 * `callback` of the site at `base`.
 */
export async function signInWithGoogle(page: Page, base: string, callback: string, person: [string, string, string]) {
  await page.goto(`${base}/user/login?callbackUrl=${encodeURIComponent(callback)}`);
  await page.getByRole('button', { name: 'Weiter mit Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.getByLabel('E-mail address').fill(person[0]);
  await page.getByLabel('First name').fill(person[1]);
  await page.getByLabel('Last name').fill(person[2]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${base}${callback}`);
}
