// The Play tab's boards in headless Chromium, one module `/js/boards/NAME.js` per board name of
// `GET /api/games`: every name the game list gives is served as a script, and a game of a
// ruleset of each is drawn on its board; a name that is not a board's shows the position as
// numbers. Run by ./scripts/test (node --test), started as `browser.mjs` says; alone with
// `GRUNDY_BIN=… node --test tests/e2e/boards.test.mjs`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPlayground } from './browser.mjs';

let browser;
let page;
/** The game list, as `GET /api/games` gives it. */
let catalog;

/** A position to type for the boards that read their own (the rest get numbers, `3 4 5`). */
const TYPED = { coins: '2 5 9', fibonacci: '10', hackenbush: '0-1,1-2,2-0', pieces: '4x2 3x3', turning: 'THHTH' };

before(async () => {
  browser = await openPlayground();
  page = browser.page;
  catalog = await (await fetch(`${browser.base}api/games`)).json();
});

after(async () => {
  await browser?.close();
});

/** Each board name of the game list, with the first ruleset played on it. */
function boards() {
  const first = new Map();
  for (const g of catalog.games) if (!first.has(g.board)) first.set(g.board, g);
  return [...first];
}

/** Whether `#play-board` holds more than a settings line and the position as a line of text. */
const drawn = () => [...document.querySelector('#play-board').children]
  .some((e) => !e.matches('p.settings, p.position'));

/**
 * Starts a game of `game` on the Play tab, the human first, from `position` (unless the ruleset
 * has no position field: a script game starts from the example in its editor), once the board
 * drawn before is cleared away, so that what is drawn next is this game's.
 */
async function start(game, position) {
  await page.selectOption('#play-game', game);
  if (await page.isVisible('#play-position')) await page.fill('#play-position', position);
  await page.selectOption('#play-first', 'me');
  await page.evaluate(() => document.querySelector('#play-board').replaceChildren());
  await page.click('#play-start');
}

/** The Play tab, loaded afresh (the same address again would only scroll to its `#play`), with
 * nothing of it left to draw or fetch. */
async function openPlay() {
  await page.goto('about:blank');
  await page.goto(`${browser.base}?lang=en#play`, { waitUntil: 'networkidle' });
}

test('every board name of the game list is served as a script of /js/boards/', async () => {
  const names = boards().map(([name]) => name);
  assert.ok(names.length > 1, `board names: ${names}`);
  for (const name of names) {
    const r = await fetch(`${browser.base}js/boards/${name}.js`);
    assert.equal(r.status, 200, name);
    assert.match(r.headers.get('content-type'), /^text\/javascript\b/, name);
    assert.match(await r.text(), /^export function draw\(/m, `${name}.js exports draw`);
  }
});

test('a game of a ruleset of each board is drawn on that board', async () => {
  await openPlay();
  for (const [name, info] of boards()) {
    await start(info.game, TYPED[name] ?? '3 4 5');
    await page.waitForFunction(drawn, null, { timeout: 5000 }).catch(async () => {
      const html = await page.innerHTML('#play-board');
      assert.fail(`${info.game} (board ${name}) drew no board: ${html}`);
    });
    // The drawing is this game's: the move field shows its notation.
    assert.equal(await page.getAttribute('#move-input', 'placeholder'), info.notation.example, info.game);
  }
  assert.deepEqual(browser.pageErrors, []);
});

test('a board name that is not a board\'s shows the position as numbers, without a script error', async () => {
  const ruleset = catalog.games.find((g) => g.game === 'nim');
  const changed = catalog.games.map((g) => (g === ruleset ? { ...g, board: 'no_such_board' } : g));
  await page.route('**/api/games', (route) => route.fulfill({ json: { ...catalog, games: changed } }));
  const asked = [];
  const seen = (r) => { if (r.url().includes('/js/boards/')) asked.push([new URL(r.url()).pathname, r.status()]); };
  page.on('response', seen);
  try {
    await openPlay();
    await start(ruleset.game, '2 7');
    await page.waitForFunction(() => document.querySelector('#play-board .position')?.textContent === '2 7');
    assert.equal(await page.evaluate(drawn), false, await page.innerHTML('#play-board'));
    assert.equal(await page.getAttribute('#move-input', 'placeholder'), ruleset.notation.example);
    // The page did look for the board, once, and went on without it.
    assert.deepEqual(asked.filter(([path]) => path.endsWith('/no_such_board.js')), [['/js/boards/no_such_board.js', 404]]);
    // The position typed is still played: a move typed is answered.
    await page.fill('#move-input', '1 2');
    await page.click('#move-submit');
    await page.waitForFunction(() => document.querySelectorAll('#play-log li').length >= 1);
    assert.match((await page.locator('#play-log li').allTextContents())[0], /^You: /);
    assert.deepEqual(browser.pageErrors, []);
  } finally {
    page.off('response', seen);
    await page.unroute('**/api/games');
  }
});
