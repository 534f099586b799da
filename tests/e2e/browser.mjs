// What every browser test starts from: `grundy serve` on a free port and headless Chromium on a
// profile of its own. Needs Chromium (GRUNDY_CHROMIUM, or /usr/bin/chromium) and a built
// `grundy` binary (GRUNDY_BIN, or target/debug/grundy). Screenshots go to `artifacts`
// (tests/e2e/artifacts/).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = process.env.GRUNDY_BIN || join(here, '../../target/debug/grundy');
export const artifacts = join(here, 'artifacts');

/**
 * Starts the server and the browser: `{ base, page, pageErrors, close }`, `base` the server's
 * address, `pageErrors` the page's uncaught errors as they come, `close()` stopping both.
 */
export async function openPlayground() {
  const server = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve, reject) => {
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = /http:\/\/\S+\//.exec(seen);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`grundy serve exited with ${code}`)));
  });
  const profile = mkdtempSync(join(tmpdir(), 'grundy-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.GRUNDY_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1000, height: 900 },
  });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(10_000);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  mkdirSync(artifacts, { recursive: true });
  const close = async () => {
    await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  };
  return { base, page, pageErrors, close };
}

/**
 * Runs `act` (the clicks or typing of a move on the Play tab), then waits for the answer: the
 * move in the log and the computer done thinking, or a new error message under the board.
 */
export async function moveAndWait(page, act) {
  const before = await page.locator('#play-log li').count();
  const said = await page.textContent('#play-message');
  await act();
  await page.waitForFunction(([n, text]) => {
    const message = document.querySelector('#play-message');
    const thinking = /thinking/.test(document.querySelector('#play-status').textContent);
    return (document.querySelectorAll('#play-log li').length > n && !thinking)
      || (message.className.includes('error') && message.textContent !== text);
  }, [before, said]);
}

/**
 * Opens the Play tab of `playground` (as `openPlayground` gives it) and starts a game of `game`
 * from `position` as typed, the human first, with the rules `params` ({name: value}) and, with
 * `every`, under the Every-SG rule.
 */
export async function startGame({ base, page }, game, position, { params = {}, every = false } = {}) {
  await page.goto(`${base}#play`);
  await page.waitForSelector(`#play-game option[value="${game}"]`, { state: 'attached' });
  await page.selectOption('#play-game', game);
  for (const [name, value] of Object.entries(params)) await page.fill(`#play-params input[name="${name}"]`, value);
  await page.fill('#play-position', position);
  if (every) await page.check('#play-every');
  await page.selectOption('#play-first', 'me');
  await page.click('#play-start');
}
