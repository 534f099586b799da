// The Cutting Game's board in headless Chromium: pieces drawn as sheets of squares whose grid
// lines are cut buttons, the hint marked on its line, and a game won by clicking the hints; and
// E&D on the piles board, where a stone clicked splits its pile there.
// Run alone with `GRUNDY_BIN=… node --test tests/e2e/cutting.test.mjs` (see ./scripts/test).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, moveAndWait, openPlayground } from './browser.mjs';

let playground;
let page;

before(async () => {
  playground = await openPlayground();
  page = playground.page;
});

after(async () => {
  await playground?.close();
});

/** A new game of the Cutting Game from `pieces`, typed WxH, the human moving first. */
async function start(pieces) {
  await page.goto(`${playground.base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'cutting'));
  await page.selectOption('#play-game', 'cutting');
  await page.fill('#play-position', pieces);
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
}

test('pieces are drawn as squares with a cut button on every grid line', async () => {
  await start('4x2 3x3');
  await page.waitForFunction(() => document.querySelectorAll('#play-board .sheet').length === 2);
  assert.equal(await page.locator('#play-board .square').count(), 4 * 2 + 3 * 3);
  // 4×2: three lines across the width, one across the height; 3×3: two and two.
  const moves = await page.locator('#play-board .cut').evaluateAll((b) => b.map((e) => e.dataset.move));
  assert.deepEqual(moves, ['1 1x2', '1 2x2', '1 3x2', '1 4x1', '2 1x3', '2 2x3', '2 3x1', '2 3x2']);
  assert.deepEqual(
    await page.locator('#play-board .piece .count').allTextContents(),
    ['piece 1: 4×2', 'piece 2: 3×3'],
  );
  await page.screenshot({ path: join(artifacts, 'cutting.png'), fullPage: true });
});

test('clicking the hinted line wins against the computer', async () => {
  await start('4x2 3x3');
  for (let turn = 0; turn < 30; turn++) {
    await page.waitForFunction(() => !document.querySelector('#play-status').textContent.includes('thinking'));
    const status = await page.textContent('#play-status');
    if (/win/.test(status)) {
      assert.equal(status, 'You win!');
      const log = await page.locator('#play-log li').allTextContents();
      assert.match(log[0], /^You: cut piece 1 \(4×2\) into 2×2 and 2×2/);
      assert.match(log[log.length - 1], /^You: cut piece \d+ \(\d+×\d+\) into 1×1 and /);
      return;
    }
    await moveAndWait(page, async () => {
      await page.click('#play-hint');
      await page.waitForSelector('#play-board .cut.hinted');
      assert.equal(await page.locator('#play-board .cut.hinted').count(), 1);
      await page.click('#play-board .cut.hinted');
    });
  }
  throw new Error('the game did not end');
});

test('Random deals pieces WxH, and they are drawn', async () => {
  // Random sides are 2 to 8: the board of 9x9 is replaced.
  await start('9x9');
  await page.waitForSelector('#play-board .sheet');
  await page.click('#play-random');
  const typed = await page.inputValue('#play-position');
  assert.match(typed, /^\d+x\d+( \d+x\d+)?$/);
  const expected = typed.split(' ').map((p, i) => `piece ${i + 1}: ${p.replace('x', '×')}`);
  await page.waitForFunction(
    (e) => JSON.stringify([...document.querySelectorAll('#play-board .piece .count')].map((c) => c.textContent)) === e,
    JSON.stringify(expected),
  );
});

test('E&D is played on the piles board: a stone clicked splits its pile', async () => {
  await page.goto(`${playground.base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'ed'));
  await page.selectOption('#play-game', 'ed');
  await page.fill('#play-position', '5 6 7 3');
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
  // The first stone would leave nothing beside it: refused, in one line.
  await page.click('#play-board .row.pile[data-pile="0"] .stone[data-move="1 5"]');
  await page.waitForFunction(() => /pile 1 has 5 stones/.test(document.querySelector('#play-message').textContent));
  await page.click('#play-board .row.pile[data-pile="0"] .stone[data-move="1 4"]');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length >= 1);
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: in group 1, remove the pile of 6 and split 5 into 1 and 4 {2}⇒ {2}\(1, 4\) \(7, 3\)$/);
});

test('a bad cut typed is refused in one line, and no script error on the page', async () => {
  await start('4x2');
  await page.waitForSelector('#play-board .sheet');
  await page.fill('#move-input', '1 3x1');
  await page.click('#move-submit');
  await page.waitForFunction(() => /is not one move away/.test(document.querySelector('#play-message').textContent));
  assert.deepEqual(playground.pageErrors, []);
});
