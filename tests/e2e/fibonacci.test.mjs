// The board of k-multiple dynamic subtraction (Fibonacci Nim) in headless Chromium: the stones
// within the cap are buttons and the rest are not, the hint marks the Zeckendorf move, and the
// cap after a move is k times the take.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, moveAndWait, openPlayground, startGame } from './browser.mjs';

let browser;
let page;

before(async () => {
  browser = await openPlayground();
  page = browser.page;
});

after(async () => {
  await browser?.close();
});

/** The takes the board offers as buttons, largest first. */
const takes = () => page.locator('#play-board button.stone').evaluateAll((bs) => bs.map((b) => Number(b.dataset.move)));

test('Fibonacci Nim from 10: the hint takes the smallest Zeckendorf term, 2, and the cap becomes 4', async () => {
  await startGame(browser, 'fibonacci', '10');
  await page.waitForSelector('#play-board .stone');
  // The first move takes 1 to 9: nine buttons and one stone out of reach.
  assert.equal(await page.locator('#play-board .stone').count(), 10);
  assert.deepEqual(await takes(), [9, 8, 7, 6, 5, 4, 3, 2, 1]);
  assert.match(await page.textContent('#play-board .cap'), /takes 1 to 9; the next at most 2 × this take/);
  // 10 = 8 + 2: the winning take is 2, the last two stones.
  await page.click('#play-hint');
  await page.waitForFunction(() => document.querySelectorAll('#play-board .stone.hinted').length === 2);
  assert.match(await page.textContent('#play-message'), /take 2 \(10 -> 8; the next move takes at most 4\)/);
  await page.screenshot({ path: join(artifacts, 'fibonacci.png'), fullPage: true });
  await moveAndWait(page, () => page.click('#play-board button.stone[data-move="2"]'));
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: take 2 \(10 -> 8; the next move takes at most 4\)/);
  // The computer, in a lost position, took t ≤ 4 and left the human a cap of 2t.
  const [, t] = log[1].match(/^Computer: take (\d+)/);
  assert.ok(Number(t) >= 1 && Number(t) <= 4, log[1]);
  const left = 8 - Number(t);
  assert.equal(await page.locator('#play-board .stone').count(), left);
  assert.deepEqual(await takes(), [...Array(Math.min(2 * Number(t), left)).keys()].map((i) => Math.min(2 * Number(t), left) - i));
  assert.deepEqual(browser.pageErrors, []);
});

test('k = 3 from 12 with cap 4: the rule and the cap are shown, a take past the cap is no button', async () => {
  await startGame(browser, 'fibonacci', '12 4', { params: { k: '3' } });
  await page.waitForSelector('#play-board .stone');
  assert.deepEqual(await takes(), [4, 3, 2, 1]);
  assert.match(await page.textContent('#play-board .cap'), /takes 1 to 4; the next at most 3 × this take/);
  assert.match(await page.textContent('#play-board'), /12/);
  // Typed past the cap, the server refuses with the reason, and nobody moved.
  await page.fill('#move-input', '5');
  await page.click('#move-submit');
  await page.waitForFunction(() => /at most 4/.test(document.querySelector('#play-message').textContent));
  assert.equal(await page.locator('#play-log li').count(), 0);
  assert.deepEqual(browser.pageErrors, []);
});
