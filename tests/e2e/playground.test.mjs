// The playground in headless Chromium: the Nim board, a whole game, the language switch.
// Run by ./scripts/test (node --test); started as `browser.mjs` says. Screenshots are kept in
// tests/e2e/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, moveAndWait, openPlayground } from './browser.mjs';

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

async function analyse(piles, misere = false) {
  await page.fill('#nim-piles', piles);
  await page.setChecked('#nim-misere', misere);
  await page.click('#nim-analyze');
  // The board is busy until every answer asked for is in (the page analyses its default
  // position when it loads: that answer must not land after this one's steps were taken).
  await page.waitForSelector('#nim-board:not([aria-busy])', { state: 'attached' });
  await page.waitForFunction(
    (p) => document.querySelectorAll('#nim-board .row.pile').length === p.split(' ').length,
    piles,
  );
}

test('the Nim board steps through the proof for 3 4 5', async () => {
  await page.goto(base);
  await analyse('3 4 5');
  assert.equal(await page.textContent('#step-counter'), 'step 1 / 7');
  // The running XOR fills pile by pile: 3, then 7, then 2.
  const history = [];
  for (let i = 0; i < 3; i++) {
    await page.click('#step-next');
    history.push(await page.textContent('#xor-history'));
  }
  assert.deepEqual(history, ['3', '3 → 7', '3 → 7 → 2']);
  // Keys step too: the total, then the highest bit (pile 1 framed yellow), then the move.
  await page.focus('#nim-board');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('#step-counter'), 'step 5 / 7');
  assert.match(await page.textContent('#answer-bar'), /First player wins/);
  assert.match(await page.getAttribute('#answer-bar', 'class'), /\bwin\b/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('.row.pile[data-pile="0"]', 'class'), 'row pile yellow');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('.row.pile[data-pile="0"]', 'class'), 'row pile green');
  const panel = await page.textContent('#nim-panel');
  assert.match(panel, /highest set bit of x: bit 1/);
  assert.match(panel, /pile 1: 3 → 3 XOR 2 = 1, take 2/);
  assert.match(await page.textContent('#nim-caption'), /Take 2 stones from pile 1/);
});

test('a lost position shows the red bar and the mirror strategy', async () => {
  await analyse('1 2 3');
  await page.click('#step-last');
  assert.match(await page.textContent('#answer-bar'), /First player loses/);
  assert.match(await page.getAttribute('#answer-bar', 'class'), /\blose\b/);
  assert.match(await page.textContent('#nim-panel'), /Mirror strategy/);
  // Misère: 1 1 1 is lost too, 1 1 won.
  await analyse('1 1', true);
  await page.click('#step-last');
  assert.match(await page.textContent('#answer-bar'), /First player wins/);
});

/** Plays one game in the Play tab; `choose` picks the human's move. Returns the final status. */
async function playGame(position, choose) {
  await page.click('#tab-play');
  await page.fill('#play-position', position);
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
  for (let turn = 0; turn < 40; turn++) {
    await page.waitForFunction(() => !document.querySelector('#play-status').textContent.includes('thinking'));
    const status = await page.textContent('#play-status');
    if (/win/.test(status)) return status;
    await choose();
  }
  throw new Error('the game did not end');
}

/** Asks the Play tab for a hint and types the move it suggests. */
async function followHint() {
  await moveAndWait(page, async () => {
    await page.click('#play-hint');
    await page.waitForFunction(() => /type “/.test(document.querySelector('#play-message').textContent));
    const move = /type “([^”]+)”/.exec(await page.textContent('#play-message'))[1];
    await page.fill('#move-input', move);
    await page.click('#move-submit');
  });
}

test('following the hints beats the computer', async () => {
  await page.goto(base);
  const status = await playGame('3 4 5', followHint);
  assert.equal(status, 'You win!');
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: take 2 from pile 1/);
  assert.equal(log.length % 2, 1, 'the human made the last move');
});

test('from a lost position the computer wins, and undo and bad moves work', async () => {
  await page.click('#tab-play');
  await page.fill('#play-position', '1 2 3');
  await page.click('#play-start');
  await page.fill('#move-input', '9 1');
  await page.click('#move-submit');
  await page.waitForFunction(() => /no pile 9/.test(document.querySelector('#play-message').textContent));
  await page.click('#play-hint');
  await page.waitForFunction(() => /lost position/.test(document.querySelector('#play-message').textContent));
  // Click the last stone of pile 3, then undo it.
  await page.click('button.stone[data-move="3 1"]');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length === 2);
  await page.click('#play-undo');
  assert.equal(await page.locator('#play-log li').count(), 0);
  const status = await playGame('1 2 3', () => moveAndWait(page, () => page.locator('#play-board button.stone').first().click()));
  assert.equal(status, 'The computer wins.');
});

test('the language switch turns the page and the proof into Chinese', async () => {
  await page.goto(base);
  await analyse('3 4 5');
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.textContent('#tab-nim'), 'Nim 棋盘');
  await page.click('#step-last');
  await page.waitForFunction(() => /先手必胜/.test(document.querySelector('#answer-bar').textContent));
  assert.match(await page.textContent('#nim-caption'), /异或/);
  assert.match(await page.textContent('#nim-panel'), /第 1 堆：3 → 3 异或 2 = 1/);
  await page.screenshot({ path: join(artifacts, 'playground-zh.png'), fullPage: true });
  await page.click('#lang-switch');
  await page.waitForFunction(() => /First player wins/.test(document.querySelector('#answer-bar').textContent));
  await page.screenshot({ path: join(artifacts, 'playground.png'), fullPage: true });
});

test('a phone-sized screen shows the board and the game', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(base);
  await analyse('3 4 5');
  await page.click('#step-last');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide`);
  await page.screenshot({ path: join(artifacts, 'playground-phone.png'), fullPage: true });
  await page.click('#tab-play');
  await page.screenshot({ path: join(artifacts, 'playground-phone-play.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
});

/** The count shown on step `s` (from 1) of the staircase view. */
const stepCount = (s) => page.textContent(`#sc-board .step[data-step="${s}"] .count`);

async function newStairGame(position, game = 'staircase') {
  await page.check(`input[name=sc-game][value=${game}]`);
  await page.fill('#sc-position', position);
  // Clear the counter first: the previous game may show "step 1 /" too, and the wait must see
  // the new game's first frame.
  await page.evaluate(() => { document.querySelector('#sc-step-counter').textContent = ''; });
  await page.click('#sc-start');
  await page.waitForFunction(() => /step 1 \//.test(document.querySelector('#sc-step-counter').textContent));
}

test('the staircase view cancels a move from an even step, and plays on the board', async () => {
  await page.goto(`${base}#staircase`);
  await newStairGame('3 4 2 5 3');
  // Odd steps 1, 3, 5 (3, 2, 3) XOR to 2; step 2 holds 4 stones that do not count.
  assert.match(await page.textContent('#sc-panel'), /odd steps 3 ⊕ 2 ⊕ 3 = 2/);
  assert.match(await page.textContent('#sc-answer'), /First player wins/);
  assert.match(await page.getAttribute('#sc-board .step[data-step="1"]', 'class'), /\bodd\b/);
  assert.match(await page.getAttribute('#sc-board .step[data-step="2"]', 'class'), /\beven\b/);
  await page.click('#sc-step-next');
  assert.match(await page.textContent('#sc-caption'), /Only the odd steps count/);
  assert.match(await page.getAttribute('#sc-board .step[data-step="2"]', 'class'), /\byellow\b/);
  // The opponent brings step 2's four stones onto step 1 …
  await page.click('#sc-step-next');
  assert.match(await page.textContent('#sc-caption'), /carries 4 stone\(s\) from step 2, an even step, down onto step 1/);
  assert.deepEqual([await stepCount(1), await stepCount(2)], ['7', '0']);
  assert.match(await page.textContent('#sc-panel'), /odd steps now: 7, 2, 3/);
  // … and the reply carries the same four on to the ground: the odd steps are as before.
  await page.click('#sc-step-next');
  assert.match(await page.textContent('#sc-caption'), /carry the same 4 stone\(s\) on down to the ground/);
  assert.deepEqual([await stepCount(1), await stepCount(2)], ['3', '0']);
  assert.equal(await page.textContent('#sc-board .step.ground .landed'), '+4');
  assert.match(await page.textContent('#sc-panel'), /odd steps 3 ⊕ 2 ⊕ 3 = 2/);
  assert.match(await page.textContent('#sc-panel'), /odd steps now: 3, 2, 3/);
  // The winning move: odd step 1 from 3 to 1.
  await page.keyboard.press('End');
  assert.match(await page.textContent('#sc-caption'), /Odd step 1 has a = 3, and a XOR x = 1 < a/);
  assert.equal(await stepCount(1), '3 → 1');
  await page.screenshot({ path: join(artifacts, 'staircase.png'), fullPage: true });

  // Play on the board, following the hints, until the game is won.
  await page.keyboard.press('Home');
  for (let turn = 0; turn < 30; turn++) {
    const status = await page.textContent('#sc-status');
    if (/win/.test(status)) break;
    const before = await page.locator('#sc-log li').count();
    await page.click('#sc-hint');
    await page.waitForFunction(() => /type “/.test(document.querySelector('#sc-message').textContent));
    const move = /type “([^”]+)”/.exec(await page.textContent('#sc-message'))[1];
    if (turn === 0) {
      assert.equal(move, '1 2');
      // The hinted stones glow; clicking the lower one carries it and those above it.
      assert.equal(await page.locator('#sc-board .stone.hinted').count(), 2);
      await page.click('#sc-board button.stone[data-move="1 2"]');
    } else {
      await page.fill('#sc-move-input', move);
      await page.click('#sc-move-submit');
    }
    await page.waitForFunction((n) => document.querySelectorAll('#sc-log li').length >= n + 2
      || /win/.test(document.querySelector('#sc-status').textContent), before);
    await page.waitForFunction(() => !/thinking/.test(document.querySelector('#sc-status').textContent));
  }
  assert.equal(await page.textContent('#sc-status'), 'You win!');
  const log = await page.locator('#sc-log li').allTextContents();
  assert.match(log[0], /^You: move 2 from step 1 to the ground {2}⇒ {2}1 4 2 5 3$/);
  assert.equal(log.length % 2, 1, 'the human made the last move');
});

test('coins on a strip are read as the staircase of their gaps', async () => {
  await page.goto(`${base}#staircase`);
  await newStairGame('2 5 9 11', 'coins');
  assert.equal(await page.isHidden('#sc-strip'), false);
  assert.equal(await page.locator('#sc-strip .coin').count(), 4);
  assert.match(await page.textContent('#sc-caption'), /Sort the coins: 2, 5, 9, 11/);
  // Gaps 1, 2, 3, 1 from the left: step 1 is the gap before the rightmost coin.
  assert.deepEqual([await stepCount(1), await stepCount(2), await stepCount(3), await stepCount(4)], ['1', '3', '2', '1']);
  // A bad slide gets its one-line reason; a free cell is a button for the coin on its right.
  await page.fill('#sc-move-input', '2 1');
  await page.click('#sc-move-submit');
  await page.waitForFunction(() => /coin 2 cannot reach cell 1: coin 1 is on cell 2/.test(document.querySelector('#sc-message').textContent));
  await page.click('#sc-strip button[data-move="4 10"]');
  await page.waitForFunction(() => document.querySelectorAll('#sc-log li').length === 2);
  assert.match(await page.textContent('#sc-log li'), /slide coin 4 from cell 11 to cell 10/);
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide`);
  await page.screenshot({ path: join(artifacts, 'staircase-coins-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
  // A strip too long to draw is shown as numbers; the game goes on by typed moves.
  await newStairGame('3 9000', 'coins');
  assert.match(await page.textContent('#sc-strip'), /3 9000 {2}\(too large to draw: type your moves\)/);
  await page.fill('#sc-move-input', '2 5');
  await page.click('#sc-move-submit');
  await page.waitForFunction(() => document.querySelectorAll('#sc-log li').length === 2);
});

async function stoneRow(piles) {
  await page.fill('#st-piles', piles);
  await page.click('#st-analyze');
  await page.waitForFunction((n) => document.querySelectorAll('#st-board .chip').length === n
    && /step 1 \//.test(document.querySelector('#st-step-counter').textContent), piles.split(' ').length);
}

test('the stone game colours the piles by parity and plays the locked class against greed', async () => {
  await page.goto(`${base}#stones`);
  await stoneRow('3 9 1 2 7 4');
  const classes = await page.locator('#st-board .chip').evaluateAll((cs) => cs.map((c) => (c.classList.contains('odd') ? 'odd' : 'even')));
  assert.deepEqual(classes, ['odd', 'even', 'odd', 'even', 'odd', 'even']);
  assert.match(await page.textContent('#st-legend'), /odd-numbered piles \(1, 3, 5, …\) = 11/);
  assert.match(await page.textContent('#st-legend'), /even-numbered piles \(2, 4, 6, …\) = 15/);
  assert.match(await page.textContent('#st-panel'), /takes the right end and from then on always an end of the even-numbered piles/);
  assert.equal(await page.locator('#st-board .chip.locked').count(), 3);
  // The first move takes the right end, pile 6: an even-numbered pile.
  await page.click('#st-step-next');
  assert.match(await page.textContent('#st-caption'), /The first player takes the right pile \(pile 6: 4 stones\)/);
  await page.focus('#st-board');
  await page.keyboard.press('End');
  assert.equal(await page.textContent('#st-step-counter'), 'step 7 / 7');
  assert.equal(await page.textContent('#st-verdict'), 'Final score 15 to 11: the first player wins.');
  assert.deepEqual(await page.locator('#st-scores .total').allTextContents(), ['15', '11']);
  // Every pile the first player took is even-numbered; the greedy opponent got the others.
  assert.equal(await page.locator('.tray.first .chip.odd').count(), 0);
  assert.equal(await page.locator('.tray.second .chip.even').count(), 0);
  assert.equal(await page.isHidden('#st-table'), true);
  await page.screenshot({ path: join(artifacts, 'stones.png'), fullPage: true });

  // An odd row: no class to lock; the interval DP table, and the second player wins.
  await stoneRow('1 5 2 8 3');
  assert.match(await page.textContent('#st-panel'), /5 piles is an odd number/);
  assert.equal(await page.isHidden('#st-table'), false);
  assert.equal(await page.textContent('#st-table td.answer-cell'), '-7');
  await page.click('#st-step-last');
  assert.match(await page.textContent('#st-verdict'), /: the second player wins\.$/);
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide`);
  await page.screenshot({ path: join(artifacts, 'stones-odd-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('the staircase and stone views switch to Chinese', async () => {
  await page.goto(`${base}#staircase`);
  await newStairGame('3 4 2 5 3');
  await page.click('#sc-step-next');
  await page.click('#sc-step-next');
  await page.click('#tab-stones');
  await stoneRow('3 9 1 2 7 4');
  await page.click('#st-step-last');
  await page.click('#lang-switch');
  await page.waitForFunction(() => /最终比分 15 比 11/.test(document.querySelector('#st-verdict').textContent));
  assert.equal(await page.textContent('#tab-stones'), '石子游戏（两端取）');
  assert.match(await page.textContent('#st-legend'), /偶数号堆/);
  assert.match(await page.textContent('#st-caption'), /贪心的对手取左端一堆/);
  await page.screenshot({ path: join(artifacts, 'stones-zh.png'), fullPage: true });
  // The staircase view keeps its frame: the opponent's move from even step 2.
  await page.click('#tab-staircase');
  await page.waitForFunction(() => /假设对手把第 2 级（偶数级）的 4 个石子搬到第 1 级/.test(document.querySelector('#sc-caption').textContent));
  assert.equal(await page.textContent('#sc-step-counter'), '第 3 / 5 步');
  assert.match(await page.textContent('#sc-panel'), /现在奇数级为：7、2、3/);
  assert.match(await page.textContent('#sc-notation'), /走法写作「台阶号 数量」/);
  await page.screenshot({ path: join(artifacts, 'staircase-zh.png'), fullPage: true });
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
});

test('the Play tab takes the cap of Nim with a shrinking cap, and the cap travels with the game', async () => {
  await page.goto(`${base}#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'nonincreasing' && !o.disabled));
  await page.selectOption('#play-game', 'nonincreasing');
  await page.fill('#play-position', '3 4 5');
  await page.fill('#play-params input[name=k]', '2');
  await page.click('#play-start');
  await page.waitForFunction(() => /k = 2/.test(document.querySelector('#play-board .settings')?.textContent));
  // Taking 3 is over the cap: the server refuses that stone with the reason, and nobody moved.
  await page.click('#play-board button[data-move="1 3"]');
  await page.waitForFunction(() => /at most 2/.test(document.querySelector('#play-message.error')?.textContent));
  assert.equal(await page.locator('#play-log li').count(), 0);
  await page.click('#play-board button[data-move="3 1"]');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length === 2);
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /take 1 from pile 3 \(5 -> 4\) {2}⇒ {2}3 4 4 \(k = 1\)$/);
  assert.match(await page.textContent('#play-board .settings'), /k = 1/);
});

test('the values explorer computes Kayles to 200 and shows its proved period 12', async () => {
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.goto(`${base}?lang=en`);
  // Keyboard: from the first tab, End reaches the Values explorer.
  await page.focus('#tab-nim');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#tab-values', 'aria-selected'), 'true');
  await page.fill('#va-game', '0.77');
  await page.fill('#va-upto', '200');
  await page.click('#va-compute');
  await page.waitForFunction(() => document.querySelector('#va-table tr:last-child th')?.textContent !== undefined
    && document.querySelectorAll('#va-table td').length === 201);
  const summary = await page.textContent('#va-summary');
  assert.match(summary, /period 12 from n = 71: proved/);
  assert.equal(await page.getAttribute('#va-summary', 'data-period'), '12');
  assert.equal(await page.getAttribute('#va-summary', 'data-preperiod'), '71');
  // The plot: one dot per value, the periodic part shaded in bands of 12.
  assert.equal(await page.locator('#va-plot circle').count(), 201);
  assert.equal(await page.locator('#va-plot rect.band').count(), Math.ceil((201 - 71) / 12));
  // The table's rows are a period wide (24 = 2 × 12), the periodic part marked from n = 71.
  assert.match(await page.getAttribute('#va-table td.start', 'title'), /^G\(71\) = /);
  // Kayles has one P-position, the empty row (the first player wins any other by symmetry).
  assert.match(await page.textContent('#va-ppos'), /^1 of the 201 positions .*from n = 71 on: none/);
  await page.screenshot({ path: join(artifacts, 'values.png'), fullPage: true });

  // Thousands of values are drawn as one envelope path, not one dot each.
  await page.fill('#va-upto', '20000');
  await page.click('#va-compute');
  await page.waitForSelector('#va-plot path.envelope');
  assert.equal(await page.locator('#va-plot circle').count(), 0);
  // A bad code is named, and the page keeps the last result.
  await page.fill('#va-game', '0.7x');
  await page.click('#va-compute');
  await page.waitForFunction(() => document.querySelector('#va-error').textContent !== '');
  assert.match(await page.textContent('#va-error'), /'x' at column 4/);
  // Dawson’s Kayles (0.07): period 34 from 53, whose P-positions are residues mod 34.
  await page.fill('#va-game', '0.07');
  await page.fill('#va-upto', '400');
  await page.click('#va-compute');
  await page.waitForFunction(() => document.querySelector('#va-summary').textContent.startsWith('0.07'));
  assert.match(await page.textContent('#va-summary'), /period 34 from n = 53: proved/);
  assert.match(await page.textContent('#va-ppos'), /from n = 53 on: exactly the n with n mod 34 in \{/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.fill('#va-game', 'grundy');
  await page.fill('#va-upto', '300');
  await page.click('#va-compute');
  await page.waitForFunction(() => document.querySelector('#va-summary').textContent.startsWith('grundy'));
  await page.click('#lang-switch');
  assert.match(await page.textContent('#va-summary'), /未证明|周期/);
  await page.screenshot({ path: join(artifacts, 'values-zh-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('the Play tab plays Wythoff\'s game, taking from both piles as the hint says', async () => {
  await page.goto(`${base}#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'wythoff' && !o.disabled));
  await page.selectOption('#play-game', 'wythoff');
  // Three piles are refused with the reason.
  await page.fill('#play-position', '1 2 3');
  await page.click('#play-start');
  await page.fill('#move-input', '1 1');
  await page.click('#move-submit');
  await page.waitForFunction(() => /exactly two piles/.test(document.querySelector('#play-message').textContent));
  assert.match(await page.textContent('#play-notation'), /A move is PILE COUNT or both COUNT/);
  const status = await playGame('4 6', followHint);
  assert.equal(status, 'You win!');
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: take 1 from both piles \(4, 6 -> 3, 5\) {2}⇒ {2}3 5$/);
  assert.equal(log.length % 2, 1, 'the human made the last move');
  await page.screenshot({ path: join(artifacts, 'play-wythoff.png'), fullPage: true });
});

test('the Play tab plays a script game written in the editor, and shows a script error with its line', async () => {
  await page.goto(`${base}#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'script'));
  await page.selectOption('#play-game', 'script');
  assert.equal(await page.isVisible('#script-source'), true);
  assert.equal(await page.isHidden('#play-position'), true);
  // The first example is in the editor: take 1, 2 or 4.
  assert.match(await page.inputValue('#script-source'), /fn moves\(\) \{ \[1, 2, 4\] \}/);
  // A syntax error is shown with its line and column, and there is no game.
  await page.fill('#script-source', 'fn options(n) {\n  [n - 1,, ]\n}');
  await page.fill('#script-state', '5');
  await page.click('#play-start');
  await page.waitForFunction(() => /^line 2, column \d+: syntax error/.test(document.querySelector('#script-error').textContent));
  assert.equal(await page.isDisabled('#move-submit'), true);
  // A state that is not an expression.
  await page.selectOption('#script-example', 'queen');
  await page.selectOption('#script-example', 'take-1-2-4');
  await page.fill('#script-state', '[1, ');
  await page.press('#script-state', 'Enter');
  await page.waitForFunction(() => /^bad state '\[1, '/.test(document.querySelector('#script-error').textContent));
  // From 11 (11 mod 3 = 2, a win): a click on an option (by the keyboard), then undo.
  await page.fill('#script-state', '11');
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
  await page.waitForFunction(() => document.querySelector('#play-board .script-state')?.textContent === '11');
  assert.equal(await page.textContent('#script-error'), '');
  assert.deepEqual(await page.locator('#play-board button.option').allTextContents(), ['10', '9', '7']);
  await page.focus('#play-board button.option[data-move="10"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length === 2);
  await page.click('#play-undo');
  await page.waitForFunction(() => document.querySelector('#play-board .script-state')?.textContent === '11');
  assert.equal(await page.locator('#play-log li').count(), 0);
  // Following the hints wins.
  for (let turn = 0; turn < 40; turn++) {
    await page.waitForFunction(() => !/thinking/.test(document.querySelector('#play-status').textContent));
    if (/win/.test(await page.textContent('#play-status'))) break;
    await followHint();
  }
  assert.equal(await page.textContent('#play-status'), 'You win!');
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: move to 9$/);
  assert.match(log[log.length - 1], /^You: move to 0$/);
  await page.screenshot({ path: join(artifacts, 'play-script.png'), fullPage: true });
  // Random: a state of the script's fn start() (0..=12), written into the start field and played.
  await page.click('#play-random');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length === 0
    && document.querySelector('#play-board .script-state')?.textContent === document.querySelector('#script-state').value);
  const drawn = Number(await page.inputValue('#script-state'));
  assert.ok(Number.isInteger(drawn) && drawn >= 0 && drawn <= 12, `random start ${drawn}`);
  // Maps as states, in Chinese, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await page.textContent('#play-script'), /规则（Rhai 脚本）/);
  await page.selectOption('#script-example', 'shrinking-cap-nim');
  await page.click('#play-start');
  await page.waitForFunction(() => document.querySelector('#play-board .script-state')?.textContent === '#{cap: 2, piles: [3, 5]}');
  await page.click('#play-board button.option[data-move="#{cap: 1, piles: [3, 4]}"]');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length === 2);
  assert.match((await page.locator('#play-log li').allTextContents())[0], /^你: 走到 #\{cap: 1, piles: \[3, 4\]\}/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide`);
  await page.screenshot({ path: join(artifacts, 'play-script-zh-phone.png'), fullPage: true });
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('Kayles and its relatives are played with their code, breaks typed as piles', async () => {
  await page.goto(base);
  await page.click('#tab-play');
  await page.selectOption('#play-game', 'octal');
  await page.fill('#play-params input[name="code"]', 'kayles');
  await page.fill('#play-position', '5');
  await page.click('#play-start');
  await page.waitForFunction(() => document.querySelector('#play-board .settings')?.textContent === 'code = kayles');
  // Take the middle pin of 5: the rest is left as the piles 2 and 2, written in their place.
  await page.fill('#move-input', '1 1 2 2');
  await page.click('#move-submit');
  await page.waitForFunction(() => document.querySelectorAll('#play-log li').length === 2);
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: take 1 from pile 1 \(5\), leaving piles of 2 and 2/);
  await page.screenshot({ path: join(artifacts, 'play-kayles.png'), fullPage: true });
  const status = await playGame('7', followHint);
  assert.equal(status, 'You win!');
});

test('on first load the verdict, the winning move and what to do are shown, the proof one click away', async () => {
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.goto(`${base}?lang=en`);
  await page.waitForSelector('#answer-bar:not([hidden])');
  assert.match(await page.textContent('#answer-bar'), /^First player wins \(N-position\) · Grundy value \*2$/);
  const todo = await page.textContent('#nim-todo');
  assert.match(todo, /^Winning move: take 2 from pile 1 \(3 → 1\)\. Press Next ›/);
  assert.equal(await page.isVisible('#nim-todo'), true);
  assert.equal(await page.textContent('#step-counter'), 'step 1 / 7');
  // The answer is above the board: seen before the proof.
  const bar = await page.locator('#answer-bar').boundingBox();
  const board = await page.locator('#nim-board').boundingBox();
  assert.ok(bar.y + bar.height <= board.y, 'the answer is above the board');
  // A lost position says so at once too, under either convention.
  await analyse('1 2 3');
  assert.match(await page.textContent('#answer-bar'), /First player loses/);
  assert.match(await page.textContent('#nim-todo'), /^Every move loses against perfect play\./);
  await analyse('1 1 1', true);
  assert.match(await page.textContent('#answer-bar'), /First player loses/);
  // A bad pile is an error, and the answer of other piles goes away.
  await page.fill('#nim-piles', '3 x 5');
  await page.click('#nim-analyze');
  await page.waitForSelector('#nim-error:not(:empty)');
  assert.equal(await page.isHidden('#answer-bar'), true);
  assert.equal(await page.getAttribute('#nim-piles', 'aria-invalid'), 'true');
  const colour = await page.$eval('#nim-error', (e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(colour, 'rgba(0, 0, 0, 0)', 'the error has a background');
});

test('a pile of 123456789 stays inside its card, on a desktop and on a phone', async () => {
  for (const width of [1000, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base}?lang=en`);
    await analyse('123456789 5 7');
    const card = await page.locator('#nim-board').boundingBox();
    for (const part of ['.row.pile[data-pile="0"] .bits', '.row.pile[data-pile="0"] .count', '.row.pile[data-pile="0"] .stones', '#xor-row']) {
      const box = await page.locator(`#nim-board ${part}`).boundingBox();
      assert.ok(box.x >= card.x && box.x + box.width <= card.x + card.width + 0.5,
        `${width}px: ${part} spans ${box.x}..${box.x + box.width}, the card ${card.x}..${card.x + card.width}`);
    }
    const [scroll, client] = await page.$eval('#nim-board', (e) => [e.scrollWidth, e.clientWidth]);
    assert.ok(scroll <= client, `${width}px: the board scrolls (${scroll} > ${client})`);
    await page.screenshot({ path: join(artifacts, `big-pile-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('the values table fits a phone screen', async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${base}?lang=en#values`);
  await page.fill('#va-game', '0.77');
  await page.fill('#va-upto', '200');
  await page.click('#va-compute');
  await page.waitForFunction(() => document.querySelectorAll('#va-table td').length === 201);
  const card = await page.locator('#va-table').boundingBox();
  const table = await page.locator('#va-table table').boundingBox();
  assert.ok(table.x + table.width <= card.x + card.width + 0.5, `the table ends at ${table.x + table.width}, the card at ${card.x + card.width}`);
  const [scroll, client] = await page.$eval('#va-table', (e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(scroll <= client, `the table scrolls (${scroll} > ${client})`);
  // Still aligned on the period: the row holding n = 71 starts there.
  assert.equal(await page.$eval('#va-table td.start', (td) => td.parentElement.querySelector('th').textContent), '71:');
  await page.screenshot({ path: join(artifacts, 'values-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('the favicon is served and linked', async () => {
  await page.goto(base);
  const href = await page.$eval('link[rel=icon]', (l) => l.href);
  const response = await page.request.get(href);
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['content-type'], 'image/svg+xml');
  assert.match(await response.text(), /^<svg/);
});

test('a bad move in the Play tab is shown as an error', async () => {
  await page.goto(`${base}?lang=en`);
  await page.click('#tab-play');
  await page.fill('#play-position', '3 4 5');
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
  await page.fill('#move-input', '9 9');
  await page.click('#move-submit');
  await page.waitForSelector('#play-message.error');
  assert.notEqual(await page.textContent('#play-message'), '');
});

test('the Play tab builds each game\'s inputs and misère switch from the game list', async () => {
  await page.goto(`${base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'octal'));
  const { games, limits } = await (await page.request.get(`${base}api/games`)).json();
  const listed = await page.$$eval('#play-game option', (os) => os.map((o) => o.value));
  assert.deepEqual(listed, games.map((g) => g.game));
  for (const g of games.filter((g) => g.game !== 'script')) {
    await page.selectOption('#play-game', g.game);
    assert.equal(await page.isDisabled('#play-misere'), !g.conventions.includes('misere'), g.game);
    const inputs = await page.$$eval('#play-params input', (is) => is.map((i) => [i.name, i.placeholder]));
    // An input for each rule of the game; bounds of the analysis and listings are not rules.
    const rules = g.params.filter((p) => p.role === 'rule');
    assert.deepEqual(inputs, rules.map((p) => [p.name, p.default ?? '']), g.game);
  }
  const octal = games.find((g) => g.game === 'octal');
  assert.ok(octal.params.some((p) => p.role === 'bound'), 'octal lists its bounds');
  // What the list says of these rulesets.
  await page.selectOption('#play-game', 'nim');
  assert.equal(await page.isDisabled('#play-misere'), false);
  await page.selectOption('#play-game', 'staircase');
  assert.equal(await page.isDisabled('#play-misere'), false);
  await page.selectOption('#play-game', 'subtraction');
  assert.equal(await page.getAttribute('#play-params input[name=set]', 'placeholder'), '1,3,4');
  // A list that says otherwise is followed: nothing of it is written into the page.
  const changed = games.map((g) => (g.game !== 'staircase' ? g : {
    ...g,
    conventions: ['normal'],
    params: [{ name: 'height', value_name: 'H', en: 'the height', zh: '高度', default: '7', positional: false }],
    board: 'piles',
  }));
  await page.route('**/api/games', (route) => route.fulfill({ json: { games: changed, limits } }));
  await page.reload();
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'staircase'));
  await page.selectOption('#play-game', 'staircase');
  assert.equal(await page.isDisabled('#play-misere'), true);
  assert.equal(await page.getAttribute('#play-params input[name=height]', 'placeholder'), '7');
  await page.fill('#play-position', '3 4');
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
  await page.waitForSelector('#play-board .row.pile');
  assert.equal(await page.textContent('#play-board .settings'), 'height = 7');
  await page.unroute('**/api/games');
  await page.reload();
});

test('the Play tab draws the board the game list names, and plays misère Nim', async () => {
  await page.goto(`${base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'octal'));
  for (const [game, position, drawn] of [
    ['nim', '3 4 5', '.row.pile'], ['octal', '3 4 5', '.row.pile'], ['staircase', '3 4 5', '.stairs'],
    ['grid', '3 4 5', '.grid-cells'], ['coins', '2 5 9', '.strip'],
  ]) {
    await page.selectOption('#play-game', game);
    await page.fill('#play-position', position);
    await page.selectOption('#play-first', 'me');
    await page.click('#play-start');
    await page.waitForSelector(`#play-board ${drawn}`);
  }
  // Misère Nim from 1 1 2: the hint's move (the server's notation) leaves an odd number of
  // single stones, and the human wins by following the hints.
  await page.selectOption('#play-game', 'nim');
  await page.setChecked('#play-misere', true);
  const status = await playGame('1 1 2', followHint);
  assert.equal(status, 'You win!');
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: take 1 from pile 3 \(2 -> 1\) {2}⇒ {2}1 1 1$/);
  await page.setChecked('#play-misere', false);
});

test('the hint of a take-and-break game is a move the server takes', async () => {
  await page.goto(`${base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'octal'));
  await page.selectOption('#play-game', 'octal');
  await page.fill('#play-params input[name=code]', '0.07');
  const status = await playGame('4 9', followHint);
  assert.equal(status, 'You win!');
  assert.match(await page.textContent('#play-board .settings'), /code = 0\.07/);
});

test('Moore\'s Nim is played on the page as the game list gives it, moves on several piles typed', async () => {
  await page.goto(`${base}?lang=en#play`);
  await page.waitForFunction(() => [...document.querySelectorAll('#play-game option')].some((o) => o.value === 'moore'));
  await page.selectOption('#play-game', 'moore');
  assert.equal(await page.getAttribute('#play-params input[name=k]', 'placeholder'), '2');
  assert.equal(await page.isDisabled('#play-misere'), false);
  const status = await playGame('1 2 3', followHint);
  assert.equal(status, 'You win!');
  const log = await page.locator('#play-log li').allTextContents();
  assert.match(log[0], /^You: take from piles 2, 3 \(2 -> 1, 3 -> 1\) {2}⇒ {2}1 1 1$/);
  assert.equal(await page.textContent('#play-board .settings'), 'k = 2');
});

test('no script error on the page', () => {
  assert.deepEqual(pageErrors, []);
});

test('the answer bar names every outcome class, and a value that is not a nimber', async () => {
  await page.goto(base);
  const bars = await page.evaluate(async () => {
    const { answerBar } = await import('/js/dom.js');
    return [
      { outcome: 'N', grundy: 3 }, { outcome: 'P', grundy: 0 }, { outcome: 'D', grundy: null },
      { outcome: 'L', grundy: null, value: '1/2' }, { outcome: 'R', grundy: null, value: '-2' },
    ].map((a) => {
      const bar = document.createElement('div');
      answerBar(bar, a, true);
      return [bar.textContent, bar.className];
    });
  });
  assert.deepEqual(bars, [
    ['First player wins (N-position) · Grundy value *3', 'answer win'],
    ['First player loses (P-position) · Grundy value *0', 'answer lose'],
    ['Draw: neither player can force a win (D-position)', 'answer tie'],
    ['Left wins whoever starts (L-position) · value 1/2', 'answer tie'],
    ['Right wins whoever starts (R-position) · value -2', 'answer tie'],
  ]);
});
