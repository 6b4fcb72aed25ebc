import type { Locator, Page } from 'playwright-core';

/**
 * Opens a select (MUI's combobox) and picks an option. On a loaded machine a page can still re-render the
 * select just after the click (its data arriving), which closes the list again; the click is repeated until
 * the list is open, as a person would click again.
 */
export async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt++) {
    await combobox.click();
    try {
      await listbox.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await listbox.waitFor({ state: 'detached' });
}
