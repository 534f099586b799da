// The Green Hackenbush board in headless Chromium: a click cuts an edge and what hangs from it
// falls (drawn falling, then gone), the computer answers with a winning cut, the hint marks one;
// screenshots at 1280 and 390 px. Run by ./scripts/test (node --test), started as `browser.mjs`
// says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, openPlayground } from './browser.mjs';

let base;
let page;
let pageErrors;
let close;

before(async () => {
  ({ base, page, pageErrors, close } = await openPlayground());
});

after(async () => {
  await close?.();
});

const live = () => page.locator('#play-board svg.hackenbush g.hb-cut').count();
const falling = () => page.locator('#play-board svg.hackenbush .hb-falling path').count();

/** Starts a game of Hackenbush from `drawing` (inline), the human first. */
async function newGame(drawing) {
  await page.goto(`${base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'hackenbush'));
  await page.selectOption('#play-game', 'hackenbush');
  await page.fill('#play-position', drawing);
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
  await page.waitForSelector('#play-board svg.hackenbush');
}

/** Clicks edge `n` (from 1) half way along its stroke, as a reader would (a straight edge's box
 * has no width, which Playwright's own click takes for hidden). */
async function cut(n) {
  const { x, y } = await page.evaluate((e) => {
    const path = document.querySelector(`#play-board g.hb-cut[data-edge="${e}"] path.hb-edge`);
    const p = path.getPointAtLength(path.getTotalLength() / 2);
    const m = path.getScreenCTM();
    return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
  }, n);
  await page.mouse.click(x, y);
}

/** Waits until the computer has answered and nothing is falling any more. */
async function settle(moves) {
  await page.waitForFunction((n) => document.querySelectorAll('#play-log li').length >= n, moves);
  await page.waitForFunction(() => !/thinking/.test(document.querySelector('#play-status').textContent));
  await page.waitForFunction(() => document.querySelectorAll('#play-board .hb-falling').length === 0);
}

test('a click cuts an edge, what hangs from it falls and is gone, the computer cuts to win', async () => {
  // A stalk of two edges (worth 2) and a stalk of two with a loop on top (1 + (1 + 1) = 3).
  await newGame('0-1,1-2,0-3,3-4,4-4');
  assert.equal(await live(), 5);
  // A loop draws as a closed path: it starts and ends at its vertex.
  const loop = await page.getAttribute('#play-board g.hb-cut[data-edge="5"] path.hb-edge', 'd');
  assert.match(loop, /^M (\S+) (\S+) C .* \1 \2$/);
  // Cut edge 1 (0-1): edge 2 (1-2) falls with it; both are drawn falling, then removed.
  await cut(1);
  await page.waitForFunction(() => document.querySelectorAll('#play-board .hb-falling path').length >= 2);
  assert.equal(await page.locator('#play-board .hb-falling path.cut').count() >= 1, true);
  await page.locator('#play-board').screenshot({ path: join(artifacts, 'hackenbush-falling.png') });
  await settle(2);
  assert.equal(await falling(), 0);
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: cut edge 1 \(0-1\); 1 more edge falls with it/);
  // Left 0-3,3-4,4-4, worth 3: the computer's one winning cut, 0-3 (now edge 1), drops it all.
  assert.match(log[1], /^Computer: cut edge 1 \(0-3\); 2 more edges fall with it/);
  assert.equal(await live(), 0);
  assert.equal(await page.textContent('#play-status'), 'The computer wins.');
  assert.deepEqual(pageErrors, []);
});

test('the hint marks a winning cut, and the position may be typed as numbers', async () => {
  await newGame('0 1 1 2 1 3');
  await page.click('#play-hint');
  await page.waitForFunction(() => /type “/.test(document.querySelector('#play-message').textContent));
  // 0-1 holding two leaves: value 1 + (1 XOR 1) = 1; the only winning cut is edge 1.
  assert.equal(await page.locator('#play-board g.hb-cut.hinted').count(), 1);
  assert.equal(await page.getAttribute('#play-board g.hb-cut.hinted', 'data-edge'), '1');
  // A keyboard cut: the edge is a button.
  await page.focus('#play-board g.hb-cut[data-edge="1"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /You win/.test(document.querySelector('#play-status').textContent));
  assert.deepEqual(pageErrors, []);
});

test('screenshots at 1280 and 390 px show the whole drawing', async () => {
  for (const [width, name] of [[1280, 'hackenbush.png'], [390, 'hackenbush-phone.png']]) {
    await page.setViewportSize({ width, height: 900 });
    // A triangle on the ground with a stalk, a cycle higher up, parallel edges and loops.
    await newGame('0-1,1-2,2-0,1-3,3-4,4-5,5-3,0-6,0-6,6-7,7-7,0-0,0-8');
    const box = await page.locator('#play-board svg.hackenbush').boundingBox();
    assert.ok(box.width <= width, `the drawing is ${box.width}px wide`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `the page is ${scroll}px wide`);
    assert.equal(await live(), 13);
    await page.click('#play-hint');
    await page.waitForFunction(() => /type “/.test(document.querySelector('#play-message').textContent));
    assert.equal(await page.locator('#play-board g.hb-cut.hinted').count(), 1);
    await page.screenshot({ path: join(artifacts, name), fullPage: true });
  }
  await page.setViewportSize({ width: 1000, height: 900 });
  assert.deepEqual(pageErrors, []);
});
