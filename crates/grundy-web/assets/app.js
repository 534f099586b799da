// grundy playground: the Nim proof step by step, games against the computer, staircase Nim and
// coins, the Stone Game, the values explorer. Everything the page knows about a position comes
// from the JSON API (the same JSON as `grundy nim --json`, `grundy stones ends --json`, ...); the
// page only draws it. This module starts the page; each view is a module of `js/`.
import { loadGames } from './js/catalog.js';
import { $, parseNumbers } from './js/dom.js';
import { lang, setLang, t } from './js/i18n.js';
import { analyzeBoard, nimSteps } from './js/nim.js';
import { drawMatch, fillGames, match } from './js/play.js';
import { drawStairPlay, newStairGame, refreshStairs, stairSteps } from './js/staircase.js';
import { analyzeStones, stoneSteps } from './js/stones.js';
import { tabFromHash } from './js/tabs.js';
import { computeValues, drawValues, takeLimits } from './js/values.js';

/** Writes every view's text in the current language. */
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
  setLang(lang === 'en' ? 'zh' : 'en');
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLanguage();
  // The explanation text comes from the server in the new language.
  analyzeBoard(true);
  refreshStairs();
  analyzeStones(true);
});

// Start: the tab the address names (#staircase, #stones, …), also when only the hash changes.
applyLanguage();
tabFromHash();
loadGames().then(() => {
  takeLimits();
  fillGames();
  match.resume = { position: parseNumbers($('play-position').value) };
  drawMatch();
  newStairGame();
});
analyzeBoard();
analyzeStones();
computeValues();
