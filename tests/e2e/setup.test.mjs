// scripts/test checks its prerequisites before anything compiles: a missing browser stops it at
// once with the command to run, and `--check` reports what it found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), '../../scripts/test');

function run(env) {
  return spawnSync('bash', [script, '--check'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

test('a browser that is not there stops the test command before it compiles', () => {
  const result = run({ GRUNDY_CHROMIUM: '/nonexistent/chromium' });
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, /GRUNDY_CHROMIUM=\/nonexistent\/chromium is not an executable/);
  assert.match(result.stderr, /^scripts\/test: run: /m);
  assert.doesNotMatch(result.stderr, /Compiling/);
});

test('--check names the browser and node it will use', () => {
  const browser = process.env.GRUNDY_CHROMIUM || '/usr/bin/chromium';
  const result = run({ GRUNDY_CHROMIUM: browser });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, new RegExp(`ready: browser ${browser}, node v\\d+`));
});
