// The lobby: every ruleset the server offers (with the problems of one
// that does not load), its options explained by their summaries, who
// plays each seat, and the start of a game.

import { api, rulesets } from './api.js';
import { h, fill, capitalise } from './dom.js';
import { markdown } from './markdown.js';
import { chosenSettings, watchChoices } from './choices.js';

/** The computer's strengths offered: playouts a choice. */
const STRENGTHS = [
  { playouts: 100, label: 'computer: quick (100 playouts)' },
  { playouts: 1000, label: 'computer: steady (1,000 playouts)' },
  { playouts: 5000, label: 'computer: strong (5,000 playouts)' },
];

export async function showLobby(root, { ruleset: wanted } = {}) {
  let offered;
  try {
    offered = await rulesets();
  } catch (e) {
    fill(root, h('p', { class: 'message error' }, `The rulesets could not be read: ${e.message}`));
    return;
  }
  const list = h('nav', { class: 'ruleset-list', 'aria-label': 'rulesets' });
  const detail = h('section', { class: 'ruleset-detail' });
  fill(root, h('div', { class: 'lobby' }, h('div', {}, h('h2', {}, 'Choose a ruleset'), list), detail));
  const select = (id, { scroll = false } = {}) => {
    for (const b of list.querySelectorAll('button')) b.setAttribute('aria-current', String(b.dataset.ruleset === id));
    const entry = offered.find((r) => r.id === id);
    fill(detail, entry.ruleset ? setup(entry) : problems(entry));
    // On a narrow screen the form is below the list: bring it up.
    if (scroll && window.matchMedia('(max-width: 860px)').matches) detail.scrollIntoView({ block: 'start' });
  };
  for (const entry of offered) {
    list.append(h('button', { type: 'button', class: `ruleset-card${entry.ruleset ? '' : ' broken'}`, 'data-ruleset': entry.id, onclick: () => select(entry.id, { scroll: true }) },
      h('strong', {}, entry.ruleset?.name ?? entry.id),
      h('span', { class: 'small' }, entry.ruleset?.summary ?? `does not load (${entry.problems.length} problem${entry.problems.length === 1 ? '' : 's'})`),
      entry.source !== 'bundled' ? h('span', { class: 'small source' }, entry.source) : null));
  }
  select(offered.some((r) => r.id === wanted) ? wanted : offered.find((r) => r.id === 'go')?.id ?? offered[0].id);
}

/** A ruleset that does not load: every problem, where it is. */
function problems(entry) {
  return [
    h('h2', {}, entry.id),
    h('p', { class: 'message error' }, `This ruleset does not load (${entry.source}).`),
    h('ul', { class: 'problems' }, entry.problems.map((p) => h('li', {},
      h('code', {}, p.code), ' ', p.message,
      p.file ? h('div', { class: 'small' }, `${p.file}${p.line ? `:${p.line}` : ''}${p.column ? `:${p.column}` : ''}${p.key_path ? ` (${p.key_path})` : ''}`) : null,
      p.help ? h('div', { class: 'small' }, p.help) : null))),
  ];
}

/** The form of a ruleset that loads: options, seats, start. */
function setup(entry) {
  const rules = entry.ruleset;
  const inputs = new Map();
  const notes = new Map();
  const fields = rules.options.map((option) => {
    const id = `option-${option.name}`;
    let input;
    if (option.form === 'switch') {
      input = h('input', { type: 'checkbox', id, name: option.name });
    } else if (option.form === 'choice') {
      input = h('select', { id, name: option.name },
        option.default == null ? h('option', { value: '' }, 'none') : null,
        option.choices.map((c) => h('option', { value: c, selected: c === option.default }, c === option.default ? `${c} (default)` : c)));
    } else {
      input = h('input', { type: 'text', id, name: option.name, placeholder: option.usage.split('=')[1] ?? '', size: 8 });
    }
    inputs.set(option.name, { option, input });
    const note = h('div', { class: 'option-note', 'data-option-note': option.name, 'aria-live': 'polite' });
    notes.set(option.name, note);
    return h('div', { class: `option ${option.form}` },
      option.form === 'switch'
        ? h('label', { for: id }, input, ' ', h('strong', {}, option.name))
        : h('label', { for: id }, h('strong', {}, option.name), ' ', input),
      h('p', { class: 'small' }, option.summary),
      option.docs ? h('details', {}, h('summary', { class: 'small' }, 'more'), markdown(option.docs)) : null,
      note);
  });
  const seatSelect = (seat) => h('select', { id: `seat-${seat}`, name: seat },
    h('option', { value: 'human' }, 'person'),
    STRENGTHS.map((s) => h('option', { value: String(s.playouts) }, s.label)));
  const seats = { P1: seatSelect('P1'), P2: seatSelect('P2') };
  const killAll = rules.sections.some((sec) => sec.section === 'objective' && sec.kind === 'kill-all');
  const colour = (c) => rules.colour_names?.[c] ?? capitalise(c);
  const error = h('div', { class: 'start-error', role: 'alert' });
  const summary = h('div', { class: 'choices-conflict', 'aria-live': 'polite' });
  const start = h('button', { type: 'submit', class: 'primary', id: 'start' }, 'Start the game');
  const form = h('form', {
    class: 'setup',
    onsubmit: async (e) => {
      e.preventDefault();
      const options = chosenSettings(inputs);
      const players = {};
      for (const [seat, sel] of Object.entries(seats)) {
        players[seat] = sel.value === 'human' ? { player: 'human' } : { player: 'ai', playouts: Number(sel.value) };
      }
      start.disabled = true;
      fill(error);
      try {
        const reply = await api.newGame({ ruleset: entry.id, options, seats: players });
        location.hash = `#/game/${reply.game}`;
      } catch (err) {
        fill(error, h('p', { class: 'message error' }, capitalise(err.message)),
          err.diagnostics ? h('ul', { class: 'problems' }, err.diagnostics.map((d) => h('li', {}, d.message, d.help ? h('div', { class: 'small' }, d.help) : null))) : null);
      } finally {
        start.disabled = false;
      }
    },
  },
  fields.length ? h('fieldset', {}, h('legend', {}, 'Options'), fields, summary) : null,
  h('fieldset', { class: 'seats' }, h('legend', {}, 'Players'),
    h('p', { class: 'small' }, killAll
      ? `The setup decides who attacks; the Attacker's stones are ${colour('black')}.`
      : `Player 1 plays ${colour('black')}, Player 2 ${colour('white')}.`),
    h('label', { for: 'seat-P1' }, h('strong', {}, 'Player 1'), ' ', seats.P1),
    h('label', { for: 'seat-P2' }, h('strong', {}, 'Player 2'), ' ', seats.P2)),
  h('div', { class: 'row' }, start,
    h('a', { href: `#/learn/${encodeURIComponent(entry.id)}`, class: 'link-button' }, 'Learn with worked examples'),
    entry.book_page ? h('a', { href: `/book/${entry.book_page}`, target: '_blank', rel: 'noopener', class: 'book-link' }, 'Rules reference') : null),
  error);
  if (fields.length) watchChoices(entry.id, inputs, notes, summary);
  return [
    h('h2', {}, rules.name),
    h('p', {}, rules.summary),
    entry.source !== 'bundled' ? h('p', { class: 'small' }, `From ${entry.source}`) : null,
    form,
    h('details', { class: 'rules' }, h('summary', {}, 'The rules'), markdown(rules.docs),
      rules.sources?.length ? [h('h4', {}, 'Sources'), h('ul', { class: 'small' }, rules.sources.map((src) => h('li', {}, src)))] : null),
  ];
}
