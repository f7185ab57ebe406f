import type { Locator, Page } from 'playwright-core';

/** Opens the live map's info box of `name` (found through the vehicle tree's search). */
export async function infoBoxOf(page: Page, name: string): Promise<Locator> {
  await page.goto('/monitoring/map');
  await page.getByTestId('monitoring-map').waitFor();
  await page.getByTestId('vehicle-search').locator('input').fill(name);
  await page.getByTestId(`vehicle-${name}`).click();
  const box = page.getByTestId('info-box');
  await box.waitFor();
  return box;
}
