// Every-SG on the Play tab's piles board in headless Chromium: a stone clicked picks that pile's
// take, one move plays the picks of every pile, the hint marks a take in every pile, and the
// switch is offered only where positions are sums of piles.
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

/** Starts an Every-SG game of `game` (with `params`) from `position`, the human first. */
async function start(game, position, params = {}) {
  await startGame(browser, game, position, { params, every: true });
  await page.waitForSelector('#play-board .every-submit');
}

/** Clicks the stone of each `pile take` in `moves`, then the move button; waits for the answer. */
async function play(moves) {
  await moveAndWait(page, async () => {
    for (const move of moves) await page.click(`#play-board .stone[data-move="${move}"]`);
    await page.click('#play-board .every-submit');
  });
}

const status = () => page.textContent('#play-status');

test('a pick in one pile only is refused with the pile left out; taking every pile wins', async () => {
  await start('nim', '3 4');
  assert.match(await page.textContent('#play-notation'), /one move in every pile that can move/);
  // The move button waits for a pick; a pick marks the stones it takes, a second click drops it.
  assert.equal(await page.isDisabled('#play-board .every-submit'), true);
  await page.click('#play-board .stone[data-move="2 1"]');
  assert.equal(await page.locator('#play-board .stone.picked').count(), 1);
  await page.click('#play-board .stone[data-move="2 1"]');
  assert.equal(await page.locator('#play-board .stone.picked').count(), 0);
  await play(['1 3']);
  assert.match(await page.textContent('#play-message.error'), /pile 2 can move/);
  assert.equal(await page.locator('#play-log li').count(), 0);
  await play(['1 3', '2 4']);
  assert.match(await status(), /You win/);
  assert.match(await page.textContent('#play-log li'), /take 3 from pile 1 \(3 -> 0\); take 4 from pile 2 \(4 -> 0\)/);
});

test('following the hints of a subtraction game beats the computer, a move in every pile each turn', async () => {
  // {1,2}: 7 4 5 is a first-player win (counts 5, 3, 3: the largest is odd).
  await start('subtraction', '7 4 5', { set: '1,2' });
  for (let turn = 0; turn < 10 && !/win/.test(await status()); turn++) {
    await page.click('#play-hint');
    await page.waitForFunction(() => /Hint:/.test(document.querySelector('#play-message').textContent));
    // Each pile that can move has its hinted take marked.
    const hinted = await page.locator('#play-board .pile').evaluateAll((rows) => rows
      .map((row) => [Number(row.dataset.pile), row.querySelectorAll('.stone.hinted').length])
      .filter(([, n]) => n > 0));
    const piles = await page.locator('#play-board .pile .count').allTextContents();
    assert.deepEqual(hinted.map(([i]) => i), piles.flatMap((p, i) => (Number(p) > 0 ? [i] : [])));
    if (turn === 0) await page.screenshot({ path: join(artifacts, 'every-hint.png'), fullPage: true });
    await play(hinted.map(([i, n]) => `${i + 1} ${n}`));
    assert.doesNotMatch(await page.textContent('#play-message'), /can move/);
  }
  assert.match(await status(), /You win/);
  // Every entry of the log, the computer's too, takes from every pile left (under {1,2} every
  // pile that is not empty can move).
  const log = await page.locator('#play-log li').allTextContents();
  let piles = [7, 4, 5];
  for (const line of log) {
    const takes = line.match(/take \d+ from pile/g).length;
    assert.equal(takes, piles.filter((p) => p > 0).length, log.join('\n'));
    piles = line.split('⇒')[1].trim().split(/\s+/).map(Number);
  }
  assert.ok(log.length >= 3, log.join('\n'));
  assert.deepEqual(browser.pageErrors, []);
});

test('the switch is offered for sums of piles only, and misère play turns it off', async () => {
  await page.goto(`${browser.base}#play`);
  await page.waitForSelector('#play-game option[value="wythoff"]', { state: 'attached' });
  await page.selectOption('#play-game', 'wythoff');
  assert.equal(await page.isDisabled('#play-every'), true);
  await page.selectOption('#play-game', 'lasker');
  assert.equal(await page.isDisabled('#play-every'), false);
  await page.check('#play-every');
  await page.check('#play-misere');
  assert.equal(await page.isChecked('#play-every'), false);
  await page.check('#play-every');
  assert.equal(await page.isChecked('#play-misere'), false);
  // In Chinese the move button and its help are Chinese.
  await page.fill('#play-position', '2 3');
  await page.click('#play-start');
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('#play-board .every-submit')?.textContent === '每堆都走');
});
