// Staircase and coins: the proof's steps from the library, drawn on the staircase (for coins,
// the staircase of the gaps, under the strip), and a game on the same board.
import { api } from './api.js';
import { drawStrip } from './boards/coins.js';
import { drawStairs } from './boards/stairs.js';
import { catalog } from './catalog.js';
import { $, el, answerBar, parseNumbers } from './dom.js';
import { t } from './i18n.js';
import { drawMatchText, makeMatch, wireMatch } from './match.js';
import { makeStepper } from './stepper.js';

const SC_IDS = {
  status: 'sc-status', message: 'sc-message', submit: 'sc-move-submit', hint: 'sc-hint',
  undo: 'sc-undo', notation: 'sc-notation', log: 'sc-log', form: 'sc-move-form', input: 'sc-move-input',
};
const stairs = { analysis: null, frames: [], base: [], shown: 0 };
export const stairSteps = makeStepper('sc-step-', 'panel-staircase', drawStairView);
const stairMatch = makeMatch(analyzeStairs);
wireMatch(stairMatch, SC_IDS);

/** The steps after `change` on the staircase (a Change of kind carry): drawing a move. */
function carried(steps, change) {
  const next = steps.slice();
  next[change.from] -= change.count;
  if (change.to !== null) next[change.to] += change.count;
  return next;
}
const odd = (steps) => steps.filter((_, i) => i % 2 === 0);

/** One frame per step of the explanation; the even-step and reply steps show their two moves. */
function stairFrames(a, base) {
  const frames = [];
  const x = a.explanation.find((s) => s.step === 'odd_steps')?.total;
  const frame = (f) => frames.push({ steps: base, marks: {}, labels: {}, lines: [], ...f });
  const moveFrames = (opponent, reply, first, second) => {
    const between = carried(base, opponent);
    const after = carried(between, reply);
    const marks = (c) => ({ [c.from]: 'yellow', ...(c.to === null ? {} : { [c.to]: 'green' }) });
    const ground = (c) => (c.to === null ? `+${c.count}` : undefined);
    frame({ steps: between, marks: marks(opponent), ground: ground(opponent), lines: [t('odd_values', odd(between))], caption: first });
    frame({ steps: after, marks: marks(reply), ground: ground(reply), lines: [t('odd_values', odd(after))], caption: second, xor: x });
  };
  for (const s of a.explanation) {
    switch (s.step) {
      case 'coins_as_stairs':
        frame({ caption: s.text });
        break;
      case 'odd_steps': {
        const marks = Object.fromEntries(base.map((_, i) => [i, i % 2 === 0 ? 'lit' : '']));
        frame({ caption: s.text, marks, xor: s.total, decided: true });
        break;
      }
      case 'even_steps_do_not_count':
        frame({ caption: s.text, marks: s.example ? { [s.example - 1]: 'yellow' } : {}, decided: true });
        if (s.opponent) {
          moveFrames(s.opponent, s.reply, t('cancel_opponent', s.opponent.count, s.example),
            t('cancel_reply', s.reply.count, s.example));
        }
        break;
      case 'off_odd_step':
      case 'onto_odd_step': {
        // On the staircase: odd step `odd_step` goes from `before` to `after`.
        const i = s.odd_step - 1;
        const steps = base.slice();
        steps[i] = s.after;
        const from = s.step === 'off_odd_step' ? i : s.from - 1;
        const to = s.step === 'off_odd_step' ? (i === 0 ? null : i - 1) : i;
        const moved = Math.abs(s.after - s.before);
        if (s.step === 'onto_odd_step') steps[from] -= moved;
        else if (to !== null) steps[to] += moved;
        const labels = { [i]: `${s.before} → ${s.after}` };
        frame({
          steps, marks: { [from]: 'green', ...(to === null ? {} : { [to]: 'green' }) }, labels,
          caption: s.text, lines: [t('winning_move')], decided: true,
        });
        break;
      }
      case 'reply':
        // The library's sentence names both moves; the two frames draw them one after the other.
        moveFrames(s.opponent, s.reply, s.text, s.text);
        break;
      default:
        frame({ caption: s.text, decided: true });
    }
  }
  return frames;
}

/** The staircase of a coins analysis: the gaps, step 1 the gap before the rightmost coin. */
function gapsOf(a) {
  const s = a.explanation.find((e) => e.step === 'coins_as_stairs');
  return s.gaps.slice().reverse();
}

async function analyzeStairs() {
  const m = stairMatch;
  $('sc-error').textContent = '';
  drawStairPlay();
  if (m.busy || !m.resume.position.length) return;
  try {
    const a = await api('/api/analyze', m.request({ explain: true, max_moves: 1 }));
    stairs.analysis = a;
    stairs.base = m.game === 'coins' ? gapsOf(a) : a.position;
    stairs.frames = stairFrames(a, stairs.base);
    stairSteps.reset(stairs.frames.length, 0);
  } catch (e) {
    $('sc-error').textContent = e.message;
  }
}

/** The board and the game's text; the proof's frame is drawn over the board when stepping. */
function drawStairView() {
  const a = stairs.analysis;
  const m = stairMatch;
  const frame = stairs.frames[stairSteps.frame];
  if (!a || !frame) return;
  const coins = m.game === 'coins';
  const playing = !m.over && !m.busy;
  // The position itself is playable on the first frame; other frames show the proof's moves.
  const live = stairSteps.frame === 0;
  $('sc-strip').hidden = !coins;
  $('sc-stairs-label').hidden = !coins;
  if (coins) {
    $('sc-strip').replaceChildren();
    drawStrip($('sc-strip'), m.resume.position, { m: playing ? m : null, hinted: m.hinted });
  }
  const target = $('sc-board');
  target.replaceChildren();
  const hinted = m.hinted && m.hinted.kind === 'carry' ? m.hinted : null;
  drawStairs(target, frame.steps, {
    m: !coins && live && playing ? m : null, marks: frame.marks, labels: frame.labels, hinted, ground: frame.ground,
  });
  const x = frame.xor;
  const lines = [...frame.lines];
  if (x !== undefined) lines.unshift(t('odd_line', odd(frame.steps), x));
  $('sc-panel').replaceChildren(...lines.filter(Boolean).map((l) => el('p', { text: l })));
  $('sc-panel').hidden = lines.length === 0;
  const decided = stairs.frames.slice(0, stairSteps.frame + 1).some((f) => f.decided);
  answerBar($('sc-answer'), a, decided);
  $('sc-caption').textContent = frame.caption || '';
  drawStairPlay();
}

export function drawStairPlay() {
  const m = stairMatch;
  drawMatchText(m, SC_IDS, catalog.games.find((g) => g.game === m.game));
  $('sc-board').querySelectorAll('button').forEach((b) => { b.disabled = m.over || m.busy; });
  $('sc-strip').querySelectorAll('button').forEach((b) => { b.disabled = m.over || m.busy; });
}

function stairGame() {
  return document.querySelector('input[name=sc-game]:checked').value;
}

export function newStairGame() {
  let position;
  try {
    position = parseNumbers($('sc-position').value);
  } catch (e) {
    $('sc-error').textContent = e.message;
    return;
  }
  stairMatch.start(stairGame(), { position }, false, $('sc-first').value);
}

function stairLabels() {
  const coins = stairGame() === 'coins';
  $('sc-position-label').textContent = t(coins ? 'sc_cells' : 'sc_steps');
  $('sc-position-label').dataset.i18n = coins ? 'sc_cells' : 'sc_steps';
}

$('sc-form').addEventListener('submit', (e) => { e.preventDefault(); newStairGame(); });
for (const radio of document.querySelectorAll('input[name=sc-game]')) {
  radio.addEventListener('change', () => {
    $('sc-position').value = stairGame() === 'coins' ? '2 5 9 11' : '3 4 2 5 3';
    stairLabels();
    newStairGame();
  });
}
$('sc-random').addEventListener('click', () => {
  if (stairGame() === 'coins') {
    const cells = new Set();
    while (cells.size < 4) cells.add(1 + Math.floor(Math.random() * 14));
    $('sc-position').value = [...cells].sort((a, b) => a - b).join(' ');
  } else {
    $('sc-position').value = Array.from({ length: 5 }, () => Math.floor(Math.random() * 7)).join(' ');
  }
  newStairGame();
});

/** Re-reads the staircase analysis in the current language, keeping the frame. */
export async function refreshStairs() {
  const frame = stairSteps.frame;
  await analyzeStairs();
  stairSteps.go(frame);
}
