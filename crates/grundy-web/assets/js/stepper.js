// Stepping through frames: « ‹ ▶ › » buttons `${prefix}first` … `${prefix}last`, a counter
// `${prefix}counter`, and the keys ← → Space Home End while the panel is shown.
import { $ } from './dom.js';
import { t } from './i18n.js';

export function makeStepper(prefix, panelId, draw) {
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
