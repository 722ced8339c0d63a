import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { MESSAGES } from '@sentinel/shared';
import { DEMO, type Credentials } from '../fixtures/fixtures';
import { expectScreen, saveScreenshot } from '../support/app';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoSidewaysScroll, screenOf } from '../support/layout';
import { signInViaApi } from '../support/session';

/** The demo client's case, whose case thread the attorney and the client share. */
const CASE_TITLE = 'Ellis Residence – Water Damage';

async function signedIn(browser: Browser, credentials: Credentials, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: screenOf(width) });
  const page = await context.newPage();
  await signInViaApi(page, credentials);
  return page;
}

const conversations = (page: Page) => page.getByRole('region', { name: 'Conversations' });
/** The case thread's entry in the list (its team thread has the same case, 'Team thread'). */
const caseThreadLink = (page: Page) =>
  conversations(page).getByRole('link').filter({ hasText: CASE_TITLE }).filter({ hasText: 'Case thread' });
const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
const thread = (page: Page) => page.getByRole('log');
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to/ });

/** The sidebar's unread count (0 when it shows none). */
async function sidebarUnread(page: Page): Promise<number> {
  const match = /(\d+) unread/.exec((await messagesLink(page).textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

test.describe('[MESSAGES] live conversation between the attorney and the client', () => {
  test('[MESSAGES] messages cross live on the case thread, with unread dot, sidebar count, Enter and Shift+Enter', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const attorney = await signedIn(browser, DEMO.attorney);
    const client = await signedIn(browser, DEMO.client);

    await client.goto('/messages');
    await expectScreen(client, 'Messages');
    await expect(client.getByRole('heading', { name: MESSAGES.noConversationSelected })).toBeVisible();
    await expect(client.getByText(MESSAGES.selectConversationHint)).toBeVisible();
    await caseThreadLink(client).click();
    await expect(client).toHaveURL(/\/messages\?conversation=[0-9a-f-]{36}$/);
    await expect(thread(client)).toBeVisible();
    const conversationUrl = new URL(client.url());

    await attorney.goto('/messages');
    await expectScreen(attorney, 'Messages');
    await expect(caseThreadLink(attorney)).toBeVisible();
    // Let the demo's unread messages settle: the attorney has not read the client's last ones.
    await expect(caseThreadLink(attorney)).toContainText('unread');
    const before = await sidebarUnread(attorney);
    expect(before).toBeGreaterThan(0);

    // The client writes; Shift+Enter is a new line, Enter sends; a blank text is ignored.
    await composer(client).fill('   ');
    await composer(client).press('Enter');
    await expect(composer(client)).toHaveValue('   ');
    await composer(client).fill('');
    const stamp = Date.now().toString(36);
    await composer(client).pressSequentially(`Is the mediation still on? ${stamp}`);
    await composer(client).press('Shift+Enter');
    await composer(client).pressSequentially('I can do Thursday.');
    await expect(composer(client)).toHaveValue(`Is the mediation still on? ${stamp}\nI can do Thursday.`);
    await composer(client).press('Enter');
    await expect(composer(client)).toHaveValue('');
    await expect(thread(client).getByText(`Is the mediation still on? ${stamp}`)).toBeVisible();

    // The attorney's list and sidebar follow without a reload.
    await expect(caseThreadLink(attorney)).toContainText(`Is the mediation still on? ${stamp}`);
    await expect(caseThreadLink(attorney)).toContainText('Just now');
    await expect.poll(() => sidebarUnread(attorney)).toBe(before + 1);

    // Opening it reads it: the dot and its share of the count go.
    await caseThreadLink(attorney).click();
    await expect(thread(attorney).getByText(`Is the mediation still on? ${stamp}`)).toBeVisible();
    await expect(caseThreadLink(attorney)).not.toContainText('unread');
    await expect.poll(() => sidebarUnread(attorney)).toBeLessThan(before + 1);
    expect(new URL(attorney.url()).search).toBe(conversationUrl.search);

    // The client sees the attorney has read it.
    await expect(thread(client).getByText(/Seen by .*Alex/)).toBeVisible();

    // The attorney answers; it reaches the client live.
    await composer(attorney).pressSequentially(`Yes, Thursday at 10. ${stamp}`);
    await composer(attorney).press('Enter');
    await expect(thread(client).getByText(`Yes, Thursday at 10. ${stamp}`)).toBeVisible();
    await expect(thread(attorney).getByText(`Yes, Thursday at 10. ${stamp}`)).toBeVisible();
    // Read while open: the client's count does not grow.
    await expect(caseThreadLink(client)).not.toContainText('unread');

    await saveScreenshot(client, 'messages-client-1440');
    await saveScreenshot(attorney, 'messages-attorney-1440');
    await attorney.context().close();
    await client.context().close();
  });

  test('[MESSAGES] a connection the server drops catches up when it comes back: nothing lost, nothing twice', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const attorney = await signedIn(browser, DEMO.attorney);
    // The client's live channel goes through this route, which plays the server going away and
    // refusing connections until it is back.
    const clientContext = await browser.newContext({ viewport: screenOf(1440) });
    let down = false;
    const open = new Set<WebSocketRoute>();
    await clientContext.routeWebSocket(/\/api\/live$/, async (socket) => {
      if (down) return socket.close({ code: 1013, reason: 'Try again later' });
      socket.connectToServer();
      open.add(socket);
    });
    const client = await clientContext.newPage();
    await signInViaApi(client, DEMO.client);
    await client.goto('/messages');
    await caseThreadLink(client).click();
    await expect(thread(client)).toBeVisible();
    await attorney.goto(new URL(client.url()).pathname + new URL(client.url()).search);
    await expect(thread(attorney)).toBeVisible();

    down = true;
    for (const socket of open) await socket.close({ code: 1012, reason: 'Service restart' });
    open.clear();
    const stamp = Date.now().toString(36);
    for (const text of [`While you were away ${stamp}`, `And one more ${stamp}`]) {
      await composer(attorney).fill(text);
      await composer(attorney).press('Enter');
      await expect(thread(attorney).getByText(text)).toBeVisible();
    }
    // Not delivered while the channel is down.
    await client.waitForTimeout(1_500);
    await expect(thread(client).getByText(`While you were away ${stamp}`)).toHaveCount(0);

    down = false;
    await expect(thread(client).getByText(`While you were away ${stamp}`)).toBeVisible({ timeout: 20_000 });
    await expect(thread(client).getByText(`And one more ${stamp}`)).toBeVisible();
    // Once each, in order, and the live channel works again.
    await expect(thread(client).getByText(`While you were away ${stamp}`)).toHaveCount(1);
    await expect(thread(client).getByText(`And one more ${stamp}`)).toHaveCount(1);
    await composer(attorney).fill(`Back live ${stamp}`);
    await composer(attorney).press('Enter');
    await expect(thread(client).getByText(`Back live ${stamp}`)).toBeVisible();
    await attorney.context().close();
    await clientContext.close();
  });
});

test.describe('[MESSAGES] accessibility', () => {
  for (const width of [1440, 375]) {
    test(`[MESSAGES] /messages at ${width} px, list and thread, has no WCAG 2 A/AA violations`, async ({
      browser,
    }) => {
      const page = await signedIn(browser, DEMO.client, width);
      await page.goto('/messages');
      await expectScreen(page, 'Messages');
      await expect(caseThreadLink(page)).toBeVisible();
      await expectNoAxeViolations(page, `/messages at ${width} px`);
      await expectNoSidewaysScroll(page, width, '/messages');

      await caseThreadLink(page).click();
      await expect(thread(page)).toBeVisible();
      await expect(composer(page)).toBeVisible();
      if (width < 1024) {
        await expect(conversations(page)).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Back to conversations' })).toBeVisible();
      }
      await expectNoAxeViolations(page, `/messages?conversation at ${width} px`);
      await expectNoSidewaysScroll(page, width, '/messages?conversation');
      await saveScreenshot(page, `messages-thread-${width}`);

      if (width < 1024) {
        await page.getByRole('link', { name: 'Back to conversations' }).click();
        await expect(conversations(page)).toBeVisible();
      }
      await page.context().close();
    });
  }
});
