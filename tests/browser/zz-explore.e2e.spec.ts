import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { describeInBrowser } from './support/browser-suite';
import { newContext } from './support/chromium';
import { addChild, daysBefore, logBottle, logSleep, newYorkInstant, registerParent, settle, signIn, todayIn } from './support/family';

describeInBrowser('explore', (suite) => {
  it('dumps insights', async () => {
    const { server, browser } = suite();
    const parent = await registerParent(server);
    const childId = await addChild(server, parent, 'Olive', daysBefore(todayIn(), 90));
    const t = todayIn();
    for (const [back, feeds] of [[3, [3, 3.5, 4]], [2, [4, 4, 4.5]], [1, [5, 5, 4.5]]] as const) {
      const d = daysBefore(t, back);
      for (const [i, oz] of feeds.entries()) await logBottle(server, parent, childId, newYorkInstant(d, ['08:00','12:00','16:00'][i]!), oz);
    }
    await logSleep(server, parent, childId, newYorkInstant(daysBefore(t, 3), '19:30'), 390);
    await logSleep(server, parent, childId, newYorkInstant(daysBefore(t, 2), '02:30'), 240);
    await logSleep(server, parent, childId, newYorkInstant(daysBefore(t, 2), '20:00'), 480);
    await settle(server);
    const context = await newContext(browser, server.url, 1280, 900);
    const page = await context.newPage();
    await signIn(page, parent.email, parent.password);
    await page.goto('/insights');
    await page.locator('.apexcharts-canvas').nth(1).waitFor();
    await page.waitForTimeout(1500);
    writeFileSync('/tmp/explore/insights.html', await page.content());
    await page.screenshot({ path: '/tmp/explore/insights.png', fullPage: true });
    const markers = page.locator('.apexcharts-canvas').first().locator('.apexcharts-marker');
    console.log('markers', await markers.count());
    const box = await markers.nth(4).boundingBox();
    console.log(box);
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.waitForTimeout(500);
    console.log(await page.locator('.apexcharts-tooltip').first().innerText());
    await context.close();
  });
});
