// Values explorer: G(0..N) of a heap game from POST /api/values (the JSON of `grundy values
// --json`), drawn as an SVG plot with the preperiod marked and the period shaded band by band,
// the P-positions, and the first values as a table whose rows are one period wide.
import { api } from './api.js';
import { catalog } from './catalog.js';
import { $, el } from './dom.js';
import { t } from './i18n.js';

const explorer = { result: null, maxUpto: 100000 };
const SVG = 'http://www.w3.org/2000/svg';
/** Values listed in the table and P-positions listed, at most. */
const TABLE_VALUES = 240;
const LISTED_P = 120;

/** The server's largest `upto`, once the catalog is read. */
export function takeLimits() {
  if (!catalog.limits) return;
  explorer.maxUpto = catalog.limits.max_upto;
  $('va-upto').max = String(explorer.maxUpto);
}

function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c != null) e.append(c);
  return e;
}

export async function computeValues() {
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

export function drawValues() {
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
