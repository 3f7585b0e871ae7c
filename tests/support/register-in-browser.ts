/**
 * Browser tests' way to create an applicant account: the registration form at `registerUrl` filled with
 * the labels of the page's locale, sent, and its confirmation awaited. Tests of the form itself (auth,
 * shell, data rights) keep their own steps.
 */
import { expect, type Page } from '@playwright/test';
import type { Locale } from '../../brands/types';
import { createTranslator } from '../../src/i18n';

export async function registerApplicantInBrowser(
  page: Page,
  options: { registerUrl: string; email: string; password: string; locale?: Locale },
): Promise<void> {
  const t = createTranslator(options.locale ?? 'de');
  await page.goto(options.registerUrl);
  await page.getByLabel(t('account.email')).fill(options.email);
  await page.getByLabel(t('account.newPassword')).fill(options.password);
  await page.getByLabel(t('account.passwordConfirm')).fill(options.password);
  await page.getByRole('button', { name: t('register.submit') }).click();
  await expect(page.locator('#registered')).toBeVisible();
}
