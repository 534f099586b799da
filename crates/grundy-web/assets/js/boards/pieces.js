// The board `pieces` (the Cutting Game): each piece a rectangle of unit squares, with a
// button at the end of each grid line (above the sheet for the lines down it, left of it for the
// lines across) that cuts it there. A cut is sent as `PIECE WxH`, the part left of or above the
// line; the position arrives as widths and heights, one piece after another. Pieces are typed
// WxH (`4x2 3x3`): their widths and heights are the numbers.
import { el, parseNumbers } from '../dom.js';
import { t } from '../i18n.js';

/** Pieces with a longer side are shown as their size only, and their cuts are typed. */
const MAX_DRAWN_SIDE = 24;

/** Pieces typed WxH as their numbers. */
export const read = (text) => parseNumbers(text.replace(/[x×X]/g, ' '));

/** One or two random pieces, typed WxH, sides 2 to 8 (a 1×1 would be a finished game). */
export function random() {
  const side = () => 2 + Math.floor(Math.random() * 7);
  return Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => `${side()}x${side()}`).join(' ');
}

/** The pieces of `m.resume.position`, with their cuts as buttons and the hinted one marked. */
export function draw(target, m) {
  const numbers = m.resume.position;
  const row = el('div', { class: 'pieces' });
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    const [w, h, piece] = [numbers[i], numbers[i + 1], i / 2 + 1];
    const box = el('div', { class: 'piece', 'data-piece': String(piece) });
    if (Math.max(w, h) <= MAX_DRAWN_SIDE) box.append(sheet(m, piece, w, h));
    box.append(el('span', { class: 'count', text: `${t('piece_n', piece)}: ${w}×${h}` }));
    row.append(box);
  }
  target.append(row);
}

/** A w×h sheet: its squares apart by gaps, and a cut button at the end of each gap (along the
 * top edge for the gaps between columns, the left edge for those between rows). */
function sheet(m, piece, w, h) {
  const track = (n) => ['var(--handle)', ...Array.from({ length: n }, () => 'var(--square)')].join(' var(--gap) ');
  const grid = el('div', {
    class: 'sheet', style: `grid-template-columns: ${track(w)}; grid-template-rows: ${track(h)}`,
  });
  // Square (x, y) is at row and column 2y + 1, 2x + 1; the gap after it at 2y + 2, 2x + 2.
  for (let y = 1; y <= h; y++) {
    for (let x = 1; x <= w; x++) {
      grid.append(el('span', { class: 'square', style: `grid-area: ${2 * y + 1} / ${2 * x + 1}` }));
    }
  }
  const hinted = m.hinted && m.hinted.kind === 'cut_piece' && m.hinted.piece === piece - 1
    ? m.hinted.into[0] : null;
  const cut = (part, area, label, isHinted) => {
    const move = `${piece} ${part[0]}x${part[1]}`;
    grid.append(el('button', {
      type: 'button', class: isHinted ? 'cut hinted' : 'cut', style: `grid-area: ${area}`,
      'aria-label': label, title: label, 'data-move': move, onclick: () => m.human(move),
    }));
  };
  for (let x = 1; x < w; x++) {
    const isHinted = hinted !== null && hinted[1] === h && hinted[0] === x;
    cut([x, h], `1 / ${2 * x + 2}`, t('cut_button', piece, `${x}×${h}`, `${w - x}×${h}`), isHinted);
  }
  for (let y = 1; y < h; y++) {
    const isHinted = hinted !== null && hinted[0] === w && hinted[1] === y;
    cut([w, y], `${2 * y + 2} / 1`, t('cut_button', piece, `${w}×${y}`, `${w}×${h - y}`), isHinted);
  }
  return grid;
}
