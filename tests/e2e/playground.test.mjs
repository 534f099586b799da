// The playground in headless Chromium: the Nim board, a whole game, the language switch.
// Run by ./scripts/test (node --test); needs /usr/bin/chromium and a built `grundy` binary
// (GRUNDY_BIN, or target/debug/grundy). Screenshots are kept in tests/e2e/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = process.env.GRUNDY_BIN || join(here, '../../target/debug/grundy');
const artifacts = join(here, 'artifacts');
let server;
let base;
let context;
let page;
let profile;

before(async () => {
  server = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = /http:\/\/\S+\//.exec(seen);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`grundy serve exited with ${code}`)));
  });
  profile = mkdtempSync(join(tmpdir(), 'grundy-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1000, height: 900 },
  });
  page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(10_000);
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function analyse(piles, misere = false) {
  await page.fill('#nim-piles', piles);
  await page.setChecked('#nim-misere', misere);
  await page.click('#nim-analyze');
  await page.waitForFunction(
    (p) => document.querySelectorAll('#nim-board .row.pile').length === p.split(' ').length,
    piles,
  );
}

test('the Nim board steps through the proof for 3 4 5', async () => {
  await page.goto(base);
  await analyse('3 4 5');
  assert.equal(await page.textContent('#step-counter'), 'step 1 / 7');
  assert.equal(await page.isHidden('#answer-bar'), true);
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

test('following the hints beats the computer', async () => {
  await page.goto(base);
  const status = await playGame('3 4 5', async () => {
    const before = await page.locator('#play-log li').count();
    await page.click('#play-hint');
    await page.waitForFunction(() => /type “/.test(document.querySelector('#play-message').textContent));
    const move = /type “([^”]+)”/.exec(await page.textContent('#play-message'))[1];
    await page.fill('#move-input', move);
    await page.click('#move-submit');
    await page.waitForFunction((n) => document.querySelectorAll('#play-log li').length > n, before);
  });
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
  const status = await playGame('1 2 3', async () => {
    const before = await page.locator('#play-log li').count();
    await page.locator('#play-board button.stone').first().click();
    await page.waitForFunction((n) => document.querySelectorAll('#play-log li').length > n, before);
  });
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
