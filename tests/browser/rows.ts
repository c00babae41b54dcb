import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The '...' menu of a table row. The menu closes on any scroll, and the scroll event of
 * bringing a wide table's last column into view arrives a frame after the scroll, so the
 * button is scrolled into view and given that frame first (as a user scrolls, then clicks).
 */
export async function rowMenuToggle(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: `Actions for ${label}` });
  await toggle.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  return toggle;
}

/** The names of the actions the row's menu offers (then closes it again). */
export async function rowMenuItems(page: Page, label: string): Promise<string[]> {
  const toggle = await rowMenuToggle(page, label);
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  const panelId = await toggle.getAttribute('aria-controls');
  const items = page.locator(`[id="${panelId}"]`).getByRole('button');
  await items.first().waitFor();
  const names = await items.allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

/** Opens the row's menu and picks `action`. */
export async function rowAction(
  page: Page,
  label: string,
  action:
    | 'Show'
    | 'Edit'
    | 'Delete'
    | 'Deactivate'
    | 'Reactivate'
    | 'Reconcile'
    | 'Close account'
    | 'Reopen account',
) {
  await (await rowMenuToggle(page, label)).click();
  await page.getByRole('button', { name: action, exact: true }).click();
}
