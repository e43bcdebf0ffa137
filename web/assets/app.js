// The page's entry: routes the address's hash to the lobby (`#/`), a game
// (`#/game/g3`) or learn mode (`#/learn/go/snapback`).

import { h, fill } from './dom.js';
import { showLobby } from './lobby.js';
import { GameView } from './game.js';
import { showLearn } from './learn.js';

const root = document.getElementById('app');
let current = null;

async function route() {
  current?.close?.();
  current = null;
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = hash.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  for (const link of document.querySelectorAll('header nav a')) {
    link.setAttribute('aria-current', String(link.dataset.section === (parts[0] ?? 'play')));
  }
  try {
    if (parts[0] === 'game' && parts[1]) {
      document.title = `tengen: game ${parts[1]}`;
      const view = new GameView(root);
      current = view;
      await view.open(parts[1]);
    } else if (parts[0] === 'learn') {
      document.title = 'tengen: learn';
      current = await showLearn(root, { ruleset: parts[1], example: parts[2] });
    } else {
      document.title = 'tengen';
      await showLobby(root, { ruleset: params.get('ruleset') });
    }
  } catch (e) {
    fill(root, h('div', { class: 'message error' }, `${e.message}`, ' ', h('a', { href: '#/' }, 'Back to the lobby')));
  }
}

window.addEventListener('hashchange', route);
route();
