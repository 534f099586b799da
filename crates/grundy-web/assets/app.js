// grundy playground: the Nim proof step by step, games against the computer, staircase Nim and
// coins, the Stone Game, the values explorer. Everything the page knows about a position comes from the JSON API (the
// same JSON as `grundy nim --json`, `grundy stones ends --json`, ...); the page only draws it.
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
    todo_win: (move) => `Winning move: ${move}. Press Next › (or →) to see why, step by step.`,
    todo_lose: 'Every move loses against perfect play. Press Next › (or →) to see why, step by step.',
    grundy: (g) => `Grundy value *${g}`,
    panel_total: (x, bits) => `x = ${x} = ${bits} in binary`,
    panel_bit: (h, v, n) => `highest set bit of x: bit ${h} (value ${v}); ${n} pile(s) have it (yellow)`,
    panel_move: (i, p, x, q) => `pile ${i}: ${p} → ${p} XOR ${x} = ${q}, take ${p - q} (green)`,
    panel_mirror: 'Mirror strategy: whatever the opponent does, answer with the move that makes the XOR 0 again.',
    panel_misere_reply: 'Whatever the opponent does, answer as in normal Nim while two piles above 1 remain; once one is left, leave an odd number of single stones.',
    panel_one_big: (i, p, q) => `pile ${i}: ${p} → ${q}, leaving an odd number of single stones (green)`,
    take: (i, from, to) => `take ${from - to} from pile ${i + 1} (${from} → ${to})`,
    game: 'Game', position: 'Position', who_first: 'First', me: 'me', computer_first: 'computer',
    new_game: 'New game', your_move: 'Your move', move: 'Move', hint: 'Hint', undo: 'Undo',
    your_turn: 'Your turn: click on the board or type a move.',
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
    script_example: 'Example', script_rules: 'Rules (a Rhai script)', script_state: 'Start state',
    script_help: 'Write fn options(state), returning the array of the states one move away; states are numbers, strings, arrays and maps (#{…}). The player who cannot move loses. Write the start state as the script writes states: 10, [3, 5], #{piles: [3, 5], cap: 2}.',
    options_label: 'Options: click one to move there, or type it.',
    more_options: (n) => `… and ${n} more: type them`,
    footer: 'grundy: every impartial game is a Nim heap in disguise.',
    staircase_title: 'Staircase Nim and coins on a strip',
    staircase_text: 'Stones lie on numbered steps; a move carries any number of stones from one step down to the next (from step 1 to the ground). Only the odd steps count: the player to move loses exactly when the odd steps XOR to 0. The even steps do not matter, because a move from an even step onto an odd one is cancelled at once: the other player carries the same stones on down to the next even step, and the odd steps are as before. Coins sliding left on a strip are the same game: the free cells before each coin, read from the right, are the steps.',
    stones_title: 'Stone Game: take a pile from either end',
    stones_text: 'Piles stand in a row and each player takes the first or the last pile. With an even number of piles the first player never loses: colour the piles by the parity of their place; the first move chooses a colour, and from then on the first player can always take a pile of that colour, so they get the larger of the two colour sums. An interval DP gives the exact margin for any row.',
    values_title: 'Values explorer',
    values_text: 'The Grundy values G(0), G(1), … of a heap game (a subtraction set, an octal code) plotted against n, with the period the sequence settles into shaded, and whether the period is proved.',
    va_game: 'Game', va_upto: 'up to n =', va_compute: 'Compute',
    va_p_title: 'P-positions (G(n) = 0)', va_table_title: 'The first values',
    va_notation: 'An octal code such as 0.77 (Kayles), 0.07 (Dawson’s Kayles), 0.137, 4!.0 or grundy (Grundy’s game), or a subtraction set such as 1,2,4 — as grundy values takes it.',
    va_bad_upto: (max) => `n must be a whole number from 0 to ${max}`,
    va_period: (p, n0) => `period ${p} from n = ${n0}`,
    va_arith: (p, s, n0) => `arithmetic period ${p} with saltus ${s} from n = ${n0}`,
    va_proved: (theorem) => `proved (${theorem})`,
    va_not_proved: 'not proved: the values do not reach far enough yet — compute more',
    va_no_theorem: 'not proved: no theorem here turns it into a proof',
    va_none: (n) => `no period in G(0..${n})`,
    va_plot_label: (game, n, max) => `Plot of G(n) for ${game}, n from 0 to ${n}, values from 0 to ${max}`,
    va_preperiod: (n0) => `preperiod: n < ${n0}`,
    va_period_region: 'periodic part (each band is one period)',
    va_ppos_count: (k, n) => `${k} of the ${n} positions 0..${n - 1} are P-positions (the player to move loses)`,
    va_ppos_rule: (n0, p, rs) => `from n = ${n0} on: exactly the n with n mod ${p} in {${rs.join(', ')}}`,
    va_ppos_none_periodic: (n0) => `from n = ${n0} on: none`,
    va_ppos_more: (k) => `… and ${k} more`,
    va_table_more: (shown, n) => `the first ${shown} of ${n} values; the plot shows them all`,
    va_periodic_mark: 'periodic part starts here',
    sc_mode: 'Board', sc_staircase: 'staircase', sc_coins: 'coins on a strip',
    sc_steps: 'Steps (step 1 first)', sc_cells: 'Coins (their cells)',
    sc_play_title: 'Play on the board',
    sc_gaps_as_stairs: 'The gaps read as a staircase: step 1 is the gap before the rightmost coin, step 2 the gap before the next one, and so on.',
    too_large: 'too large to draw: type your moves',
    ground: 'ground', cell_n: (i) => `cell ${i}`,
    carry_button: (n, s) => `carry ${n} from step ${s} down`,
    grid_button: (n, c) => `move ${n} from cell ${c} to the right`,
    slide_button: (coin, cell) => `slide coin ${coin} to cell ${cell}`,
    coin_label: (i, cell) => `coin ${i} on cell ${cell}`,
    odd_line: (values, x) => `odd steps ${values.join(' ⊕ ')} = ${x}`,
    odd_values: (values) => `odd steps now: ${values.join(', ')}`,
    cancel_opponent: (c, s) => `Say the opponent carries ${c} stone(s) from step ${s}, an even step, down onto step ${s - 1}: odd step ${s - 1} changes (green).`,
    cancel_reply: (c, s) => `Reply: carry the same ${c} stone(s) on down to ${s - 2 === 0 ? 'the ground' : `step ${s - 2}`}. The odd steps are exactly as they were, and the stones went two steps down, so this cannot go on for ever: the even steps do not matter.`,
    winning_move: 'The winning move: the steps framed in green.',
    cap: (k) => (k === undefined ? 'no cap: the first move may take a whole pile' : `cap k = ${k}: a move takes at most ${k}`),
    class_odd: 'odd-numbered piles (1, 3, 5, …)', class_even: 'even-numbered piles (2, 4, 6, …)',
    first_player: 'First player', second_greedy: 'Second player (greedy)',
    left: 'left', right: 'right',
    st_start: 'Nobody has taken a pile yet.',
    st_took: (first, end, pile, stones) => `${first ? 'The first player' : 'The greedy opponent'} takes the ${end} pile (pile ${pile}: ${stones} stone${stones === 1 ? '' : 's'}).`,
    st_lock: (cls, end, mine, theirs) => `Even number of piles: the first player takes the ${end} end and from then on always an end of the ${cls}, which sum to ${mine} against ${theirs}. The greedy opponent only ever finds the other colour at both ends.`,
    st_odd: (n) => `${n} piles is an odd number: both ends always have the same colour when the first player moves, so no colour can be locked. The interval DP decides; below, the DP's first player against a greedy opponent.`,
    st_final: (a, b) => `Final score ${a} to ${b}`,
    st_optimal: (a, b) => `With best play on both sides (interval DP): ${a} to ${b}.`,
    st_first_wins: 'the first player wins.', st_second_wins: 'the second player wins.', st_tie: 'a tie.',
    st_table: 'Interval DP: d[i][j] is the most the player to move can lead by on piles i..j; the answer is d[1][n].',
    st_table_later: (n) => `The DP table is drawn for up to 8 piles (this row has ${n}).`,
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
    todo_win: (move) => `必胜走法：${move}。按“下一步 ›”（或 →）逐步看为什么。`,
    todo_lose: '无论怎么走，对手都有必胜应对。按“下一步 ›”（或 →）逐步看为什么。',
    grundy: (g) => `SG 值 *${g}`,
    panel_total: (x, bits) => `x = ${x}，二进制 ${bits}`,
    panel_bit: (h, v, n) => `x 的最高位：第 ${h} 位（值 ${v}）；这一位为 1 的堆有 ${n} 个（黄框）`,
    panel_move: (i, p, x, q) => `第 ${i} 堆：${p} → ${p} 异或 ${x} = ${q}，取走 ${p - q} 个（绿框）`,
    panel_mirror: '镜像策略：对手怎么走，就回应一步让异或和重新变为 0。',
    panel_misere_reply: '对手怎么走都有应对：还剩两堆或以上多于 1 时按普通 Nim 回应；只剩一堆多于 1 时，留下奇数堆单个石子。',
    panel_one_big: (i, p, q) => `第 ${i} 堆：${p} → ${q}，留下奇数堆单个石子（绿框）`,
    take: (i, from, to) => `从第 ${i + 1} 堆取走 ${from - to} 个（${from} → ${to}）`,
    game: '游戏', position: '局面', who_first: '先手', me: '我', computer_first: '电脑',
    new_game: '新对局', your_move: '你的走法', move: '走', hint: '提示', undo: '悔棋',
    your_turn: '轮到你：在棋盘上点击，或输入走法。',
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
    script_example: '示例', script_rules: '规则（Rhai 脚本）', script_state: '初始局面',
    script_help: '写出 fn options(state)，返回一步能到的所有局面组成的数组；局面可以是整数、字符串、数组和映射（#{…}）。无法走棋的一方输。初始局面按脚本的写法书写：10、[3, 5]、#{piles: [3, 5], cap: 2}。',
    options_label: '后继局面：点击即走到那里，也可以输入。',
    more_options: (n) => `……还有 ${n} 个：请输入`,
    footer: 'grundy：每个公平游戏都是一堆伪装的 Nim 石子。',
    staircase_title: '阶梯 Nim 与硬币',
    staircase_text: '石子放在编号的台阶上，每步把某一级台阶上任意多个石子搬到下一级（第 1 级搬到地面）。只有奇数级台阶起作用：当且仅当奇数级台阶上石子数的异或和为 0 时，轮到的一方必败。偶数级无关紧要：若对手把偶数级的石子搬到下面的奇数级，你立刻把同样这些石子继续搬到下一个偶数级，奇数级就恢复原样。在一排格子上向左滑动硬币也是同一个游戏：从右往左看，每枚硬币左边的空格数就是各级台阶。',
    stones_title: '石子游戏：从两端取一堆',
    stones_text: '一排石子堆，双方轮流取走最左或最右的一堆。堆数为偶数时先手不会输：按位置奇偶给堆染色，先手第一步选定一种颜色，之后总能取到这种颜色的堆，于是拿到两种颜色中和较大的一种。区间 DP 给出任意一排的精确分差。',
    values_title: 'SG 值浏览',
    values_text: '画出一个堆游戏（减法游戏、八进制游戏）的 SG 值 G(0)、G(1)……，用阴影标出序列最终进入的周期，并说明周期是否已被证明。',
    va_game: '游戏', va_upto: '算到 n =', va_compute: '计算',
    va_p_title: 'P 局面（G(n) = 0）', va_table_title: '前面的值',
    va_notation: '八进制代码，如 0.77（Kayles）、0.07（Dawson 的 Kayles）、0.137、4!.0 或 grundy（Grundy 游戏）；或减法集合，如 1,2,4 —— 写法与 grundy values 相同。',
    va_bad_upto: (max) => `n 必须是 0 到 ${max} 之间的整数`,
    va_period: (p, n0) => `从 n = ${n0} 起周期为 ${p}`,
    va_arith: (p, s, n0) => `从 n = ${n0} 起为算术周期 ${p}，增量 ${s}`,
    va_proved: (theorem) => `已证明（${theorem === 'octal periodicity theorem' ? '八进制周期定理' : theorem === 'subtraction-game window' ? '减法游戏窗口定理' : theorem === 'take-and-break periodicity theorem' ? '取分游戏周期定理' : theorem}）`,
    va_not_proved: '未证明：算出的值还不够多，请多算一些',
    va_no_theorem: '未证明：这里没有定理能把它变成证明',
    va_none: (n) => `G(0..${n}) 中没有周期`,
    va_plot_label: (game, n, max) => `${game} 的 G(n) 图，n 从 0 到 ${n}，值从 0 到 ${max}`,
    va_preperiod: (n0) => `前周期：n < ${n0}`,
    va_period_region: '周期部分（每条色带是一个周期）',
    va_ppos_count: (k, n) => `0..${n - 1} 这 ${n} 个局面中有 ${k} 个 P 局面（轮到的一方必败）`,
    va_ppos_rule: (n0, p, rs) => `从 n = ${n0} 起：恰好是 n mod ${p} 属于 {${rs.join(', ')}} 的 n`,
    va_ppos_none_periodic: (n0) => `从 n = ${n0} 起：没有`,
    va_ppos_more: (k) => `……还有 ${k} 个`,
    va_table_more: (shown, n) => `只列出 ${n} 个值中的前 ${shown} 个；图中画出全部`,
    va_periodic_mark: '周期部分从这里开始',
    sc_mode: '棋盘', sc_staircase: '阶梯', sc_coins: '一排格子上的硬币',
    sc_steps: '各级台阶（从第 1 级起）', sc_cells: '硬币（所在格子）',
    sc_play_title: '在棋盘上对弈',
    sc_gaps_as_stairs: '把空格看成阶梯：最右边硬币左边的空格是第 1 级，再往左一枚硬币左边的空格是第 2 级，依此类推。',
    too_large: '太大，无法画出：请输入走法',
    ground: '地面', cell_n: (i) => `第 ${i} 格`,
    carry_button: (n, s) => `把第 ${s} 级的 ${n} 个石子往下搬`,
    grid_button: (n, c) => `把第 ${c} 格的 ${n} 个石子右移`,
    slide_button: (coin, cell) => `把第 ${coin} 枚硬币移到第 ${cell} 格`,
    coin_label: (i, cell) => `第 ${i} 枚硬币，在第 ${cell} 格`,
    odd_line: (values, x) => `奇数级 ${values.join(' ⊕ ')} = ${x}`,
    odd_values: (values) => `现在奇数级为：${values.join('、')}`,
    cancel_opponent: (c, s) => `假设对手把第 ${s} 级（偶数级）的 ${c} 个石子搬到第 ${s - 1} 级：奇数级第 ${s - 1} 级变了（绿框）。`,
    cancel_reply: (c, s) => `回应：把同样这 ${c} 个石子继续搬到${s - 2 === 0 ? '地面' : `第 ${s - 2} 级`}。奇数级和原来完全一样，而这些石子下降了两级，所以这种往来不会无限进行：偶数级无关紧要。`,
    winning_move: '必胜走法：绿框中的台阶。',
    cap: (k) => (k === undefined ? '不设上限：第一步可以取走整堆' : `上限 k = ${k}：每步至多取 ${k} 个`),
    class_odd: '奇数号堆（1、3、5……）', class_even: '偶数号堆（2、4、6……）',
    first_player: '先手', second_greedy: '后手（贪心）',
    left: '左', right: '右',
    st_start: '还没有人取堆。',
    st_took: (first, end, pile, stones) => `${first ? '先手' : '贪心的对手'}取${end}端一堆（第 ${pile} 堆：${stones} 个）。`,
    st_lock: (cls, end, mine, theirs) => `堆数为偶数：先手先取${end}端，之后总取${cls}中的一端，这一类共 ${mine}，另一类共 ${theirs}。贪心的对手每次面对的两端都是另一种颜色。`,
    st_odd: (n) => `${n} 堆是奇数：轮到先手时两端颜色总相同，无法锁定一种颜色，由区间 DP 判定；下面是按 DP 走的先手对贪心的对手。`,
    st_final: (a, b) => `最终比分 ${a} 比 ${b}`,
    st_optimal: (a, b) => `双方都走最优（区间 DP）：${a} 比 ${b}。`,
    st_first_wins: '先手获胜。', st_second_wins: '后手获胜。', st_tie: '平局。',
    st_table: '区间 DP：d[i][j] 为面对第 i..j 堆时行动方最多能领先多少；答案是 d[1][n]。',
    st_table_later: (n) => `DP 表只画 8 堆以内（这一排有 ${n} 堆）。`,
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
/** Steps (or twice as many cells) beyond which a board is not drawn: the position is shown as
 * numbers, and moves are typed. */
const MAX_PLACES = 40;

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
// Stepping through frames: « ‹ ▶ › » buttons `${prefix}first` … `${prefix}last`, a counter
// `${prefix}counter`, and the keys ← → Space Home End while the panel is shown.
function makeStepper(prefix, panelId, draw) {
  const s = { frame: 0, count: 0, timer: null };
  const b = (name) => $(`${prefix}${name}`);
  s.update = () => {
    b('counter').textContent = s.count ? t('step', s.frame + 1, s.count) : '';
    b('first').disabled = b('prev').disabled = s.frame === 0;
    b('next').disabled = b('last').disabled = s.frame >= s.count - 1;
    b('play').textContent = s.timer ? t('pause') : t('play');
  };
  s.go = (frame) => {
    if (!s.count) return;
    s.frame = Math.max(0, Math.min(s.count - 1, frame));
    draw();
    s.update();
  };
  /** New frames: `count` of them, showing `frame`. */
  s.reset = (count, frame = 0) => {
    s.stop();
    s.count = count;
    s.frame = Math.max(0, Math.min(count - 1, frame));
    draw();
    s.update();
  };
  s.stop = () => {
    clearInterval(s.timer);
    s.timer = null;
    b('play').textContent = t('play');
  };
  s.toggle = () => {
    if (s.timer) return s.stop();
    if (s.frame >= s.count - 1) s.go(0);
    s.timer = setInterval(() => {
      if (s.frame >= s.count - 1) return s.stop();
      s.go(s.frame + 1);
    }, 1100);
    b('play').textContent = t('pause');
  };
  b('first').addEventListener('click', () => { s.stop(); s.go(0); });
  b('prev').addEventListener('click', () => { s.stop(); s.go(s.frame - 1); });
  b('next').addEventListener('click', () => { s.stop(); s.go(s.frame + 1); });
  b('last').addEventListener('click', () => { s.stop(); s.go(s.count - 1); });
  b('play').addEventListener('click', s.toggle);
  document.addEventListener('keydown', (e) => {
    if ($(panelId).hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) || e.target.getAttribute('role') === 'tab') return;
    if (e.key === ' ' && e.target.tagName === 'BUTTON') return; // a focused button takes Space itself
    const actions = {
      ArrowRight: () => { s.stop(); s.go(s.frame + 1); },
      ArrowLeft: () => { s.stop(); s.go(s.frame - 1); },
      Home: () => { s.stop(); s.go(0); },
      End: () => { s.stop(); s.go(s.count - 1); },
      ' ': s.toggle,
    };
    const action = actions[e.key];
    if (action) { e.preventDefault(); action(); }
  });
  return s;
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
/** The Nim board: its analysis, its frames, and its requests (`asked`: the latest one's number;
 * `waiting`: how many are in flight, shown as `aria-busy` on the board). */
const board = { analysis: null, frames: [], asked: 0, waiting: 0 };
const nimSteps = makeStepper('step-', 'panel-nim', drawBoard);

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
  $('nim-piles').removeAttribute('aria-invalid');
  let piles;
  try {
    piles = parseNumbers($('nim-piles').value);
  } catch (e) {
    // The answer shown is of other piles: it goes until the piles are fixed.
    $('nim-error').textContent = e.message;
    $('nim-piles').setAttribute('aria-invalid', 'true');
    $('answer-bar').hidden = true;
    $('nim-todo').textContent = '';
    return;
  }
  const asked = ++board.asked;
  board.waiting += 1;
  $('nim-board').setAttribute('aria-busy', 'true');
  try {
    const analysis = await api('/api/analyze', {
      game: 'nim', position: piles, misere: $('nim-misere').checked,
      explain: true, lang, max_moves: 1,
    });
    // An answer to an earlier request that arrives late is not shown over a newer one.
    if (asked !== board.asked) return;
    board.analysis = analysis;
    board.frames = framesOf(analysis);
    nimSteps.reset(board.frames.length, keepFrame ? nimSteps.frame : 0);
  } catch (e) {
    if (asked === board.asked) $('nim-error').textContent = e.message;
  } finally {
    board.waiting -= 1;
    if (!board.waiting) $('nim-board').removeAttribute('aria-busy');
  }
}

function drawBoard() {
  const a = board.analysis;
  if (!a) return;
  const bin = a.explanation.find((s) => s.step === 'binary');
  const seen = board.frames.slice(0, nimSteps.frame + 1);
  const current = board.frames[nimSteps.frame];
  const reached = (kind) => seen.find((f) => f.kind === kind);
  const high = reached('highest_bit')?.step;
  const move = reached('move')?.step;
  const oneBig = reached('misere_one_big')?.step;
  const changed = move ? { pile: move.pile, after: move.after } : oneBig ? { pile: oneBig.pile, after: oneBig.after } : null;
  const width = bin.width;

  // Past 12 binary digits the columns narrow, past 32 (or on a phone) they go under the pile:
  // every pile the page takes (up to 2^53 − 1) stays inside the board.
  const size = width > 32 ? 'grid wide wider' : width > 12 ? 'grid wide' : 'grid';
  const grid = el('div', { class: size, style: `--bits: ${width}` });
  const head = el('div', { class: 'row head' },
    el('span', { class: 'label', text: t('pile') }),
    el('span', { class: 'stones-head', text: t('stones') }),
    el('span', { class: 'count', text: 'n' }));
  const headBits = el('span', { class: 'bits' });
  for (let k = width - 1; k >= 0; k--) {
    // A wide board names every fourth place only: the names would overlap.
    const named = width <= 12 || k % 4 === 0;
    headBits.append(el('span', { class: high && high.bit === k ? 'bit hb' : 'bit', text: named ? place(k) : '' }));
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
  const mirror = reached('mirror')?.step || reached('misere_reply')?.step;
  if (mirror) {
    lines.push(t(mirror.step === 'mirror' ? 'panel_mirror' : 'panel_misere_reply'));
    lines.push(`${t('take', mirror.opponent.pile, mirror.opponent.from, mirror.opponent.to)}  ⇒  ${t('take', mirror.reply.pile, mirror.reply.from, mirror.reply.to)}`);
  }
  panel.replaceChildren(...lines.map((l) => el('p', { text: l })));
  panel.hidden = lines.length === 0;

  // The answer first, with what to do; the proof's steps follow one click at a time.
  answerBar($('answer-bar'), a, true);
  const first = a.winning_moves[0]?.change;
  $('nim-todo').textContent = first ? t('todo_win', t('take', first.pile, first.from, first.to)) : t('todo_lose');
  $('nim-caption').textContent = current.caption;
}

/** The answer bar of an impartial analysis: outcome and value, shown once `decided`. */
function answerBar(bar, a, decided) {
  bar.hidden = !decided;
  bar.className = `answer ${a.outcome === 'N' ? 'win' : 'lose'}`;
  bar.textContent = (a.outcome === 'N' ? t('first_wins') : t('first_loses'))
    + (a.grundy === null ? '' : ` · ${t('grundy', a.grundy)}`);
}

$('nim-form').addEventListener('submit', (e) => { e.preventDefault(); analyzeBoard(); });
$('nim-random').addEventListener('click', () => { $('nim-piles').value = randomPiles().join(' '); analyzeBoard(); });
$('nim-misere').addEventListener('change', () => analyzeBoard());

// ---------------------------------------------------------------------------------------------
// Boards of the playable rulesets: `draw(target, match)` draws the match's position with its
// moves as buttons, `write(change)` writes a move of the analysis in the ruleset's notation.

/** Piles of stone buttons: stone j of pile i takes it and those after it, up to `cap`. */
function drawPiles(target, m, piles, cap = Infinity) {
  piles.forEach((p, i) => {
    const row = el('div', { class: 'row pile', 'data-pile': String(i) },
      el('span', { class: 'label', text: `${t('pile')} ${i + 1}` }));
    const stones = el('span', { class: 'stones' });
    if (p <= MAX_DRAWN * 2) {
      for (let j = 0; j < p; j++) {
        const take = p - j;
        const hinted = m.hinted && m.hinted.pile === i && j >= m.hinted.to;
        stones.append(el('button', {
          type: 'button', class: hinted ? 'stone hinted' : 'stone',
          'aria-label': t('take_button', take, i + 1),
          'data-move': `${i + 1} ${take}`,
          ...(take > cap ? { 'data-off': '1' } : {}),
          onclick: () => m.human(`${i + 1} ${take}`),
        }));
      }
    } else {
      stones.append(el('span', { class: 'more', text: `${p}` }));
    }
    row.append(stones, el('span', { class: 'count', text: String(p) }));
    target.append(row);
  });
}

/**
 * A staircase: the ground, then steps 1, 2, … rising to the right, odd steps coloured. Options:
 * `m` (a match: stones are buttons that carry that stone and those above it down), `marks`
 * (step index → class), `labels` (step index → count text), `hinted` ({from, count}), `ground`
 * (a label for stones just carried to the ground).
 */
function drawStairs(target, steps, { m = null, marks = {}, labels = {}, hinted = null, ground } = {}) {
  if (steps.length > MAX_PLACES) return tooLarge(target, steps);
  const row = el('div', { class: 'stairs', style: `--steps: ${steps.length}` });
  row.append(el('div', { class: ground ? 'step ground green' : 'step ground' },
    el('span', { class: 'pile-of' }, ground ? el('span', { class: 'landed', text: ground }) : null),
    el('span', { class: 'block', style: '--h: 0' }),
    el('span', { class: 'step-label', text: t('ground') })));
  steps.forEach((a, i) => {
    const odd = i % 2 === 0;
    const col = el('div', {
      class: ['step', odd ? 'odd' : 'even', marks[i] || ''].join(' ').trim(),
      'data-step': String(i + 1),
    });
    const pile = el('span', { class: 'pile-of' });
    const drawn = Math.min(a, MAX_DRAWN);
    for (let j = 0; j < drawn; j++) {
      const count = a - j; // stone j from the bottom: it and those above it
      const isHinted = hinted && hinted.from === i && count <= hinted.count;
      if (m) {
        pile.append(el('button', {
          type: 'button', class: isHinted ? 'stone hinted' : 'stone',
          'aria-label': t('carry_button', count, i + 1),
          'data-move': `${i + 1} ${count}`,
          onclick: () => m.human(`${i + 1} ${count}`),
        }));
      } else {
        pile.append(el('span', { class: 'stone', 'aria-hidden': 'true' }));
      }
    }
    if (a > MAX_DRAWN) pile.append(el('span', { class: 'more', text: `+${a - MAX_DRAWN}` }));
    col.append(pile,
      el('span', { class: 'block', style: `--h: ${i + 1}` }, el('span', { class: 'count', text: labels[i] ?? String(a) })),
      el('span', { class: 'step-label', text: String(i + 1) }));
    row.append(col);
  });
  target.append(row);
}

/**
 * Coins on a strip of cells 1, 2, …: each coin labelled with its number (as given), the free
 * cells coloured by the staircase step of their gap (odd steps coloured). With a match `m`, the
 * free cells are buttons that slide the coin to their right onto them.
 */
function drawStrip(target, cells, { m = null, marks = {}, hinted = null } = {}) {
  const order = cells.map((c, i) => [c, i]).sort((a, b) => a[0] - b[0]);
  const last = order.length ? order[order.length - 1][0] : 0;
  if (last > MAX_PLACES * 2) return tooLarge(target, cells);
  const strip = el('div', { class: 'strip', style: `--cells: ${last}` });
  let k = 0; // index in `order` of the next coin to the right
  for (let c = 1; c <= last; c++) {
    while (order[k][0] < c) k++;
    const [cell, coin] = order[k];
    const step = order.length - k; // the gap before the k-th coin is step n − k
    if (cell === c) {
      strip.append(el('span', {
        class: ['cell', 'has-coin', marks[coin] || ''].join(' ').trim(),
        'aria-label': t('coin_label', coin + 1, c), title: t('coin_label', coin + 1, c),
      }, el('span', { class: 'coin', text: String(coin + 1) }), el('span', { class: 'cell-no', text: String(c) })));
    } else {
      const isHinted = hinted && hinted.coin === coin && hinted.to === c;
      const cls = `cell free ${step % 2 === 1 ? 'odd' : 'even'}${isHinted ? ' hinted' : ''}`;
      const label = el('span', { class: 'cell-no', text: String(c) });
      strip.append(m
        ? el('button', {
          type: 'button', class: cls, 'aria-label': t('slide_button', coin + 1, c),
          'data-move': `${coin + 1} ${c}`, onclick: () => m.human(`${coin + 1} ${c}`),
        }, label)
        : el('span', { class: cls }, label));
    }
  }
  target.append(strip);
}

function tooLarge(target, numbers) {
  target.append(el('p', { class: 'position', text: `${numbers.join(' ')}  (${t('too_large')})` }));
}

const BOARDS = {
  nim: {
    draw: (target, m) => drawPiles(target, m, m.resume.position),
    write: (c) => `${c.pile + 1} ${c.from - c.to}`,
  },
  nonincreasing: {
    draw(target, m) {
      const k = m.resume.k === undefined ? undefined : Number(m.resume.k);
      target.append(el('p', { class: 'cap', text: t('cap', m.resume.k) }));
      drawPiles(target, m, m.resume.position, k ?? Infinity);
    },
    write: (c) => `${c.pile + 1} ${c.from - c.to}`,
  },
  staircase: {
    draw: (target, m) => drawStairs(target, m.resume.position, { m, hinted: m.hinted }),
    write: (c) => `${c.from + 1} ${c.count}`,
  },
  grid: {
    draw(target, m) {
      // The cells left to right, the last one the end: stone j of cell i moves it and those after it.
      const cells = m.resume.position;
      const row = el('div', { class: 'grid-cells' });
      cells.forEach((a, i) => {
        const cell = el('div', { class: i === cells.length - 1 ? 'gcell end' : 'gcell', 'data-cell': String(i + 1) });
        const pile = el('span', { class: 'stones' });
        for (let j = 0; j < Math.min(a, MAX_DRAWN); j++) {
          const count = a - j;
          const hinted = m.hinted && m.hinted.kind === 'carry' && m.hinted.from === i && count <= m.hinted.count;
          pile.append(i === cells.length - 1
            ? el('span', { class: 'stone', 'aria-hidden': 'true' })
            : el('button', {
              type: 'button', class: hinted ? 'stone hinted' : 'stone', 'aria-label': t('grid_button', count, i + 1),
              'data-move': `${i + 1} ${count}`, onclick: () => m.human(`${i + 1} ${count}`),
            }));
        }
        if (a > MAX_DRAWN) pile.append(el('span', { class: 'more', text: `+${a - MAX_DRAWN}` }));
        cell.append(pile, el('span', { class: 'count', text: String(a) }), el('span', { class: 'cell-no', text: t('cell_n', i + 1) }));
        row.append(cell);
      });
      target.append(row);
    },
    write: (c) => `${c.from + 1} ${c.count}`,
  },
  coins: {
    draw: (target, m) => drawStrip(target, m.resume.position, { m, hinted: m.hinted }),
    write: (c) => `${c.coin + 1} ${c.to}`,
  },
  subtraction: {
    draw(target, m) {
      // A stone that takes a number outside the set is refused by the server with the reason.
      target.append(el('p', { class: 'cap', text: `S = {${m.resume.set}}` }));
      drawPiles(target, m, m.resume.position);
    },
    write: (c) => `${c.pile + 1} ${c.from - c.to}`,
  },
  wythoff: {
    // Taking from both piles is typed: `both COUNT`.
    draw: (target, m) => drawPiles(target, m, m.resume.position),
    write: (c) => (c.kind === 'take_both' ? `both ${c.from[0] - c.to[0]}` : `${c.pile + 1} ${c.from - c.to}`),
  },
  lasker: {
    // Splits are typed: `split PILE X`.
    draw: (target, m) => drawPiles(target, m, m.resume.position),
    write: (c) => (c.kind === 'split' ? `split ${c.pile + 1} ${c.into[0]}` : `${c.pile + 1} ${c.from - c.to}`),
  },
  octal: {
    // A stone takes from one pile and leaves the rest as one pile; breaks are typed:
    // `PILE COUNT A B` leaves the rest as the piles A and B.
    draw(target, m) {
      target.append(el('p', { class: 'cap', text: m.resume.code }));
      drawPiles(target, m, m.resume.position);
    },
    write: (c) => (c.kind === 'break'
      ? `${c.pile + 1} ${c.from - c.into.reduce((a, b) => a + b, 0)} ${c.into.join(' ')}`
      : `${c.pile + 1} ${c.from - c.to}`),
  },
  script: {
    // The state as the script writes it, and its options as buttons: a move is the state after it.
    draw(target, m) {
      target.append(el('p', { class: 'position script-state', text: m.resume.state }));
      const { options, count } = m.choices || { options: [], count: 0 };
      if (!options.length) return;
      target.append(el('p', { class: 'hint', text: t('options_label') }),
        el('div', { class: 'options', role: 'group', 'aria-label': t('options_label') },
          ...options.map((o) => el('button', {
            type: 'button', class: m.hinted && m.hinted.to === o ? 'option hinted' : 'option',
            'data-move': o, text: o, onclick: () => m.human(o),
          }))));
      if (count > options.length) target.append(el('p', { class: 'hint', text: t('more_options', count - options.length) }));
    },
    write: (c) => c.to,
  },
};

// ---------------------------------------------------------------------------------------------
// A game against the computer, whatever the board: the Play tab and the staircase view each
// hold one. `changed()` is called whenever something is to be redrawn.
function makeMatch(changed) {
  const m = {
    game: 'nim', misere: false, resume: { position: [] }, history: [], log: [],
    over: false, busy: false, hinted: null, message: '', finished: null,
    // A script game's rules, and the options of its position ({options, count}).
    script: null, choices: null,
  };
  m.request = (extra) => ({
    game: m.game, misere: m.misere, lang, ...(m.script === null ? {} : { script: m.script }), ...m.resume, ...extra,
  });
  /** Keeps the options an answer lists (script games). */
  const choose = (r) => { m.choices = r.options ? { options: r.options, count: r.option_count } : null; };
  /** The game is over after `last` moved: normal play, the last mover wins; misère, loses. */
  const finish = (last) => {
    m.over = true;
    m.finished = (last === 'human') === !m.misere ? 'human' : 'computer';
  };
  m.start = async (game, resume, misere, first, extra = {}) => {
    Object.assign(m, {
      game, resume, misere, history: [], log: [], over: false, busy: false,
      finished: null, hinted: null, message: '', failed: false, script: null, choices: null, ...extra,
    });
    await changed();
    if (first === 'computer') await m.computer();
  };
  m.computer = async () => {
    m.busy = true;
    await changed();
    try {
      const r = await api('/api/computer', m.request({}));
      m.resume = r.resume;
      choose(r);
      m.log.push({ who: 'computer', description: r.description, shown: r.shown });
      if (r.over) finish('computer');
    } catch (e) {
      m.fail(e);
    }
    m.busy = false;
    await changed();
  };
  m.human = async (text) => {
    if (m.over || m.busy) return;
    m.hinted = null;
    try {
      const r = await api('/api/move', m.request({ move: text }));
      m.history.push({ resume: m.resume, log: m.log.length, choices: m.choices });
      m.resume = r.resume;
      choose(r);
      m.log.push({ who: 'human', description: r.description, shown: r.shown });
      m.message = '';
      m.failed = false;
      if (r.over) {
        finish('human');
        await changed();
      } else {
        await m.computer();
      }
    } catch (e) {
      m.fail(e);
      await changed();
    }
  };
  /** Shows `e` as an error until the next message. */
  m.fail = (e) => {
    m.message = e.message;
    m.failed = true;
  };
  m.undo = async () => {
    m.failed = false;
    const back = m.history.pop();
    if (!back) {
      m.message = t('nothing_to_undo');
    } else {
      m.resume = back.resume;
      m.choices = back.choices;
      m.log.length = back.log;
      Object.assign(m, { over: false, finished: null, hinted: null, message: '' });
    }
    await changed();
  };
  m.hint = async () => {
    m.failed = false;
    try {
      const a = await api('/api/analyze', m.request({ explain: true, max_moves: 1 }));
      const first = a.winning_moves[0];
      if (a.outcome === 'N' && first) {
        m.hinted = first.change;
        const why = a.explanation[a.explanation.length - 1].text;
        m.message = `${t('hint_move', first.description, BOARDS[m.game].write(first.change))} ${why}`;
      } else {
        m.hinted = null;
        m.message = t('lost_hint');
      }
    } catch (e) {
      m.fail(e);
    }
    await changed();
  };
  return m;
}

/** Draws a match's status, message, notation line and log into the elements `ids` names. */
function drawMatchText(m, ids, info) {
  $(ids.status).textContent = m.finished
    ? (m.finished === 'human' ? t('you_win') : t('computer_wins'))
    : m.over ? '' : m.busy ? t('thinking') : t('your_turn');
  $(ids.status).className = `status ${m.finished ? (m.finished === 'human' ? 'won' : 'lost') : ''}`;
  $(ids.message).textContent = m.message;
  $(ids.message).className = m.failed ? 'message error' : 'message';
  $(ids.submit).disabled = $(ids.hint).disabled = m.over || m.busy;
  $(ids.undo).disabled = m.busy || m.history.length === 0;
  if (info) {
    const n = info.notation;
    $(ids.notation).textContent = lang === 'zh'
      ? `走法写作「${n.zh}」：${n.meaning_zh}（例如 ${n.example}）`
      : `A move is ${n.en}: ${n.meaning_en} (e.g. ${n.example}).`;
  }
  // A move that names the position it reaches (a script game's "move to 9") is not followed by
  // that position a second time.
  $(ids.log).replaceChildren(...m.log.map((e) => el('li', { class: e.who },
    `${e.who === 'human' ? t('you') : t('computer')}: ${e.description}`
    + (e.description.endsWith(e.shown) ? '' : `  ⇒  ${e.shown}`))));
}

/** Wires a move form, hint and undo buttons to a match. */
function wireMatch(m, ids) {
  $(ids.form).addEventListener('submit', (e) => { e.preventDefault(); m.human($(ids.input).value); $(ids.input).value = ''; });
  $(ids.hint).addEventListener('click', () => m.hint());
  $(ids.undo).addEventListener('click', () => m.undo());
}

// ---------------------------------------------------------------------------------------------
// The Play tab.
let games = [];
const PLAY_IDS = {
  status: 'play-status', message: 'play-message', submit: 'move-submit', hint: 'play-hint',
  undo: 'play-undo', notation: 'play-notation', log: 'play-log', form: 'move-form', input: 'move-input',
};
const match = makeMatch(drawMatch);
wireMatch(match, PLAY_IDS);

function drawMatch() {
  const target = $('play-board');
  target.replaceChildren();
  const board = BOARDS[match.game];
  const drawable = match.game === 'script' ? match.resume.state !== undefined : match.resume.position.length > 0;
  if (board && drawable) board.draw(target, match);
  else if (match.resume.position) target.append(el('p', { class: 'position', text: match.resume.position.join(' ') }));
  target.querySelectorAll('button').forEach((b) => { b.disabled = match.over || match.busy || b.dataset.off === '1'; });
  const info = games.find((g) => g.game === match.game);
  if (info) $('move-input').placeholder = info.notation.example;
  drawMatchText(match, PLAY_IDS, info);
}

function fillGames() {
  const select = $('play-game');
  const chosen = select.value || match.game;
  const names = games.map((g) => g.game);
  select.replaceChildren(...games.map((g) => el('option', { value: g.game, text: g.title[lang] })));
  select.value = names.includes(chosen) ? chosen : 'nim';
  fillExamples();
  fillParams();
}

/** The example scripts (from `GET /api/games`) in the picker; the first one in the editor if it is empty. */
function fillExamples() {
  const examples = games.find((g) => g.game === 'script')?.examples || [];
  const picker = $('script-example');
  const chosen = picker.value;
  picker.replaceChildren(...examples.map((e) => el('option', { value: e.name, text: e.name })));
  if (chosen) picker.value = chosen;
  if (!$('script-source').value && examples.length) showExample();
}

function showExample() {
  const example = games.find((g) => g.game === 'script')?.examples.find((e) => e.name === $('script-example').value);
  if (!example) return;
  $('script-source').value = example.script;
  $('script-state').value = example.state;
}

/** One input per parameter of the chosen ruleset (the shrinking cap's k, the subtraction set). */
function fillParams() {
  const info = games.find((g) => g.game === $('play-game').value);
  const old = Object.fromEntries([...$('play-params').querySelectorAll('input')].map((i) => [i.name, i.value]));
  $('play-params').replaceChildren(...(info ? info.params : []).map((p) => el('label', {},
    el('span', { text: p.name, title: lang === 'zh' ? p.zh : p.en }),
    el('input', { name: p.name, value: old[p.name] ?? '', size: '8', 'aria-label': lang === 'zh' ? p.zh : p.en }))));
  $('play-misere').disabled = !['nim'].includes($('play-game').value);
  if ($('play-misere').disabled) $('play-misere').checked = false;
  // A script game has its rules and start state instead of a position.
  const script = $('play-game').value === 'script';
  $('play-script').hidden = !script;
  $('play-position-label').hidden = script;
  $('play-misere').closest('label').hidden = script;
  if (!script) $('script-error').textContent = '';
}

async function loadGames() {
  try {
    const v = await (await fetch('/api/games')).json();
    games = v.games;
    explorer.maxUpto = v.limits.max_upto;
    $('va-upto').max = String(explorer.maxUpto);
  } catch (e) {
    games = [];
  }
  fillGames();
}

/** A script game: the rules are checked and the start state listed by the server first; their
 * errors (with line and column) are shown under the editor. With `random`, the server picks the
 * start among the states of the script's `fn start()`. */
async function newScriptMatch(random = false) {
  const script = $('script-source').value;
  const first = $('play-first').value;
  $('script-error').textContent = '';
  try {
    const request = { game: 'script', script, lang };
    if (!random) request.state = $('script-state').value;
    const a = await api('/api/analyze', request);
    $('script-state').value = a.state;
    await match.start('script', a.resume, false, first, { script, choices: { options: a.options, count: a.option_count } });
  } catch (e) {
    $('script-error').textContent = e.message;
    Object.assign(match, {
      game: 'script', resume: {}, script: null, choices: null, history: [], log: [],
      over: true, finished: null, hinted: null, message: '', failed: false,
    });
    drawMatch();
  }
}

function newMatch() {
  if ($('play-game').value === 'script') return newScriptMatch();
  let position;
  try {
    position = parseNumbers($('play-position').value);
  } catch (e) {
    match.fail(e);
    return drawMatch();
  }
  const resume = { position };
  for (const input of $('play-params').querySelectorAll('input')) {
    if (input.value.trim()) resume[input.name] = input.value.trim();
  }
  match.start($('play-game').value || 'nim', resume, $('play-misere').checked, $('play-first').value);
}

$('play-form').addEventListener('submit', (e) => { e.preventDefault(); newMatch(); });
$('play-game').addEventListener('change', fillParams);
$('script-example').addEventListener('change', showExample);
$('play-random').addEventListener('click', () => {
  if ($('play-game').value === 'script') {
    newScriptMatch(true);
    return;
  }
  $('play-position').value = randomPiles().join(' ');
  newMatch();
});

// ---------------------------------------------------------------------------------------------
// Staircase and coins: the proof's steps from the library, drawn on the staircase (for coins,
// the staircase of the gaps, under the strip), and a game on the same board.
const SC_IDS = {
  status: 'sc-status', message: 'sc-message', submit: 'sc-move-submit', hint: 'sc-hint',
  undo: 'sc-undo', notation: 'sc-notation', log: 'sc-log', form: 'sc-move-form', input: 'sc-move-input',
};
const stairs = { analysis: null, frames: [], base: [], shown: 0 };
const stairSteps = makeStepper('sc-step-', 'panel-staircase', drawStairView);
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

function drawStairPlay() {
  const m = stairMatch;
  drawMatchText(m, SC_IDS, games.find((g) => g.game === m.game));
  $('sc-board').querySelectorAll('button').forEach((b) => { b.disabled = m.over || m.busy; });
  $('sc-strip').querySelectorAll('button').forEach((b) => { b.disabled = m.over || m.busy; });
}

function stairGame() {
  return document.querySelector('input[name=sc-game]:checked').value;
}

function newStairGame() {
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

// ---------------------------------------------------------------------------------------------
// The Stone Game (two ends): piles coloured by the parity of their place, the first player's
// strategy against a greedy opponent move by move, and for odd rows the interval DP table.
const stones = { result: null, moves: [], totals: null };
const stoneSteps = makeStepper('st-step-', 'panel-stones', drawStones);

async function analyzeStones(keepFrame = false) {
  $('st-error').textContent = '';
  let piles;
  try {
    piles = parseNumbers($('st-piles').value);
  } catch (e) {
    $('st-error').textContent = e.message;
    return;
  }
  try {
    const v = await api('/api/stones', { piles, explain: true, lang, max_moves: 2 });
    stones.result = v;
    const game = v.parity ? v.parity.against_greedy : v.against_greedy;
    stones.moves = game ? game.moves : [];
    stones.totals = game ? game.totals : null;
    stoneSteps.reset(stones.moves.length + 1, keepFrame ? stoneSteps.frame : 0);
  } catch (e) {
    $('st-error').textContent = e.message;
  }
}

function drawStones() {
  const v = stones.result;
  if (!v) return;
  const k = stoneSteps.frame; // moves made
  const made = stones.moves.slice(0, k);
  const taken = new Map(made.map((mv, i) => [mv.pile, i % 2 === 0 ? 'first' : 'second']));
  const cls = (i) => (i % 2 === 0 ? 'odd' : 'even');
  const locked = v.parity ? (v.parity.class === 'odd' ? 0 : 1) : null;

  $('st-legend').replaceChildren(
    el('span', { class: 'key' }, el('span', { class: 'swatch odd' }), ` ${t('class_odd')}` + (v.parity ? ` = ${v.parity.odd_sum}` : '')),
    el('span', { class: 'key' }, el('span', { class: 'swatch even' }), ` ${t('class_even')}` + (v.parity ? ` = ${v.parity.even_sum}` : '')));

  const row = el('div', { class: 'chips' });
  v.position.forEach((p, i) => {
    const by = taken.get(i);
    const last = k > 0 && stones.moves[k - 1].pile === i;
    row.append(el('span', {
      class: ['chip', cls(i), by ? `taken by-${by}` : '', last ? 'last' : '', locked === i % 2 ? 'locked' : ''].join(' ').replace(/\s+/g, ' ').trim(),
      'data-pile': String(i + 1), title: `${t('pile')} ${i + 1}: ${p}`,
    }, el('span', { class: 'value', text: String(p) }), el('span', { class: 'index', text: String(i + 1) })));
  });
  $('st-board').replaceChildren(row);

  // Score chips: what each player has taken so far.
  const trays = ['first', 'second'].map((who, w) => {
    const mine = made.filter((_, i) => i % 2 === w);
    const sum = mine.reduce((s, mv) => s + mv.stones, 0);
    return el('div', { class: `tray ${who}`, 'data-player': who },
      el('span', { class: 'label', text: w === 0 ? t('first_player') : t('second_greedy') }),
      el('span', { class: 'tray-chips' }, ...mine.map((mv) => el('span', { class: `chip small ${cls(mv.pile)}`, text: String(mv.stones) }))),
      el('span', { class: 'total', text: String(sum) }));
  });
  $('st-scores').replaceChildren(...trays);

  // The strategy, the move just made, and at the end the final score.
  const lines = [];
  if (v.parity) {
    lines.push(t('st_lock', v.parity.class === 'odd' ? t('class_odd') : t('class_even'), t(v.parity.end), v.parity.guaranteed.first, v.parity.guaranteed.second));
  } else if (v.position.length > 0) {
    lines.push(t('st_odd', v.position.length));
  }
  if (v.totals) lines.push(t('st_optimal', v.totals.first, v.totals.second));
  $('st-panel').replaceChildren(...lines.map((l) => el('p', { text: l })));
  $('st-panel').hidden = lines.length === 0;
  const mv = stones.moves[k - 1];
  $('st-caption').textContent = mv ? t('st_took', (k - 1) % 2 === 0, t(mv.end), mv.pile + 1, mv.stones) : t('st_start');

  const end = k === stones.moves.length && stones.totals;
  const verdict = $('st-verdict');
  verdict.hidden = !end;
  if (end) {
    const { first, second } = stones.totals;
    const key = first > second ? 'st_first_wins' : first < second ? 'st_second_wins' : 'st_tie';
    verdict.className = `answer ${first > second ? 'win' : first < second ? 'lose' : 'tie'}`;
    verdict.textContent = `${t('st_final', first, second)}${lang === 'zh' ? '：' : ': '}${t(key)}`;
  }

  // The interval DP table, for odd rows (the library gives it up to 8 piles).
  const table = (v.explanation || []).find((s) => s.step === 'table');
  const box = $('st-table');
  box.hidden = Boolean(v.parity) || v.position.length === 0;
  if (!box.hidden) {
    box.replaceChildren(table ? dpTable(table) : el('p', { class: 'hint', text: t('st_table_later', v.position.length) }));
  }
}

function dpTable(step) {
  const n = step.values.length;
  const head = el('tr', {}, el('th', { text: 'i \\ j' }), ...step.values.map((p, j) => el('th', { scope: 'col', class: j % 2 === 0 ? 'odd' : 'even' }, `${j + 1}`, el('small', { text: ` (${p})` }))));
  const rows = step.rows.map((row, i) => el('tr', {},
    el('th', { scope: 'row', text: String(i + 1) }),
    ...Array.from({ length: n }, (_, j) => {
      if (j < i) return el('td', { class: 'blank' });
      const d = row[j - i];
      return el('td', { class: i === 0 && j === n - 1 ? 'answer-cell' : '', text: String(d) });
    })));
  return el('div', {}, el('p', { class: 'hint', text: t('st_table') }),
    el('table', { class: 'dp-table' }, el('thead', {}, head), el('tbody', {}, ...rows)));
}

$('st-form').addEventListener('submit', (e) => { e.preventDefault(); analyzeStones(); });
$('st-random').addEventListener('click', () => { $('st-piles').value = randomPiles().join(' '); analyzeStones(); });

// ---------------------------------------------------------------------------------------------
// Values explorer: G(0..N) of a heap game from POST /api/values (the JSON of `grundy values
// --json`), drawn as an SVG plot with the preperiod marked and the period shaded band by band,
// the P-positions, and the first values as a table whose rows are one period wide.
const explorer = { result: null, maxUpto: 100000 };
const SVG = 'http://www.w3.org/2000/svg';
/** Values listed in the table and P-positions listed, at most. */
const TABLE_VALUES = 240;
const LISTED_P = 120;

function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c != null) e.append(c);
  return e;
}

async function computeValues() {
  $('va-error').textContent = '';
  const game = $('va-game').value.trim();
  const upto = Number($('va-upto').value);
  if (!Number.isInteger(upto) || upto < 0 || upto > explorer.maxUpto) {
    $('va-error').textContent = t('va_bad_upto', explorer.maxUpto);
    return;
  }
  $('va-compute').disabled = true;
  try {
    explorer.result = await api('/api/values', { game, upto });
    drawValues();
  } catch (e) {
    $('va-error').textContent = e.message;
  } finally {
    $('va-compute').disabled = false;
  }
}

/** The period's summary line, or the reason there is none. */
function periodText(v) {
  const n = v.values.length - 1;
  const p = v.period;
  if (!p) return t('va_none', n);
  const kind = p.saltus > 0 ? t('va_arith', p.period, p.saltus, p.preperiod) : t('va_period', p.period, p.preperiod);
  // No theorem covers arithmetic periods or the modifiers ! ? = (as `grundy values` says).
  const noTheorem = p.saltus > 0 || /[!?=]/.test(v.code);
  const proof = p.proved ? t('va_proved', p.theorem) : noTheorem ? t('va_no_theorem') : t('va_not_proved');
  return `${kind}: ${proof}`;
}

function drawValues() {
  const v = explorer.result;
  if (!v) return;
  const summary = $('va-summary');
  summary.hidden = false;
  summary.className = `answer ${v.period?.proved ? 'win' : 'tie'}`;
  summary.dataset.period = v.period ? String(v.period.period) : '';
  summary.dataset.preperiod = v.period ? String(v.period.preperiod) : '';
  summary.dataset.proved = String(Boolean(v.period?.proved));
  const name = v.game === v.code ? v.game : `${v.game} (${v.code})`;
  summary.textContent = `${name}: ${periodText(v)}`;
  drawPlot(v);
  drawPPositions(v);
  drawValueTable(v);
  $('va-results').hidden = false;
}

/** G(n) against n. Above one point per pixel column, each column is drawn as the segment from
 * the least to the largest value it covers, so thousands of values stay readable. */
function drawPlot(v) {
  const values = v.values;
  const count = values.length;
  const max = Math.max(1, v.stats.max.value);
  // As wide as the figure in pixels (900 while hidden), so that the text stays legible on a
  // phone; a resize redraws it.
  const W = Math.max(320, Math.round($('va-plot').clientWidth - 14) || 900);
  const H = W < 600 ? 240 : 320;
  const m = { left: 44, right: 12, top: 14, bottom: 40 };
  const w = W - m.left - m.right;
  const h = H - m.top - m.bottom;
  const x = (n) => m.left + (count <= 1 ? 0 : (n / (count - 1)) * w);
  const y = (g) => m.top + h - (g / max) * h;
  const plot = svg('svg', {
    viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('va_plot_label', v.game, count - 1, v.stats.max.value),
    preserveAspectRatio: 'xMidYMid meet',
  });

  // The periodic part shaded, one band per period (alternating), and the preperiod marked.
  const p = v.period;
  if (p && p.preperiod < count) {
    const bands = svg('g', { class: 'bands' });
    const bandWidth = (p.period / Math.max(1, count - 1)) * w;
    if (bandWidth >= 3) {
      for (let k = 0, start = p.preperiod; start < count; k++, start += p.period) {
        const end = Math.min(count - 1, start + p.period);
        bands.append(svg('rect', { class: k % 2 ? 'band odd' : 'band', x: x(start), y: m.top, width: Math.max(0.5, x(end) - x(start)), height: h }));
      }
    } else {
      bands.append(svg('rect', { class: 'band', x: x(p.preperiod), y: m.top, width: x(count - 1) - x(p.preperiod), height: h }));
    }
    plot.append(bands);
    plot.append(svg('line', { class: 'preperiod', x1: x(p.preperiod), x2: x(p.preperiod), y1: m.top, y2: m.top + h }));
  }

  // Axes with a few ticks.
  const axes = svg('g', { class: 'axes' });
  axes.append(svg('line', { x1: m.left, x2: m.left + w, y1: m.top + h, y2: m.top + h }));
  axes.append(svg('line', { x1: m.left, x2: m.left, y1: m.top, y2: m.top + h }));
  // Ticks at multiples of 1, 2 or 5 times a power of ten, about `parts` of them.
  const ticks = (top, parts) => {
    const rough = Math.max(1, top / parts);
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough);
    const out = [];
    for (let k = 0; k <= top; k += step) out.push(k);
    return out;
  };
  for (const n of ticks(count - 1, W < 600 ? 4 : 8)) {
    axes.append(svg('line', { x1: x(n), x2: x(n), y1: m.top + h, y2: m.top + h + 4 }));
    axes.append(svg('text', { x: x(n), y: m.top + h + 17, 'text-anchor': 'middle' }, String(n)));
  }
  for (const g of ticks(max, 6)) {
    axes.append(svg('line', { x1: m.left - 4, x2: m.left, y1: y(g), y2: y(g) }));
    axes.append(svg('text', { x: m.left - 7, y: y(g) + 4, 'text-anchor': 'end' }, String(g)));
  }
  axes.append(svg('text', { x: m.left + w / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-name' }, 'n'));
  axes.append(svg('text', { x: 12, y: m.top + h / 2, 'text-anchor': 'middle', class: 'axis-name', transform: `rotate(-90 12 ${m.top + h / 2})` }, 'G(n)'));
  plot.append(axes);

  // The values.
  if (count <= w / 3) {
    const dots = svg('g', { class: 'dots' });
    let d = '';
    values.forEach((g, n) => { d += `${n ? 'L' : 'M'}${x(n).toFixed(1)},${y(g).toFixed(1)}`; });
    dots.append(svg('path', { class: 'trace', d }));
    values.forEach((g, n) => dots.append(svg('circle', { cx: x(n), cy: y(g), r: count <= 120 ? 3 : 2, class: g === 0 ? 'zero' : '' },
      svg('title', {}, `G(${n}) = ${g}`))));
    plot.append(dots);
  } else {
    let d = '';
    const columns = Math.floor(w);
    for (let c = 0; c < columns; c++) {
      const lo = Math.floor((c / columns) * count);
      const hi = Math.max(lo + 1, Math.floor(((c + 1) / columns) * count));
      let least = Infinity;
      let most = -Infinity;
      for (let n = lo; n < hi && n < count; n++) {
        least = Math.min(least, values[n]);
        most = Math.max(most, values[n]);
      }
      const cx = (m.left + c + 0.5).toFixed(1);
      d += `M${cx},${(y(least) + 0.8).toFixed(1)}V${(y(most) - 0.8).toFixed(1)}`;
    }
    plot.append(svg('path', { class: 'envelope', d }));
  }

  const legend = el('figcaption', { class: 'legend' });
  if (p && p.preperiod < count) {
    legend.append(el('span', { class: 'key' }, el('span', { class: 'swatch preperiod-key' }), ` ${t('va_preperiod', p.preperiod)}`),
      el('span', { class: 'key' }, el('span', { class: 'swatch band-key' }), ` ${t('va_period_region')}`));
  }
  $('va-plot').replaceChildren(plot, legend);
  $('va-plot').hidden = false;
}

function drawPPositions(v) {
  const zeros = [];
  v.values.forEach((g, n) => { if (g === 0) zeros.push(n); });
  const lines = [el('span', { class: 'count-line', text: t('va_ppos_count', zeros.length, v.values.length) })];
  const p = v.period;
  if (p && p.saltus === 0) {
    const residues = [];
    for (let n = p.preperiod; n < p.preperiod + p.period && n < v.values.length; n++) {
      if (v.values[n] === 0) residues.push(n % p.period);
    }
    residues.sort((a, b) => a - b);
    lines.push(el('span', { class: 'rule', text: residues.length ? t('va_ppos_rule', p.preperiod, p.period, residues) : t('va_ppos_none_periodic', p.preperiod) }));
  }
  const listed = zeros.slice(0, LISTED_P).join(', ') + (zeros.length > LISTED_P ? ` ${t('va_ppos_more', zeros.length - LISTED_P)}` : '');
  lines.push(el('code', { class: 'list', text: listed }));
  $('va-ppos').replaceChildren(...lines.flatMap((l) => [l, el('br')]).slice(0, -1));
}

/** Row widths for the values table, widest first: with a short period, its multiples (from at
 * least 8) and then its divisors, so that columns stay aligned on the period; else 10 down to 4. */
function rowWidths(p) {
  if (!(p && p.saltus === 0 && p.period <= 40)) return [10, 8, 6, 5, 4];
  const widths = [];
  for (let k = Math.ceil(8 / p.period); k >= 1; k--) widths.push(p.period * k);
  for (let d = p.period - 1; d >= 2; d--) if (p.period % d === 0) widths.push(d);
  return widths;
}

/** The values table, in the widest rows that fit the card (it is drawn again on resize). */
function drawValueTable(v) {
  const box = $('va-table');
  const widths = rowWidths(v.period);
  for (const row of widths) {
    drawValueRows(v, row);
    // A hidden card has no width yet: it is fitted when it is shown.
    if (!box.clientWidth || box.scrollWidth <= box.clientWidth) return;
  }
}

function drawValueRows(v, row) {
  const p = v.period;
  // Rows aligned on the start of the periodic part when they are a multiple or divisor of it.
  const aligned = p && p.saltus === 0 && (row % p.period === 0 || p.period % row === 0);
  const offset = aligned ? p.preperiod % row : 0;
  const shown = Math.min(v.values.length, TABLE_VALUES);
  const rows = [];
  for (let n = 0; n < shown;) {
    const end = Math.min(shown, n < offset ? offset : n + row);
    const cells = [];
    for (let k = n; k < end; k++) {
      const cls = [v.values[k] === 0 ? 'zero' : '', p && k >= p.preperiod ? 'periodic' : '', p && k === p.preperiod ? 'start' : ''].filter(Boolean).join(' ');
      cells.push(el('td', { class: cls, title: `G(${k}) = ${v.values[k]}`, text: String(v.values[k]) }));
    }
    rows.push(el('tr', {}, el('th', { scope: 'row', text: `${n}:` }), ...cells));
    n = end;
  }
  const parts = [el('table', { class: 'values' }, el('tbody', {}, ...rows))];
  if (shown < v.values.length) parts.push(el('p', { class: 'hint', text: t('va_table_more', shown, v.values.length) }));
  if (p) parts.push(el('p', { class: 'hint' }, el('span', { class: 'swatch start-key' }), ` ${t('va_periodic_mark')}`));
  $('va-table').replaceChildren(...parts);
}

$('va-form').addEventListener('submit', (e) => { e.preventDefault(); computeValues(); });
let plotWidth = 0;
new ResizeObserver(() => {
  const width = $('va-plot').clientWidth;
  if (explorer.result && width && width !== plotWidth) {
    plotWidth = width;
    drawPlot(explorer.result);
  }
}).observe($('va-plot'));
let tableWidth = 0;
new ResizeObserver(() => {
  const width = $('va-table').clientWidth;
  if (explorer.result && width && width !== tableWidth) {
    tableWidth = width;
    drawValueTable(explorer.result);
  }
}).observe($('va-table'));

// ---------------------------------------------------------------------------------------------
// Language.
function applyLanguage() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = t('title');
  document.querySelectorAll('[data-i18n]').forEach((e) => { e.textContent = t(e.dataset.i18n); });
  for (const s of [nimSteps, stairSteps, stoneSteps]) s.update();
  fillGames();
  drawValues();
  drawMatch();
  drawStairPlay();
}
$('lang-switch').addEventListener('click', () => {
  lang = lang === 'en' ? 'zh' : 'en';
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLanguage();
  // The explanation text comes from the server in the new language.
  analyzeBoard(true);
  refreshStairs();
  analyzeStones(true);
});

/** Re-reads the staircase analysis in the current language, keeping the frame. */
async function refreshStairs() {
  const frame = stairSteps.frame;
  await analyzeStairs();
  stairSteps.go(frame);
}

// Start: the tab the address names (#staircase, #stones, …), also when only the hash changes.
function tabFromHash() {
  const tab = tabs.find((b) => `#${b.id.slice(4)}` === location.hash);
  if (tab) selectTab(tab, false);
}
window.addEventListener('hashchange', tabFromHash);
applyLanguage();
tabFromHash();
loadGames().then(() => {
  match.resume = { position: parseNumbers($('play-position').value) };
  drawMatch();
  newStairGame();
});
analyzeBoard();
analyzeStones();
computeValues();
