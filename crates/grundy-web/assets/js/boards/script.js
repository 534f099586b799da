// The board `script` (a script game): the state as the script writes it, and its options as
// buttons; a move is the state after it.
import { el } from '../dom.js';
import { t } from '../i18n.js';

/** Match `m`'s state and the options the server listed for it (`m.choices`). */
export function draw(target, m) {
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
}
