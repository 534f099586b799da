// grundy playground: the Nim proof step by step, and games against the computer.
// Everything the page knows about a position comes from the JSON API (the same JSON as
// `grundy nim --json`); the page only draws it.
'use strict';

// ---------------------------------------------------------------------------------------------
// Text in two languages.
const T = {
  en: {
    title: 'grundy playground',
    switch: '中文',
    tab_nim: 'Nim board', tab_play: 'Play', tab_staircase: 'Staircase & coins',
    tab_stones: 'Stone Game (two ends)', tab_values: 'Values explorer',
    piles: 'Piles', misere: 'misère (last stone loses)', analyze: 'Analyse', random: 'Random',
    first: '« Start', prev: '‹ Back', play: '▶ Play', pause: '‖ Pause', next: 'Next ›', last: 'End »',
    keys: 'Keys: ← → step, Space plays or pauses, Home / End.',
    step: (i, n) => `step ${i} / ${n}`,
    pile: 'pile', stones: 'stones', xor: 'XOR',
    more_piles: (n) => `… and ${n} more pile(s), not drawn`,
    first_wins: 'First player wins (N-position)', first_loses: 'First player loses (P-position)',
    grundy: (g) => `Grundy value *${g}`,
    panel_total: (x, bits) => `x = ${x} = ${bits} in binary`,
    panel_bit: (h, v, n) => `highest set bit of x: bit ${h} (value ${v}); ${n} pile(s) have it (yellow)`,
    panel_move: (i, p, x, q) => `pile ${i}: ${p} → ${p} XOR ${x} = ${q}, take ${p - q} (green)`,
    panel_mirror: 'Mirror strategy: whatever the opponent does, answer with the move that makes the XOR 0 again.',
    panel_one_big: (i, p, q) => `pile ${i}: ${p} → ${q}, leaving an odd number of single stones (green)`,
    take: (i, from, to) => `take ${from - to} from pile ${i + 1} (${from} → ${to})`,
    game: 'Game', position: 'Position', who_first: 'First', me: 'me', computer_first: 'computer',
    new_game: 'New game', your_move: 'Your move', move: 'Move', hint: 'Hint', undo: 'Undo',
    coming: 'coming soon',
    your_turn: 'Your turn: click a stone (it and the stones after it are taken) or type a move.',
    thinking: 'The computer is thinking…',
    you_win: 'You win!', computer_wins: 'The computer wins.',
    lost_hint: 'You are in a lost position: any move loses against perfect play.',
    hint_move: (d, m) => `Hint: ${d} (type “${m}”).`,
    nothing_to_undo: 'Nothing to undo.',
    you: 'You', computer: 'Computer',
    take_button: (n, i) => `take ${n} from pile ${i}`,
    bad_number: (tok) => `'${tok}' is not a whole number`,
    too_big: (tok) => `'${tok}' is too large for the page (at most 2^53 − 1)`,
    empty: 'type some numbers, e.g. 3 4 5',
    footer: 'grundy: every impartial game is a Nim heap in disguise.',
    staircase_title: 'Staircase Nim and coins on a strip',
    staircase_text: 'Coins stand on numbered steps; a move brings any number of coins from one step down to the next. Only the odd steps count: the position is lost for the player to move exactly when the XOR of the odd steps is 0. The even steps do not matter, because a move from an even step to an odd one can be undone at once: the other player moves the same coins one step further down, to an even step, and the XOR of the odd steps is back where it was.',
    stones_title: 'Stone Game: take a pile from either end',
    stones_text: 'Piles stand in a row and each player takes the first or the last pile. With an even number of piles the first player never loses: colour the piles by the parity of their place; the first move chooses a colour, and from then on the first player can always take a pile of that colour, so they get the larger of the two colour sums. An interval DP gives the exact margin for any row.',
    values_title: 'Values explorer',
    values_text: 'The Grundy values G(0), G(1), … of a heap game (a subtraction set, an octal code) plotted against n, with the period the sequence settles into shaded, and whether the period is proved.',
    later: (what) => `This view is drawn once the ${what} ruleset is in the library; its data will come from the same API (POST /api/analyze).`,
  },
  zh: {
    title: 'grundy 演示场',
    switch: 'English',
    tab_nim: 'Nim 棋盘', tab_play: '对弈', tab_staircase: '阶梯 Nim 与硬币',
    tab_stones: '石子游戏（两端取）', tab_values: 'SG 值浏览',
    piles: '石子堆', misere: '反 Nim（取最后一个者输）', analyze: '分析', random: '随机',
    first: '« 开头', prev: '‹ 上一步', play: '▶ 播放', pause: '‖ 暂停', next: '下一步 ›', last: '结尾 »',
    keys: '按键：← → 单步，空格 播放/暂停，Home / End。',
    step: (i, n) => `第 ${i} / ${n} 步`,
    pile: '堆', stones: '石子', xor: '异或',
    more_piles: (n) => `……另有 ${n} 堆未画出`,
    first_wins: '先手必胜（N 态）', first_loses: '先手必败（P 态）',
    grundy: (g) => `SG 值 *${g}`,
    panel_total: (x, bits) => `x = ${x}，二进制 ${bits}`,
    panel_bit: (h, v, n) => `x 的最高位：第 ${h} 位（值 ${v}）；这一位为 1 的堆有 ${n} 个（黄框）`,
    panel_move: (i, p, x, q) => `第 ${i} 堆：${p} → ${p} 异或 ${x} = ${q}，取走 ${p - q} 个（绿框）`,
    panel_mirror: '镜像策略：对手怎么走，就回应一步让异或和重新变为 0。',
    panel_one_big: (i, p, q) => `第 ${i} 堆：${p} → ${q}，留下奇数堆单个石子（绿框）`,
    take: (i, from, to) => `从第 ${i + 1} 堆取走 ${from - to} 个（${from} → ${to}）`,
    game: '游戏', position: '局面', who_first: '先手', me: '我', computer_first: '电脑',
    new_game: '新对局', your_move: '你的走法', move: '走', hint: '提示', undo: '悔棋',
    coming: '即将推出',
    your_turn: '轮到你：点一个石子（取走它和它后面的石子），或输入走法。',
    thinking: '电脑思考中……',
    you_win: '你赢了！', computer_wins: '电脑赢了。',
    lost_hint: '你处于必败态：对手走法完美时，无论怎么走都会输。',
    hint_move: (d, m) => `提示：${d}（输入「${m}」）。`,
    nothing_to_undo: '没有可以悔的棋。',
    you: '你', computer: '电脑',
    take_button: (n, i) => `从第 ${i} 堆取走 ${n} 个`,
    bad_number: (tok) => `「${tok}」不是非负整数`,
    too_big: (tok) => `「${tok}」太大（页面上至多 2^53 − 1）`,
    empty: '请输入几个数，例如 3 4 5',
    footer: 'grundy：每个公平游戏都是一堆伪装的 Nim 石子。',
    staircase_title: '阶梯 Nim 与硬币',
    staircase_text: '硬币放在编号的台阶上，每步把某一级台阶上任意多枚硬币移到下一级。只有奇数级台阶起作用：当且仅当奇数级台阶上硬币数的异或和为 0 时，轮到的一方必败。偶数级台阶无关紧要：若对手把硬币从偶数级移到奇数级，你立刻把同样的硬币再往下移一级（到偶数级），奇数级的异或和就恢复原样。',
    stones_title: '石子游戏：从两端取一堆',
    stones_text: '一排石子堆，双方轮流取走最左或最右的一堆。堆数为偶数时先手不会输：按位置奇偶给堆染色，先手第一步选定一种颜色，之后总能取到这种颜色的堆，于是拿到两种颜色中和较大的一种。区间 DP 给出任意一排的精确分差。',
    values_title: 'SG 值浏览',
    values_text: '画出一个堆游戏（减法游戏、八进制游戏）的 SG 值 G(0)、G(1)……，用阴影标出序列最终进入的周期，并说明周期是否已被证明。',
    later: (what) => `等 ${what} 规则加入程序库后即可显示本视图；数据来自同一个 API（POST /api/analyze）。`,
  },
};

let lang = new URLSearchParams(location.search).get('lang') === 'zh' ? 'zh' : 'en';
function t(key, ...args) {
  const v = T[lang][key] ?? T.en[key];
  return typeof v === 'function' ? v(...args) : v;
}
const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

async function api(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const v = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(v.error || `HTTP ${response.status}`);
  return v;
}

/** The whole numbers of `text`, or an Error naming the bad token. */
function parseNumbers(text) {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0) throw new Error(t('empty'));
  return tokens.map((tok) => {
    if (!/^\d+$/.test(tok)) throw new Error(t('bad_number', tok));
    const n = Number(tok);
    if (!Number.isSafeInteger(n)) throw new Error(t('too_big', tok));
    return n;
  });
}

function randomPiles() {
  const count = 3 + Math.floor(Math.random() * 3);
  return Array.from({ length: count }, () => 1 + Math.floor(Math.random() * 12));
}

const binary = (n, width) => n.toString(2).padStart(width, '0');
/** 2 to the power k, written with superscript digits (2⁰, 2¹, …): the place of bit k. */
const place = (k) => `2${[...String(k)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]).join('')}`;
const MAX_DRAWN = 24;

/** A row of stones: `count` stones, those from `keep` on drawn as taken. */
function stoneRow(count, keep = count) {
  const row = el('span', { class: 'stones', 'aria-hidden': 'true' });
  for (let j = 0; j < Math.min(count, MAX_DRAWN); j++) {
    row.append(el('span', { class: j < keep ? 'stone' : 'stone taken' }));
  }
  if (count > MAX_DRAWN) row.append(el('span', { class: 'more', text: `+${count - MAX_DRAWN}` }));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Tabs.
const tabs = [...document.querySelectorAll('[role=tab]')];
function selectTab(tab, focus = true) {
  for (const b of tabs) {
    const on = b === tab;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
    $(b.getAttribute('aria-controls')).hidden = !on;
  }
  if (focus) tab.focus();
  history.replaceState(null, '', `#${tab.id.slice(4)}`);
}
for (const [i, b] of tabs.entries()) {
  b.addEventListener('click', () => selectTab(b));
  b.addEventListener('keydown', (e) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    selectTab(tabs[(to + tabs.length) % tabs.length]);
  });
}

// ---------------------------------------------------------------------------------------------
// Nim board: the explanation steps of the analysis, one frame each (the binary step gives one
// frame per pile, as the running XOR fills).
const board = { analysis: null, frames: [], frame: 0, timer: null };

function framesOf(analysis) {
  const steps = analysis.explanation || [];
  const bin = steps.find((s) => s.step === 'binary');
  const lines = bin.text.split('\n');
  const frames = [{ kind: 'piles', upto: -1, caption: lines[0] }];
  bin.piles.forEach((_, i) => frames.push({ kind: 'xor', upto: i, caption: `${lines[0]}\n${(lines[i + 1] || '').trim()}` }));
  for (const s of steps) {
    if (s.step !== 'binary') frames.push({ kind: s.step, step: s, upto: bin.piles.length - 1, caption: s.text });
  }
  return frames;
}

async function analyzeBoard(keepFrame = false) {
  $('nim-error').textContent = '';
  let piles;
  try {
    piles = parseNumbers($('nim-piles').value);
  } catch (e) {
    $('nim-error').textContent = e.message;
    return;
  }
  try {
    const analysis = await api('/api/analyze', {
      game: 'nim', position: piles, misere: $('nim-misere').checked,
      explain: true, lang, max_moves: 1,
    });
    const frame = board.frame;
    board.analysis = analysis;
    board.frames = framesOf(analysis);
    board.frame = keepFrame ? Math.min(frame, board.frames.length - 1) : 0;
    stopPlaying();
    drawBoard();
  } catch (e) {
    $('nim-error').textContent = e.message;
  }
}

function drawBoard() {
  const a = board.analysis;
  if (!a) return;
  const bin = a.explanation.find((s) => s.step === 'binary');
  const seen = board.frames.slice(0, board.frame + 1);
  const current = board.frames[board.frame];
  const reached = (kind) => seen.find((f) => f.kind === kind);
  const high = reached('highest_bit')?.step;
  const move = reached('move')?.step;
  const oneBig = reached('misere_one_big')?.step;
  const changed = move ? { pile: move.pile, after: move.after } : oneBig ? { pile: oneBig.pile, after: oneBig.after } : null;
  const width = bin.width;

  const grid = el('div', { class: 'grid', style: `--bits: ${width}` });
  const head = el('div', { class: 'row head' },
    el('span', { class: 'label', text: t('pile') }),
    el('span', { class: 'stones-head', text: t('stones') }),
    el('span', { class: 'count', text: 'n' }));
  const headBits = el('span', { class: 'bits' });
  for (let k = width - 1; k >= 0; k--) {
    headBits.append(el('span', { class: high && high.bit === k ? 'bit hb' : 'bit', text: place(k) }));
  }
  head.append(headBits);
  grid.append(head);

  bin.piles.forEach((p, i) => {
    const classes = ['row', 'pile'];
    if (current.kind === 'xor' && current.upto === i) classes.push('current');
    if (high && high.piles.includes(i) && !(changed && changed.pile === i)) classes.push('yellow');
    if (changed && changed.pile === i) classes.push('green');
    const shown = changed && changed.pile === i ? changed.after : p;
    const row = el('div', { class: classes.join(' '), 'data-pile': String(i) },
      el('span', { class: 'label', text: `${t('pile')} ${i + 1}` }),
      stoneRow(p, shown),
      el('span', { class: 'count', text: shown === p ? String(p) : `${p} → ${shown}` }));
    const bits = el('span', { class: 'bits', 'aria-label': binary(shown, width) });
    const digits = binary(shown, width);
    for (let k = width - 1; k >= 0; k--) {
      const c = ['bit'];
      if (high && high.bit === k) c.push('hb');
      if (digits[width - 1 - k] === '1') c.push('one');
      bits.append(el('span', { class: c.join(' '), text: digits[width - 1 - k] }));
    }
    row.append(bits);
    grid.append(row);
  });

  // The running XOR row: filled pile by pile.
  const upto = current.upto;
  const value = upto >= 0 ? bin.running_xor[upto] : null;
  const history = bin.running_xor.slice(0, upto + 1).join(' → ');
  const xorRow = el('div', { class: 'row xor', id: 'xor-row' },
    el('span', { class: 'label', text: t('xor') }),
    el('span', { class: 'history', id: 'xor-history', text: history }),
    el('span', { class: 'count', text: value === null ? '' : String(value) }));
  const xorBits = el('span', { class: 'bits' });
  const xd = value === null ? ' '.repeat(width) : binary(value, width);
  for (let k = width - 1; k >= 0; k--) {
    xorBits.append(el('span', { class: high && high.bit === k ? 'bit hb' : 'bit', text: xd[width - 1 - k] }));
  }
  xorRow.append(xorBits);
  grid.append(xorRow);
  const target = $('nim-board');
  target.replaceChildren(grid);
  if (bin.omitted > 0) target.append(el('p', { class: 'hint', text: t('more_piles', bin.omitted) }));

  // The panel of the winning move, or of the mirror strategy.
  const panel = $('nim-panel');
  const lines = [];
  const total = reached('total')?.step;
  if (total && total.total > 0) lines.push(t('panel_total', total.total, total.total.toString(2)));
  if (high) lines.push(t('panel_bit', high.bit, 2 ** high.bit, high.count));
  if (move) lines.push(t('panel_move', move.pile + 1, move.before, move.total, move.after));
  if (oneBig) lines.push(t('panel_one_big', oneBig.pile + 1, oneBig.before, oneBig.after));
  const mirror = reached('mirror')?.step;
  if (mirror) {
    lines.push(t('panel_mirror'));
    lines.push(`${t('take', mirror.opponent.pile, mirror.opponent.from, mirror.opponent.to)}  ⇒  ${t('take', mirror.reply.pile, mirror.reply.from, mirror.reply.to)}`);
  }
  panel.replaceChildren(...lines.map((l) => el('p', { text: l })));
  panel.hidden = lines.length === 0;

  // The answer: under normal play the XOR decides it; under misère play, the last step.
  const bar = $('answer-bar');
  const decided = a.play === 'normal' ? Boolean(total) : board.frame === board.frames.length - 1;
  bar.hidden = !decided;
  bar.className = `answer ${a.outcome === 'N' ? 'win' : 'lose'}`;
  bar.textContent = (a.outcome === 'N' ? t('first_wins') : t('first_loses'))
    + (a.grundy === null ? '' : ` · ${t('grundy', a.grundy)}`);

  $('nim-caption').textContent = current.caption;
  $('step-counter').textContent = t('step', board.frame + 1, board.frames.length);
  $('step-prev').disabled = board.frame === 0;
  $('step-first').disabled = board.frame === 0;
  $('step-next').disabled = board.frame === board.frames.length - 1;
  $('step-last').disabled = board.frame === board.frames.length - 1;
}

function go(frame) {
  if (!board.analysis) return;
  board.frame = Math.max(0, Math.min(board.frames.length - 1, frame));
  drawBoard();
}
function stopPlaying() {
  clearInterval(board.timer);
  board.timer = null;
  $('step-play').textContent = t('play');
}
function togglePlaying() {
  if (board.timer) return stopPlaying();
  if (board.frame === board.frames.length - 1) go(0);
  $('step-play').textContent = t('pause');
  board.timer = setInterval(() => {
    if (board.frame >= board.frames.length - 1) return stopPlaying();
    go(board.frame + 1);
  }, 1100);
}

$('nim-form').addEventListener('submit', (e) => { e.preventDefault(); analyzeBoard(); });
$('nim-random').addEventListener('click', () => { $('nim-piles').value = randomPiles().join(' '); analyzeBoard(); });
$('nim-misere').addEventListener('change', () => analyzeBoard());
$('step-first').addEventListener('click', () => { stopPlaying(); go(0); });
$('step-prev').addEventListener('click', () => { stopPlaying(); go(board.frame - 1); });
$('step-next').addEventListener('click', () => { stopPlaying(); go(board.frame + 1); });
$('step-last').addEventListener('click', () => { stopPlaying(); go(board.frames.length - 1); });
$('step-play').addEventListener('click', togglePlaying);
document.addEventListener('keydown', (e) => {
  if ($('panel-nim').hidden || e.altKey || e.ctrlKey || e.metaKey) return;
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) || e.target.getAttribute('role') === 'tab') return;
  const actions = {
    ArrowRight: () => { stopPlaying(); go(board.frame + 1); },
    ArrowLeft: () => { stopPlaying(); go(board.frame - 1); },
    Home: () => { stopPlaying(); go(0); },
    End: () => { stopPlaying(); go(board.frames.length - 1); },
    ' ': togglePlaying,
  };
  if (e.key === ' ' && e.target.tagName === 'BUTTON') return; // a focused button takes Space itself
  const action = actions[e.key];
  if (action) { e.preventDefault(); action(); }
});

// ---------------------------------------------------------------------------------------------
// Play against the computer. A ruleset's board is one entry of BOARDS (Nim's piles of stones);
// others fall back to the position as text and the move box.
const PLAYABLE_LATER = ['staircase', 'grid', 'coins', 'nonincreasing', 'subtraction', 'wythoff', 'lasker'];
const match = {
  games: [], game: 'nim', misere: false, position: [], history: [], log: [],
  over: false, busy: false, hinted: null, message: '', status: '', finished: null,
};

const BOARDS = {
  nim(position, target) {
    position.forEach((p, i) => {
      const row = el('div', { class: 'row pile', 'data-pile': String(i) },
        el('span', { class: 'label', text: `${t('pile')} ${i + 1}` }));
      const stones = el('span', { class: 'stones' });
      if (p <= MAX_DRAWN * 2) {
        for (let j = 0; j < p; j++) {
          const take = p - j;
          const hinted = match.hinted && match.hinted.pile === i && j >= match.hinted.to;
          stones.append(el('button', {
            type: 'button', class: hinted ? 'stone hinted' : 'stone',
            'aria-label': t('take_button', take, i + 1),
            'data-move': `${i + 1} ${take}`,
            onclick: () => humanMove(`${i + 1} ${take}`),
          }));
        }
      } else {
        stones.append(el('span', { class: 'more', text: `${p}` }));
      }
      row.append(stones, el('span', { class: 'count', text: String(p) }));
      target.append(row);
    });
  },
};

function drawMatch() {
  const target = $('play-board');
  target.replaceChildren();
  (BOARDS[match.game] || ((pos, tg) => tg.append(el('p', { class: 'position', text: pos.join(' ') }))))(match.position, target);
  target.querySelectorAll('button').forEach((b) => { b.disabled = match.over || match.busy; });
  $('play-status').textContent = match.finished
    ? (match.finished === 'human' ? t('you_win') : t('computer_wins'))
    : match.busy ? t('thinking') : t('your_turn');
  $('play-status').className = `status ${match.finished ? (match.finished === 'human' ? 'won' : 'lost') : ''}`;
  $('play-message').textContent = match.message;
  $('move-submit').disabled = $('play-hint').disabled = match.over || match.busy;
  $('play-undo').disabled = match.busy || match.history.length === 0;
  const info = match.games.find((g) => g.game === match.game);
  if (info) {
    const n = info.notation;
    $('play-notation').textContent = lang === 'zh'
      ? `走法写作「${n.zh}」：${n.meaning_zh}（例如 ${n.example}）`
      : `A move is ${n.en}: ${n.meaning_en} (e.g. ${n.example}).`;
  }
  $('play-log').replaceChildren(...match.log.map((m) => el('li', { class: m.who },
    `${m.who === 'human' ? t('you') : t('computer')}: ${m.description}  ⇒  ${m.position.join(' ')}`)));
}

function fillGames() {
  const select = $('play-game');
  const names = match.games.map((g) => g.game);
  select.replaceChildren(
    ...match.games.map((g) => el('option', { value: g.game, text: g.title[lang] })),
    ...PLAYABLE_LATER.filter((n) => !names.includes(n))
      .map((n) => el('option', { value: n, disabled: 'disabled', text: `${n} (${t('coming')})` })));
  select.value = match.game;
}

async function loadGames() {
  try {
    const v = await (await fetch('/api/games')).json();
    match.games = v.games;
  } catch (e) {
    match.games = [];
  }
  fillGames();
}

function request(extra) {
  return { game: match.game, position: match.position, misere: match.misere, lang, ...extra };
}

/** The game is over after `last` moved: normal play, the last mover wins; misère, loses. */
function finish(last) {
  match.over = true;
  const lastWins = !match.misere;
  match.finished = (last === 'human') === lastWins ? 'human' : 'computer';
}

async function computerMove() {
  match.busy = true;
  drawMatch();
  try {
    const r = await api('/api/computer', request({}));
    match.position = r.position;
    match.log.push({ who: 'computer', description: r.description, position: r.position });
    if (r.over) finish('computer');
  } catch (e) {
    match.message = e.message;
  }
  match.busy = false;
  drawMatch();
}

async function humanMove(text) {
  if (match.over || match.busy) return;
  match.hinted = null;
  try {
    const r = await api('/api/move', request({ move: text }));
    match.history.push({ position: match.position, log: match.log.length });
    match.position = r.position;
    match.log.push({ who: 'human', description: r.description, position: r.position });
    match.message = '';
    $('move-input').value = '';
    if (r.over) {
      finish('human');
      drawMatch();
    } else {
      await computerMove();
    }
  } catch (e) {
    match.message = e.message;
    drawMatch();
  }
}

async function newMatch() {
  match.message = '';
  try {
    match.position = parseNumbers($('play-position').value);
  } catch (e) {
    match.message = e.message;
    drawMatch();
    return;
  }
  match.game = $('play-game').value || 'nim';
  match.misere = $('play-misere').checked;
  Object.assign(match, { history: [], log: [], over: false, finished: null, hinted: null });
  drawMatch();
  if ($('play-first').value === 'computer') await computerMove();
}

$('play-form').addEventListener('submit', (e) => { e.preventDefault(); newMatch(); });
$('play-random').addEventListener('click', () => { $('play-position').value = randomPiles().join(' '); newMatch(); });
$('move-form').addEventListener('submit', (e) => { e.preventDefault(); humanMove($('move-input').value); });
$('play-undo').addEventListener('click', () => {
  const back = match.history.pop();
  if (!back) { match.message = t('nothing_to_undo'); return drawMatch(); }
  match.position = back.position;
  match.log.length = back.log;
  Object.assign(match, { over: false, finished: null, hinted: null, message: '' });
  drawMatch();
});
$('play-hint').addEventListener('click', async () => {
  try {
    const a = await api('/api/analyze', request({ explain: true, max_moves: 1 }));
    const first = a.winning_moves[0];
    if (a.outcome === 'N' && first) {
      const c = first.change;
      match.hinted = { pile: c.pile, to: c.to };
      const why = a.explanation[a.explanation.length - 1].text;
      match.message = `${t('hint_move', first.description, `${c.pile + 1} ${c.from - c.to}`)} ${why}`;
    } else {
      match.hinted = null;
      match.message = t('lost_hint');
    }
  } catch (e) {
    match.message = e.message;
  }
  drawMatch();
});

// ---------------------------------------------------------------------------------------------
// Views of rulesets other helpers are building: each is an entry here, drawn into its panel.
const VIEWS = {
  staircase: (target) => later(target, 'staircase_title', 'staircase_text', 'staircase / coins'),
  stones: (target) => later(target, 'stones_title', 'stones_text', 'stone game'),
  values: (target) => later(target, 'values_title', 'values_text', 'subtraction / octal'),
};
function later(target, title, text, what) {
  target.replaceChildren(el('h2', { text: t(title) }), el('p', { text: t(text) }),
    el('p', { class: 'hint', text: t('later', what) }));
}
function drawViews() {
  document.querySelectorAll('[data-view]').forEach((v) => VIEWS[v.dataset.view]?.(v));
}

// ---------------------------------------------------------------------------------------------
// Language.
function applyLanguage() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = t('title');
  document.querySelectorAll('[data-i18n]').forEach((e) => { e.textContent = t(e.dataset.i18n); });
  $('step-play').textContent = board.timer ? t('pause') : t('play');
  fillGames();
  drawViews();
  drawMatch();
}
$('lang-switch').addEventListener('click', () => {
  lang = lang === 'en' ? 'zh' : 'en';
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLanguage();
  analyzeBoard(true); // the explanation text comes from the server in the new language
});

// Start.
applyLanguage();
const start = tabs.find((b) => `#${b.id.slice(4)}` === location.hash);
if (start) selectTab(start, false);
loadGames().then(() => { match.position = parseNumbers($('play-position').value); drawMatch(); });
analyzeBoard();
