// How much of a position the page draws: beyond these sizes a board shows the position as
// numbers, and its moves are typed.
import { el } from './dom.js';
import { t } from './i18n.js';

/** Stones drawn in one pile at most; the rest are counted. */
export const MAX_DRAWN = 24;
/** Steps (or twice as many cells) beyond which a board is not drawn: the position is shown as
 * numbers, and moves are typed. */
export const MAX_PLACES = 40;

/** The position as `text` (its numbers, or the form it is typed in) instead of a board too large
 * to draw. */
export function tooLarge(target, text) {
  target.append(el('p', { class: 'position', text: `${text}  (${t('too_large')})` }));
}
