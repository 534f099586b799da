// The board `hackenbush` (Green Hackenbush): the drawing in SVG over a ground line (vertex 0),
// an edge a button that cuts it; the edges a cut removed (the cut one and what fell with it) drop
// and fade before they are gone. The position is the ends of each edge in turn, as the API sends
// it; a drawing is typed inline, `0-1,1-2`.
import { el, parseNumbers } from '../dom.js';
import { t } from '../i18n.js';
import { tooLarge } from '../sizes.js';

const NS = 'http://www.w3.org/2000/svg';
/** Edges beyond which the drawing is not drawn: the position is shown as text, moves typed. */
const MAX_EDGES = 80;
/** How long a removed edge takes to fall, in milliseconds (style.css's `hb-fall`). */
const FALL_MS = 900;
const COL = 60;
const ROW = 66;
const PAD = 28;

/** A new SVG element, as `el` makes an HTML one: `attrs` are attributes or `on…` listeners. */
function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

/** The edges of a position's numbers: [[u, v], …]. */
const pairs = (numbers) => Array.from({ length: numbers.length >> 1 }, (_, i) => [numbers[2 * i], numbers[2 * i + 1]]);

/** The inline form, `0-1,1-2`. */
const inline = (edges) => edges.map(([u, v]) => `${u}-${v}`).join(',');

/**
 * Where each vertex is drawn: breadth-first from the ground, a row per distance, each vertex
 * above the middle of the vertices it reached first (its subtree's leaves side by side).
 * Vertices the ground does not reach (edges out of play, drawn dashed) float to the right.
 * Ground loops take a column of their own on the ground. Returns {pos: Map(vertex → [x, y]),
 * grounded: the vertices the ground reaches, ground: [x, …] of the ground loops, width, height,
 * groundY}.
 */
function layout(edges) {
  const adj = new Map();
  const link = (a, b) => { if (!adj.has(a)) adj.set(a, []); adj.get(a).push(b); };
  for (const [u, v] of edges) { link(u, v); if (u !== v) link(v, u); }
  const depth = new Map([[0, 0]]);
  const kids = new Map();
  const grow = (root, base) => {
    depth.set(root, base);
    const queue = [root];
    for (let i = 0; i < queue.length; i++) {
      const v = queue[i];
      kids.set(v, []);
      for (const w of adj.get(v) || []) {
        if (!depth.has(w)) { depth.set(w, depth.get(v) + 1); kids.get(v).push(w); queue.push(w); }
      }
    }
  };
  grow(0, 0);
  const grounded = new Set(depth.keys());
  const floating = [];
  for (const [u, v] of edges) {
    for (const w of [u, v]) if (!depth.has(w)) { grow(w, 1); floating.push(w); }
  }
  let slot = 0;
  const x = new Map();
  const place = (v) => {
    const ks = kids.get(v);
    if (!ks.length) { x.set(v, slot++); return; }
    ks.forEach(place);
    x.set(v, (x.get(ks[0]) + x.get(ks[ks.length - 1])) / 2);
  };
  kids.get(0).forEach(place);
  const groundLoops = edges.filter(([u, v]) => u === 0 && v === 0).length;
  const ground = Array.from({ length: groundLoops }, () => slot++);
  floating.forEach(place);
  const rows = Math.max(1, ...depth.values());
  const width = Math.max(1, slot) * COL + 2 * PAD;
  const height = rows * ROW + 2 * PAD + 12;
  const groundY = height - PAD;
  const pos = new Map();
  for (const [v, d] of depth) if (v !== 0) pos.set(v, [PAD + COL / 2 + x.get(v) * COL, groundY - d * ROW]);
  return { pos, grounded, ground: ground.map((s) => PAD + COL / 2 + s * COL), width, height, groundY };
}

/** The path of each edge of `edges` in `shape` (parallel edges bend apart, loops turn apart) and
 * where its number goes: [{d, at: [x, y]}, …]. */
function paths(edges, shape) {
  const groups = new Map();
  edges.forEach(([u, v], i) => {
    const key = u === 0 && v === 0 ? 'g' : `${Math.min(u, v)}-${Math.max(u, v)}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  });
  const d = new Array(edges.length);
  let groundLoop = 0;
  for (const [key, list] of groups) {
    list.forEach((i, k) => {
      const [u, v] = edges[i];
      const off = k - (list.length - 1) / 2;
      if (key === 'g') {
        const gx = shape.ground[groundLoop++];
        d[i] = loopPath(gx, shape.groundY, 0);
      } else if (u === v) {
        const [px, py] = shape.pos.get(u);
        d[i] = loopPath(px, py, off * 0.7);
      } else {
        // An end on the ground is the point of the ground line below the other end.
        const [ax, ay] = u === 0 ? [shape.pos.get(v)[0], shape.groundY] : shape.pos.get(u);
        const [bx, by] = v === 0 ? [shape.pos.get(u)[0], shape.groundY] : shape.pos.get(v);
        const len = Math.hypot(bx - ax, by - ay) || 1;
        // The normal pointing right (down for a level edge), so that bends and numbers agree.
        const flip = -(by - ay) < 0 || (by === ay && bx - ax < 0) ? -1 : 1;
        const [nx, ny] = [-flip * (by - ay) / len, flip * (bx - ax) / len];
        const cx = (ax + bx) / 2 + nx * off * 26;
        const cy = (ay + by) / 2 + ny * off * 26;
        // The curve's middle (t = 1/2), and its number beside it, on the side it bends to.
        const [mx, my] = [(ax + 2 * cx + bx) / 4, (ay + 2 * cy + by) / 4];
        const side = off < 0 ? -10 : 10;
        d[i] = { d: `M ${ax} ${ay} Q ${cx} ${cy} ${bx} ${by}`, at: [mx + nx * side, my + ny * side + 4] };
      }
    });
  }
  return d;
}

/** A loop at (x, y) leaning by `angle` radians from upright, its number above its top. */
function loopPath(x, y, angle) {
  const at = (r, a) => [x + r * Math.sin(angle + a), y - r * Math.cos(angle + a)];
  const [ax, ay] = at(40, -0.45);
  const [bx, by] = at(40, 0.45);
  const [tx, ty] = at(36, 0);
  return { d: `M ${x} ${y} C ${ax} ${ay} ${bx} ${by} ${x} ${y}`, at: [tx, ty - 4] };
}

/** What the board remembers of each match: the layout, the edges drawn, the edges falling. */
const memory = new WeakMap();

/** The indices of `before`'s edges that `after` (what a cut keeps, in order) no longer has. */
function removed(before, after) {
  const gone = [];
  let j = 0;
  before.forEach(([u, v], i) => {
    if (j < after.length && after[j][0] === u && after[j][1] === v) j++;
    else gone.push(i);
  });
  return j === after.length ? gone : null;
}

/** A drawing typed inline as its numbers. */
export const read = (text) => parseNumbers(text.replace(/-/g, ' '));

/** Draws match `m`'s drawing into `target`. */
export function draw(target, m) {
  const edges = pairs(m.resume.position);
  if (edges.length > MAX_EDGES) return tooLarge(target, inline(edges));
  let s = memory.get(m);
  const fresh = !s || m.log.length === 0 || edges.some(([u, v]) => [u, v].some((w) => w !== 0 && !s.shape.pos.has(w)));
  if (fresh) s = { shape: layout(edges), edges: [], logged: m.log.length, falling: [] };
  memory.set(m, s);
  const now = performance.now();
  // A move since the last drawing: the edges it removed start to fall.
  const gone = !fresh && m.log.length > s.logged ? removed(s.edges, edges) : null;
  if (gone && gone.length) {
    const last = m.log[m.log.length - 1];
    const cut = last.change && last.change.kind === 'cut' ? last.change.edge : -1;
    const d = paths(s.edges, s.shape);
    s.falling.push({ start: now, edges: gone.map((i) => ({ d: d[i].d, cut: i === cut })) });
  }
  s.edges = edges;
  s.logged = m.log.length;
  s.falling = s.falling.filter((f) => now - f.start < FALL_MS);

  const { shape } = s;
  const d = paths(edges, shape);
  const board = svg('svg', {
    class: 'hackenbush', viewBox: `0 0 ${shape.width} ${shape.height}`, role: 'group',
    'aria-label': t('hb_drawing', edges.length), style: `--w: ${shape.width}px`,
  });
  board.append(svg('line', { class: 'hb-ground', x1: 0, y1: shape.groundY, x2: shape.width, y2: shape.groundY }),
    svg('text', { class: 'hb-ground-label', x: 4, y: shape.groundY + 16 }, t('ground')));
  for (const f of s.falling) {
    const g = svg('g', { class: 'hb-falling', style: `animation-delay: ${f.start - now}ms` },
      ...f.edges.map((e) => svg('path', { class: e.cut ? 'hb-edge cut' : 'hb-edge', d: e.d })));
    board.append(g);
    setTimeout(() => g.remove(), FALL_MS - (now - f.start));
  }
  const hinted = m.hinted && m.hinted.kind === 'cut' ? m.hinted.edge : -1;
  edges.forEach(([u, v], i) => {
    const label = t('cut_button', i + 1, u, v);
    const cls = ['hb-cut', i === hinted ? 'hinted' : '', shape.grounded.has(u) ? '' : 'off'].join(' ').trim();
    const cutIt = () => { if (!m.over && !m.busy) m.human(String(i + 1)); };
    board.append(svg('g', {
      class: cls, 'data-edge': String(i + 1), 'data-move': String(i + 1), role: 'button', tabindex: '0',
      'aria-label': label, onclick: cutIt, onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); cutIt(); } },
    }, svg('title', {}, label), svg('path', { class: 'hb-hit', d: d[i].d }), svg('path', { class: 'hb-edge', d: d[i].d }),
    svg('text', { class: 'hb-edge-label', x: d[i].at[0], y: d[i].at[1] }, String(i + 1))));
  });
  for (const [v, [x, y]] of shape.pos) {
    if (edges.some(([a, b]) => a === v || b === v)) {
      board.append(svg('circle', { class: 'hb-vertex', cx: x, cy: y, r: 5 }),
        svg('text', { class: 'hb-vertex-label', x: x + 8, y: y - 6 }, String(v)));
    }
  }
  target.append(el('div', { class: 'hb-board' }, board));
}

/** A random drawing of 5 to 9 edges: a tree from the ground, a cycle or two, maybe a loop. */
export function random() {
  const vertices = 4 + Math.floor(Math.random() * 4);
  const pick = (n) => Math.floor(Math.random() * n);
  const edges = [];
  for (let v = 1; v <= vertices; v++) edges.push([pick(v), v]);
  for (let k = 1 + pick(2); k > 0; k--) edges.push([pick(vertices + 1), 1 + pick(vertices)]);
  return inline(edges);
}
