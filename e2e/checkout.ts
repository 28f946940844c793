import type { Page } from 'playwright-core';

/**
 * /paiement-securise as a buyer fills it (company data of spec sections 3 and 5), then « Payer »:
 * the page goes to the test provider's card page.
 */
export async function fillCompanyDataAndGoToPayment(page: Page): Promise<void> {
  await page.getByText('Total TTC').waitFor({ timeout: 30_000 });
  await page.fill('#billing-company_name', 'Acheteur E2E');
  await page.fill('#billing-postcode', '75002');
  await page.fill('#billing-firstname', 'Alice');
  await page.fill('#billing-lastname', 'Martin');
  await page.getByRole('button', { name: /Payer/ }).click();
  await page.waitForURL(/\/payment\?session=cs_test_/, { timeout: 30_000 });
}

/** The test provider's card page: one of Stripe's test card numbers, then « Payer ». */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.fill('#card-number', card);
  await page.getByRole('button', { name: /Payer/ }).click();
}
