// The side panel's read-only parts: the players, the tracker of the next
// placements, the score with its territory, the facts, the result and the
// moves played.

import { h, s, capitalise } from './dom.js';
import { SEATS, colourName, player, nextActor } from './names.js';

/** A small stone of a colour, as on the board. */
function swatch(colour, title) {
  return s('svg', { class: 'swatch', viewBox: '-1 -1 2 2', 'aria-hidden': 'true' },
    s('circle', { class: `stone ${colour}`, r: 0.9 }), title ? s('title', {}, title) : null);
}

/** Each seat: its colour, role, who plays it, prisoners, acceptance. */
export function players(state, seats, { thinking } = {}) {
  const acting = state.to_act === 'either' ? null : state.to_act;
  return h('section', { class: 'players', 'aria-label': 'players' }, SEATS.map((seat) => {
    const colour = state.colours[seat];
    const who = seats?.[seat]?.player === 'ai' ? `computer, ${seats[seat].playouts} playouts` : 'person';
    const role = state.roles?.[seat];
    const toAct = acting === seat || (state.to_act === 'either' && !state.accepted?.[seat]);
    return h('div', { class: `player${toAct ? ' to-act' : ''}`, 'data-seat': seat },
      swatch(colour),
      h('div', {},
        h('strong', {}, `${colourName(state, colour)}`), ` ${player(seat)}`,
        role ? h('span', { class: 'role' }, ` · ${capitalise(role)}`) : null,
        h('div', { class: 'small' }, who,
          thinking && nextActor(state) === seat ? h('span', { class: 'thinking' }, ' · thinking…') : null)),
      h('div', { class: 'prisoners', title: 'stones captured' },
        h('span', { class: 'count', 'data-prisoners': seat }, String(state.prisoners?.[seat] ?? 0)),
        h('span', { class: 'small' }, ' captured'),
        state.phase === 'agreement' ? h('div', { class: 'small accepted' }, state.accepted?.[seat] ? '✓ accepted' : 'not accepted') : null));
  }));
}

/** The next sixteen placement opportunities, the next first. */
export function tracker(state) {
  const upcoming = state.upcoming ?? [];
  if (!upcoming.length || state.phase === 'over' || state.phase === 'agreement') return null;
  const letters = upcoming.map((seat) => colourName(state, state.colours[seat])[0]).join(' ');
  return h('section', { class: 'tracker', 'aria-label': 'next placements' },
    h('h3', {}, 'Next placements'),
    h('div', { class: 'discs', title: letters, 'data-upcoming': upcoming.join(' ') },
      upcoming.map((seat, i) => h('span', { class: `disc${i === 0 ? ' next' : ''}`, 'data-seat': seat },
        swatch(state.colours[seat], `${i + 1}: ${player(seat)}`)))));
}

/** The score as it stands (or the final one), with a territory switch. */
export function score(state, { showTerritory, onToggle }) {
  const sc = state.score;
  if (!sc) return null;
  const colours = ['black', 'white'];
  const bonus = (colour) => sc.bonuses.filter((b) => b.colour === colour).map((b) => `${b.label} ${b.points}`).join(', ') || '—';
  const heading = state.phase === 'over' ? 'Final score' : state.phase === 'agreement' ? 'Score with these marks' : 'Score as it stands';
  const lead = sc.leader ? `${colourName(state, sc.leader)} leads by ${sc.margin}` : 'The scores are level';
  return h('section', { class: 'score', 'aria-label': 'score' },
    h('h3', {}, heading),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, 'stones'), h('th', {}, 'territory'), h('th', {}, 'bonus'), h('th', {}, 'total'))),
      h('tbody', {}, colours.map((colour) => h('tr', { 'data-colour': colour },
        h('th', {}, swatch(colour), ` ${colourName(state, colour)}`),
        h('td', {}, String(sc.stones[colour])),
        h('td', {}, String(sc.territory[colour])),
        h('td', {}, bonus(colour)),
        h('td', { class: 'total' }, String(sc.total[colour])))))),
    h('p', { class: 'lead' }, lead),
    h('label', { class: 'toggle' },
      h('input', { type: 'checkbox', checked: showTerritory, onchange: (e) => onToggle(e.target.checked) }),
      ' show territory on the board'));
}

/** What the components report in words. */
export function facts(state) {
  if (!state.facts?.length && !state.declarations?.length) return null;
  return h('section', { class: 'facts', 'aria-label': 'facts' },
    h('dl', {},
      state.facts.map((f) => [h('dt', {}, capitalise(f.label)), h('dd', {}, f.value)]),
      state.declarations?.length ? [h('dt', {}, 'Declared'), h('dd', {}, state.declarations.map((d) => `${player(d.seat)}: ${d.words} ${d.value}`).join('; '))] : null));
}

/** The result, once the game is over. */
export function result(state) {
  if (!state.result) return null;
  return h('section', { class: 'result', role: 'status', 'aria-label': 'result' },
    h('strong', {}, state.result.message), ` (${state.result.short})`);
}

/** The actions played through this page, newest last. */
export function log(entries) {
  if (!entries.length) return null;
  const list = h('ol', { class: 'log' }, entries.map((e) => h('li', { 'data-seat': e.seat }, h('span', { class: 'small' }, `${player(e.seat)}: `), e.notation)));
  queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
  return h('details', { class: 'moves', open: true }, h('summary', {}, `Actions played here (${entries.length})`), list);
}
