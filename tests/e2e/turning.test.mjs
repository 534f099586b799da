// The coin-turning board of the Play tab in headless Chromium: a move on a row and on a grid,
// chosen by clicking coins, and a hint marking a winning move's coins.
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

/** Starts a coin-turning game of `rule` from `position` as typed, the human first. */
async function start(rule, position) {
  await startGame(browser, 'turning', position, { params: { rule } });
  await page.waitForSelector('#play-board .turning .tcoin');
}

/** Clicks the coins at `places` (as the board numbers them), then Turn; waits for the answer. */
async function turn(places) {
  await moveAndWait(page, async () => {
    for (const p of places) await page.click(`#play-board .tcoin[data-place="${p}"]`);
    await page.click('#play-board .turn-submit');
  });
}

test('a row of Mock Turtles: the hint marks a winning move, and clicking its coins wins', async () => {
  // THHTH: heads at 1, 2 and 4 (places from 0), worth 2 ⊕ 4 ⊕ 8 = 14.
  await start('mock', 'THHTH');
  const faces = await page.locator('#play-board .tcoin').allTextContents();
  assert.deepEqual(faces, ['T', 'H', 'H', 'T', 'H']);
  await page.click('#play-hint');
  await page.waitForFunction(() => document.querySelectorAll('#play-board .tcoin.hinted').length === 3);
  assert.deepEqual(
    await page.locator('#play-board .tcoin.hinted').evaluateAll((cs) => cs.map((c) => c.dataset.place)),
    ['0', '3', '4'],
  );
  await page.screenshot({ path: join(artifacts, 'turning-row.png'), fullPage: true });
  // A tails coin last is refused with the reason, and nobody moved.
  await turn(['3']);
  assert.match(await page.textContent('#play-message'), /tails/);
  assert.equal(await page.locator('#play-log li').count(), 0);
  // Turning 1, 2 and 4 leaves every coin tails: the game is over and the human won.
  await turn(['1', '2', '4']);
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: turn the coins at 1, 2, 4/);
  assert.equal(await page.textContent('#play-status'), 'You win!');
  assert.deepEqual([...new Set(await page.locator('#play-board .tcoin').allTextContents())], ['T']);
});

test('a grid of Turning Corners: the four corners clicked make one move', async () => {
  // The heads coin at (1, 1) is worth 1 ⊗ 1 = 1; turning the square (0..1) × (0..1) leaves heads
  // only on the edges x = 0 and y = 0, where no move is left.
  await start('corners', 'TT/TH');
  assert.equal(await page.locator('#play-board .tcoin').count(), 4);
  await turn(['0,0', '1,0', '0,1', '1,1']);
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: turn the coins at \(0,0\), \(0,1\), \(1,0\), \(1,1\)/);
  assert.equal(await page.textContent('#play-status'), 'You win!');
  assert.deepEqual(await page.locator('#play-board .tcoin').allTextContents(), ['H', 'H', 'H', 'T']);
  await page.screenshot({ path: join(artifacts, 'turning-grid.png'), fullPage: true });
  assert.deepEqual(browser.pageErrors, []);
});
