// The tabs: arrow keys move between them, and the address names the one shown.
import { $ } from './dom.js';

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

/** Shows the tab the address names (#staircase, #stones, …). */
export function tabFromHash() {
  const tab = tabs.find((b) => `#${b.id.slice(4)}` === location.hash);
  if (tab) selectTab(tab, false);
}
window.addEventListener('hashchange', tabFromHash);
