import { expect, type Locator, type Page } from '@playwright/test';

/** Reaches a control with the Tab key alone (as a keyboard-only user would) and returns once it has focus. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reachable with ${maxPresses} Tab presses`).toBeFocused();
}

/** Tab to a button and press Enter. */
export async function pressWithKeyboard(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}
