// A game on the page: the board, the status, the actions the seat to act
// may take (read from the legal actions, so the buttons are exactly the
// rules' choices), typed move entry, the computer player's turns, hints,
// undo, the agreement phase and runs of actions within a move (a special turn). Learn mode
// uses the same view with hooks that judge each attempt.

import { api, ApiError, rulesets } from './api.js';
import { Board, paint, palette } from './board.js';
import { h, fill, plural, capitalise } from './dom.js';
import { parseLine } from './notation.js';
import * as panels from './panels.js';
import { SEATS, seatLabel, player, isHuman, nextActor, colourName } from './names.js';
import { ActionRun } from './run.js';

/** The playouts behind a hint. */
const HINT_PLAYOUTS = 300;
/** The playouts behind a win estimate and its ownership shading. */
const ESTIMATE_PLAYOUTS = 2000;
/** How long captured stones stay on the board, fading. */
const GHOST_MS = 2200;
/** A pause between the computer's actions, so that they can be followed. */
const AI_PAUSE_MS = 250;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class GameView {
  /**
   * `root`: the element to fill. `hooks` (learn mode): `seat()` the seat
   * the learner acts for, `accepted(reply)` and `refused(error)` after
   * each attempt; `top`: an element shown above the panel.
   */
  constructor(root, { hooks = null, top = null } = {}) {
    this.root = root;
    this.hooks = hooks;
    this.learn = Boolean(hooks);
    this.board = new Board({ onPoint: (point) => this.clickPoint(point) });
    this.legal = [];
    this.log = [];
    this.ghosts = [];
    this.busy = false;
    this.thinking = false;
    this.paused = false;
    this.closed = false;
    this.run = null;
    this.judging = 0;
    this.hintInfo = null;
    this.estimate = null;
    this.showOwnership = false;
    this.flash = null;
    this.message = null;
    this.showTerritory = null;
    this.agreementSeat = null;
    this.generation = 0;

    this.messageLine = h('p', { class: 'message', role: 'status', 'aria-live': 'polite' });
    this.entry = h('input', {
      id: 'move-entry', name: 'move', type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
      placeholder: 'Type a move: D4, pass, mark C3, P1: accept…', 'aria-label': 'move in the notation',
    });
    const form = h('form', { class: 'entry', onsubmit: (e) => { e.preventDefault(); this.typed(); } },
      this.entry, h('button', { type: 'submit' }, 'Play'));
    this.panel = h('aside', { class: 'panel' });
    this.status = h('p', { class: 'status', 'aria-live': 'polite', id: 'status' });
    fill(root, h('div', { class: `game-layout${top ? ' with-lesson' : ''}` },
      top ? h('div', { class: 'lesson-slot' }, top) : null,
      h('div', { class: 'board-column' }, this.status, h('div', { class: 'board-frame' }, this.board.svg), form, this.messageLine),
      this.panel));
    this.onKey = (event) => this.key(event);
    document.addEventListener('keydown', this.onKey);
  }

  /** Stops the computer's turns and the key listener. */
  close() {
    this.closed = true;
    this.generation += 1;
    document.removeEventListener('keydown', this.onKey);
  }

  /** Opens a game the server holds. */
  async open(gameId) {
    const [game, composition, offered] = await Promise.all([api.state(gameId), api.composition(gameId), rulesets()]);
    this.attach({ ...game, composition: composition.composition }, offered);
  }

  /** Shows a game from its `POST /api/games` reply (or the like). */
  attach(reply, offered) {
    this.generation += 1;
    this.gameId = reply.game;
    this.seats = reply.seats;
    this.state = reply.state;
    this.composition = reply.composition;
    this.ruleset = offered?.find((r) => r.id === reply.state.ruleset.id) ?? null;
    this.board.setGeometry(reply.composition.geometry);
    this.run = null;
    this.hintInfo = null;
    this.estimate = null;
    this.ghosts = [];
    this.log = [];
    this.root.dataset.game = this.gameId;
    this.root.dataset.ruleset = reply.state.ruleset.id;
    return this.refresh().then(() => this.maybeAi());
  }

  /** The person's seat that acts now, if a person is to act. */
  acting() {
    const st = this.state;
    if (!st || st.to_act === 'nobody') return null;
    const hooked = this.hooks?.seat?.();
    if (hooked) return hooked;
    if (st.to_act === 'either') {
      const humans = SEATS.filter((seat) => isHuman(this.seats, seat));
      if (this.agreementSeat && humans.includes(this.agreementSeat)) return this.agreementSeat;
      return humans.find((seat) => !st.accepted?.[seat]) ?? humans[0] ?? null;
    }
    return isHuman(this.seats, st.to_act) ? st.to_act : null;
  }

  /** Reads the legal actions of the acting seat and draws everything. */
  async refresh() {
    const seat = this.acting();
    const generation = this.generation;
    this.refreshing = true;
    this.markIdle();
    let legal = [];
    if (seat && this.state.phase !== 'over') {
      try {
        legal = (await api.legal(this.gameId, seat)).actions;
      } catch (e) {
        this.say('error', e.message);
      }
    }
    if (generation !== this.generation) return;
    this.refreshing = false;
    this.legal = legal;
    this.render();
  }

  /** `data-idle` on the view: whether it waits for nothing (for tests). */
  markIdle() {
    this.root.dataset.idle = String(!this.busy && !this.thinking && !this.refreshing && !this.aiLoop && !this.judging);
  }

  say(kind, text) {
    this.message = text ? { kind, text } : null;
    this.renderMessage();
  }

  renderMessage() {
    this.messageLine.className = `message ${this.message?.kind ?? ''}`;
    this.messageLine.textContent = this.message?.text ?? '';
  }

  /** The colour a click would place, where a click places. */
  previewColour() {
    const st = this.state;
    if (!this.acting() || this.busy || this.thinking) return null;
    if (!this.legal.some((a) => a.action.type === 'place')) return null;
    if (st.phase === 'opening') return 'black';
    return st.colours[this.acting()] ?? null;
  }

  territoryShown() {
    return this.showTerritory ?? (this.state.phase === 'agreement' || this.state.phase === 'over');
  }

  renderBoard() {
    const st = this.state;
    this.board.render({
      stones: st.board.stones,
      palette: palette(st.colour_names),
      last: st.last_move,
      marks: st.marks,
      territory: this.territoryShown() ? st.territory : null,
      alive: st.pass_alive,
      ghosts: this.ghosts,
      staged: this.run ? {
        colour: this.run.colour,
        paid: this.run.paid,
        placed: this.run.placed,
        captured: this.run.verdict?.captured ?? [],
      } : null,
      hint: this.hintInfo?.point ?? null,
      ownership: this.showOwnership ? this.ownership() : null,
      flash: this.flash,
      preview: this.previewColour(),
    });
  }

  render() {
    const st = this.state;
    this.judgeSpecial();
    this.markIdle();
    paint(this.root, palette(st.colour_names));
    this.renderBoard();
    this.renderMessage();
    const rules = this.ruleset?.ruleset;
    const name = rules?.name ?? st.ruleset.name;
    const links = [];
    if (this.ruleset?.book_page) links.push(h('a', { href: `/book/${this.ruleset.book_page}`, target: '_blank', rel: 'noopener', class: 'book-link' }, 'Rules reference'));
    if (!this.learn) {
      links.push(h('a', { href: api.sgfUrl(this.gameId), download: `tengen-${this.gameId}.sgf`, class: 'sgf-link' }, 'Download SGF'));
      links.push(h('a', { href: `#/?ruleset=${encodeURIComponent(st.ruleset.id)}` }, 'New game'));
      links.push(h('a', { href: `#/learn/${encodeURIComponent(st.ruleset.id)}` }, 'Learn'));
    }
    const heading = this.learn ? null : h('header', { class: 'game-head' },
      h('h2', {}, name),
      st.ruleset.options.length ? h('p', { class: 'small options' }, st.ruleset.options.join(' · ')) : null,
      h('p', { class: 'links' }, links.flatMap((a, i) => (i ? [' · ', a] : [a]))));
    this.status.className = `status${this.thinking ? ' thinking' : ''}`;
    this.status.textContent = this.statusText();
    fill(this.panel,
      heading,
      panels.result(st),
      panels.players(st, this.seats, { thinking: this.thinking }),
      this.run ? this.run.panel({
        busy: this.busy,
        onChange: () => this.render(),
        onCommit: () => this.commitSpecial(),
        onCancel: () => this.cancelSpecial(),
      }) : this.controls(),
      this.hintInfo ? h('p', { class: 'hint-line' }, `Hint: ${this.hintInfo.text}`) : null,
      this.estimatePanel(),
      panels.tracker(st),
      panels.score(st, {
        showTerritory: this.territoryShown(),
        onToggle: (on) => { this.showTerritory = on; this.render(); },
      }),
      panels.facts(st),
      this.learn ? null : panels.log(this.log),
      this.learn ? null : h('p', { class: 'small keys' }, 'Click or tap a point to play; type a move and press Enter; Esc cancels a run of actions.'),
    );
  }

  statusText() {
    const st = this.state;
    if (st.phase === 'over') return st.result ? `Game over: ${st.result.message} (${st.result.short}).` : 'Game over.';
    const thinking = this.thinking ? ` ${player(nextActor(st))} is thinking…` : '';
    if (st.phase === 'agreement') {
      return `Play has stopped: mark the dead strings, then both players accept the marks (or resume play).${thinking}`;
    }
    if (st.phase === 'opening') {
      return `Setup: ${player(st.to_act)} to act.${thinking}`;
    }
    const m = st.current_move;
    let text = `${seatLabel(st, st.to_act)} to play, move ${m?.number ?? st.moves_completed + 1}`;
    if (m && m.opportunities > 1) text += `, placement ${m.opportunity} of ${m.opportunities}`;
    return `${text}.${thinking}`;
  }

  /** The buttons of what the acting seat may do now. */
  controls() {
    const st = this.state;
    const seat = this.acting();
    const box = h('section', { class: 'controls', 'aria-label': 'actions' });
    const disabled = this.busy || this.thinking;
    const button = (label, onclick, attrs = {}) => h('button', { type: 'button', disabled, onclick, ...attrs }, label);
    const of = (type) => this.legal.filter((a) => a.action.type === type);
    const send = (action) => () => this.send([action]);
    const row = h('div', { class: 'row' });
    if (seat && st.phase !== 'over') {
      if (st.phase === 'opening' && of('place').length) {
        row.append(h('p', { class: 'small wide' }, `Click a point to place a setup stone (${colourName(st, 'black')}, the Attacker's colour).`));
      }
      const m = st.current_move;
      for (const a of of('pass')) {
        const label = st.phase === 'opening' ? 'Pass (end the setup)' : m && m.opportunities > 1 ? 'Pass this placement' : 'Pass';
        row.append(button(label, send(a.action), { 'data-action': 'pass' }));
      }
      for (const a of of('pass-move')) {
        const label = m && m.placed.length === 0 && m.opportunity === 1 ? 'Pass the whole move' : 'Pass the rest of the move';
        row.append(button(label, send(a.action), { 'data-action': 'pass-move' }));
      }
      // Every action the ruleset's components declare, offered as its
      // declaration says: a button, a button per word, a run (a special
      // turn) or a form for a number; point actions are board clicks.
      for (const d of this.declarations()) {
        const offers = of(d.type);
        if (!offers.length || d.argument === 'point') continue;
        if (d.argument === 'none') {
          row.append(button(d.label, send(offers[0].action), { 'data-action': d.type, title: d.summary }));
        } else if (d.argument === 'word') {
          for (const a of offers) {
            const word = a.action[d.field];
            row.append(button(`${d.label} ${word}`, send(a.action), { 'data-action': `${d.type}-${word}`, class: 'primary', title: d.summary }));
          }
        } else if (d.cancel !== null && d.cancel !== undefined) {
          const values = offers.map((a) => a.action[d.field]);
          const choices = values.filter((v) => v !== d.cancel);
          if (choices.length) row.append(button(d.label, () => this.openRun(d, choices), { 'data-action': d.type, class: 'primary', title: d.summary }));
          if (values.includes(d.cancel)) row.append(button('Call off', send({ type: d.type, [d.field]: d.cancel }), { 'data-action': 'call-off', title: d.summary }));
        } else {
          box.append(this.declareForm(d, offers.map((a) => a.action[d.field]), disabled));
        }
      }
      const marking = st.phase === 'play' && (of('mark').length || of('unmark').length);
      if (marking) {
        row.append(button(this.marking ? 'Done marking' : 'Mark dead stones', () => { this.marking = !this.marking; this.render(); },
          { 'data-action': 'mark-mode', 'aria-pressed': String(this.marking) }));
      }
      // What a pass does under the agreed-pass ending (Thue-Morse Go): a
      // move with a voluntary pass proposes its marks; only the opponent's
      // whole-move pass keeping them ends the game, and passes within one
      // move never do.
      if (st.phase === 'play' && st.marks.length) {
        row.append(h('p', { class: 'wide proposal' }, `Marked dead: ${st.marks.join(' ')}. A move that passes proposes these marks to the opponent; it does not end the game. The game ends only when the opponent answers a proposal by passing their whole move and keeping the same marks. Two passes within one move never end it.`));
      } else if (marking) {
        row.append(h('p', { class: 'small wide' }, 'In a move that passes you may mark dead strings (press Mark dead stones, then click them): the pass proposes them, and the game ends only if the opponent then passes a whole move keeping them.'));
      }
    }
    if (row.childElementCount) box.prepend(row);
    if (st.phase === 'agreement') box.append(this.agreement(seat, disabled));
    const more = h('div', { class: 'row' });
    if (seat && of('resign').length) {
      more.append(this.resignButton(seat, disabled));
    }
    if (!this.learn && this.ruleset?.ruleset?.undo && st.actions > 0 && SEATS.some((x) => isHuman(this.seats, x))) {
      more.append(button('Undo', () => this.undo(), { 'data-action': 'undo' }));
    }
    if (!this.learn && st.phase !== 'over' && seat) {
      more.append(button('Hint', () => this.hint(), { 'data-action': 'hint' }));
    }
    if (!this.learn && st.phase === 'play') {
      more.append(button('Estimate', () => this.estimateGame(), { 'data-action': 'estimate', title: 'The computer\'s estimate of who is winning, and of who will own each point' }));
    }
    if (!this.learn && st.phase !== 'over' && SEATS.some((x) => !isHuman(this.seats, x))) {
      more.append(h('button', { type: 'button', onclick: () => this.togglePause(), 'data-action': 'pause' }, this.paused ? 'Let the computer play' : 'Pause the computer'));
    }
    if (more.childElementCount) box.append(more);
    return box;
  }

  /** The action declarations of the game's ruleset (beyond the core's). */
  declarations() {
    return this.composition?.actions ?? [];
  }

  /** A form for a number action `d` may take, from the `values` offered. */
  declareForm(d, values, disabled) {
    const min = Math.min(...values);
    const max = Math.max(...values);
    const input = h('input', { type: 'number', min, max, value: min, step: 1, 'aria-label': d.label, name: d.type });
    return h('form', {
      class: 'declare row', 'data-declare': d.type, title: d.summary,
      onsubmit: (e) => {
        e.preventDefault();
        this.send([{ type: d.type, [d.field]: Number(input.value) }]);
      },
    }, h('span', {}, `${d.label} (${min}–${max})`), input,
    h('button', { type: 'submit', disabled }, 'Declare'));
  }

  resignButton(seat, disabled) {
    const b = h('button', { type: 'button', disabled, class: 'danger', 'data-action': 'resign' }, 'Resign');
    b.addEventListener('click', () => {
      if (b.dataset.armed) {
        this.send([{ type: 'resign' }], seat);
        return;
      }
      b.dataset.armed = '1';
      b.textContent = `Really resign for ${player(seat)}?`;
      setTimeout(() => {
        delete b.dataset.armed;
        b.textContent = 'Resign';
      }, 4000);
    });
    return b;
  }

  /** The agreement phase: who acts, the marks, accept and resume. */
  agreement(seat, disabled) {
    const st = this.state;
    const humans = SEATS.filter((x) => isHuman(this.seats, x));
    const section = h('section', { class: 'agreement', 'aria-label': 'dead strings' },
      h('h3', {}, 'Settling dead strings'),
      h('p', { class: 'small' }, 'Click a string to mark it dead (click again to take the mark back). The game ends when both players accept the same marks; any change withdraws an acceptance. Either may resume play instead.'),
      h('p', {}, `Marked dead: ${st.marks.length ? st.marks.join(' ') : 'none'}`));
    if (humans.length === 2 && !this.learn) {
      section.append(h('div', { class: 'row seat-choice', role: 'radiogroup', 'aria-label': 'acting for' }, 'Acting for: ',
        humans.map((x) => h('label', {},
          h('input', { type: 'radio', name: 'acting-seat', value: x, checked: x === seat, onchange: () => { this.agreementSeat = x; this.refresh(); } }),
          ` ${seatLabel(st, x)} `))));
    }
    if (seat) {
      const row = h('div', { class: 'row' });
      for (const a of this.legal.filter((x) => x.action.type === 'accept')) {
        row.append(h('button', { type: 'button', class: 'primary', disabled, 'data-action': 'accept', onclick: () => this.send([a.action], seat) }, `Accept the marks (${player(seat)})`));
      }
      for (const a of this.legal.filter((x) => x.action.type === 'resume')) {
        row.append(h('button', { type: 'button', disabled, 'data-action': 'resume', onclick: () => this.send([a.action], seat) }, 'Resume play'));
      }
      if (st.accepted?.[seat]) row.append(h('span', { class: 'small' }, `${player(seat)} has accepted; waiting for ${player(seat === 'P1' ? 'P2' : 'P1')}.`));
      section.append(row);
    }
    return section;
  }

  /** A click or tap on a point. */
  clickPoint(point) {
    if (this.run) {
      this.run.click(point);
      this.render();
      return;
    }
    const st = this.state;
    if (st.phase === 'over') {
      this.say('info', 'The game is over.');
      return;
    }
    if (this.thinking) {
      this.say('info', 'The computer is thinking…');
      return;
    }
    const seat = this.acting();
    if (!seat) return;
    // During play a click marks dead stones only in the marking mode (a
    // click on a stone mid-move is otherwise a placement, refused with its
    // reason); in the agreement phase marking is all a click can do.
    const marks = (a) => a.action.type === 'mark' || a.action.type === 'unmark';
    const here = this.legal.filter((a) => a.action.point === point
      && (st.phase !== 'play' || marks(a) === Boolean(this.marking)));
    const pointActions = this.declarations().filter((d) => d.argument === 'point').map((d) => d.type);
    const order = this.marking ? ['mark', 'unmark'] : ['place', ...pointActions, 'mark', 'unmark'];
    here.sort((a, b) => order.indexOf(a.action.type) - order.indexOf(b.action.type));
    let action = here[0]?.action;
    if (!action) {
      // Nothing legal here: ask anyway, so that the rules say why not.
      action = st.phase === 'agreement' || this.marking
        ? { type: st.marks.includes(point) ? 'unmark' : 'mark', point }
        : { type: 'place', point };
    }
    this.send([action], seat);
  }

  /** A line typed in the move notation. */
  typed() {
    const text = this.entry.value.trim();
    if (!text) return;
    let line;
    try {
      line = parseLine(text, this.declarations());
    } catch (e) {
      this.say('error', e.message);
      return;
    }
    if (this.run && !line.seat && line.actions.every((a) => /^[a-z]+\d+$/i.test(a))) {
      for (const point of line.actions) this.run.click(point.toUpperCase());
      this.entry.value = '';
      this.render();
      return;
    }
    if (!line.actions.length) return;
    this.send(line.actions, line.seat ?? this.acting(), { typed: true });
  }

  key(event) {
    if (this.closed || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = document.activeElement?.tagName;
    if (event.key === 'Escape' && this.run) {
      this.cancelSpecial();
      return;
    }
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(tag)) return;
    if (/^[a-zA-Z0-9]$/.test(event.key)) this.entry.focus();
  }

  /**
   * Sends actions (objects or notation) of one seat, all or none; `seat`
   * goes with them where either seat may act or the learner names one.
   */
  async send(actions, seat, { typed = false } = {}) {
    if (this.busy) return null;
    const st = this.state;
    const withSeat = seat && (st.to_act === 'either' || this.learn || seat !== st.to_act) ? seat : undefined;
    this.busy = true;
    this.markIdle();
    this.hintInfo = null;
    this.flash = null;
    const generation = this.generation;
    try {
      const reply = await api.act(this.gameId, actions, withSeat);
      if (generation !== this.generation) return null;
      if (typed) this.entry.value = '';
      this.took(reply.actions, reply.events, reply.state);
      this.busy = false;
      await this.refresh();
      this.hooks?.accepted?.(reply, actions);
      this.maybeAi();
      return reply;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (generation !== this.generation) return null;
      this.busy = false;
      this.refused(e);
      this.render();
      this.hooks?.refused?.(e, actions);
      return null;
    } finally {
      if (generation === this.generation) this.busy = false;
    }
  }

  refused(error) {
    if (error.refusal) {
      this.flash = error.refusal.point ?? null;
      this.say('error', `Refused: ${error.refusal.message} (${error.refusal.code}).`);
    } else {
      this.say('error', capitalise(error.message));
    }
  }

  /** Takes in what an accepted action (or the computer's) did. */
  took(actions, events, state) {
    this.estimate = null;
    if (state.moves_completed !== this.state?.moves_completed) this.marking = false;
    this.state = state;
    if (this.run && actions.some((a) => a.action.type === this.run.opening.type)) {
      this.run = null;
    }
    this.log.push(...actions.map((a) => ({ seat: a.seat, notation: a.notation })));
    const ghosts = [];
    const said = [];
    for (const e of events) {
      if (e.event === 'removed' && (e.cause === 'capture' || e.cause === 'self-capture')) {
        ghosts.push(...e.points.map((point) => ({ point, colour: e.colour })));
        said.push(`${e.cause === 'capture' ? 'Captured' : 'Self-captured'}: ${plural(e.points.length, `${colourName(state, e.colour)} stone`)} (${e.points.join(' ')}).`);
      } else if (e.event === 'accepted') {
        // The next person to accept acts next, whoever was chosen before.
        this.agreementSeat = null;
      } else if (e.event === 'note') {
        said.push(`${capitalise(e.text)}.`);
      } else if (e.event === 'passed' && e.seat && actions.every((a) => !a.action.type.startsWith('pass'))) {
        said.push(`${plural(e.opportunities, 'placement')} of ${player(e.seat)} passed automatically.`);
      }
    }
    this.ghosts = ghosts;
    if (ghosts.length) {
      const generation = this.generation;
      setTimeout(() => {
        if (generation !== this.generation || this.ghosts !== ghosts) return;
        this.ghosts = [];
        this.renderBoard();
      }, GHOST_MS);
    }
    const played = actions.map((a) => `${player(a.seat)}: ${a.notation}`).join(', ');
    this.say('info', [played, ...said].filter(Boolean).join(' '));
  }

  /** While the computer plays a seat that is to act, asks it to. */
  async maybeAi() {
    if (this.learn || this.aiLoop) return;
    this.aiLoop = true;
    const generation = this.generation;
    try {
      for (let turns = 0; turns < 2000; turns += 1) {
        if (this.closed || this.paused || generation !== this.generation) break;
        const seat = nextActor(this.state);
        if (!seat || isHuman(this.seats, seat) || this.state.phase === 'over') break;
        this.thinking = true;
        this.render();
        const reply = await api.ai(this.gameId, {});
        if (generation !== this.generation) break;
        this.took([reply.action], reply.events, reply.state);
        this.thinking = false;
        await this.refresh();
        await sleep(AI_PAUSE_MS);
      }
    } catch (e) {
      this.say('error', `The computer could not play: ${e.message}`);
    } finally {
      this.aiLoop = false;
      this.thinking = false;
      this.render();
    }
  }

  togglePause() {
    this.paused = !this.paused;
    this.render();
    if (!this.paused) this.maybeAi();
  }

  /**
   * Asks the server something while the page waits (`waiting` said
   * meanwhile), then `use`s the reply; an error is said instead.
   */
  async ask(waiting, request, use) {
    if (this.busy) return;
    this.busy = true;
    this.say('info', waiting);
    this.render();
    try {
      use(await request());
      this.say('info', '');
    } catch (e) {
      this.say('error', e.message);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  hint() {
    return this.ask('Looking for a move…', () => api.ai(this.gameId, { apply: false, playouts: HINT_PLAYOUTS }), (reply) => {
      const chance = reply.win_rate == null ? '' : `, winning ${Math.round(reply.win_rate * 100)}% of ${reply.playouts} playouts`;
      this.hintInfo = { point: reply.action.action.point ?? null, text: `${seatLabel(this.state, reply.action.seat)} might play ${reply.action.notation}${chance}` };
    });
  }

  /** Asks the search who is winning, and who is expected to own each point. */
  estimateGame() {
    const generation = this.generation;
    const actions = this.state.actions;
    const body = { playouts: ESTIMATE_PLAYOUTS, ownership: true, candidates: 3 };
    return this.ask('Estimating…', () => api.analysis(this.gameId, body), (reply) => {
      if (generation === this.generation && actions === this.state.actions) this.estimate = reply.search;
    });
  }

  /** The estimate's lines and the ownership switch, once there is one. */
  estimatePanel() {
    const e = this.estimate;
    if (!e) return null;
    const st = this.state;
    const who = seatLabel(st, e.seat);
    const chance = e.win_rate == null ? 'no estimate' : `${Math.round(e.win_rate * 100)}% to win`;
    const lead = e.score_lead == null ? '' : e.score_lead >= 0
      ? `, ahead by ${e.score_lead.toFixed(1)} points`
      : `, behind by ${(-e.score_lead).toFixed(1)} points`;
    const best = e.candidates.map((c) => c.line.map((a) => a.notation).join(' ')).slice(0, 3);
    const toggle = h('input', {
      type: 'checkbox', 'data-action': 'ownership', onchange: (event) => { this.showOwnership = event.target.checked; this.render(); },
    });
    toggle.checked = this.showOwnership;
    return h('section', { class: 'estimate', 'aria-label': 'estimate' },
      h('p', { class: 'estimate-line' }, `Estimate (${e.playouts} playouts): ${who} ${chance}${lead}.`),
      best.length ? h('p', { class: 'small' }, `Lines the computer expects: ${best.join(' · ')}`) : null,
      h('label', { class: 'small' }, toggle, ' Show who is expected to own each point'));
  }

  /** The estimate's ownership as Black's: a map from point to -1..1. */
  ownership() {
    const e = this.estimate;
    if (!e?.ownership || !this.composition) return null;
    const sign = this.state.colours[e.seat] === 'black' ? 1 : -1;
    const map = new Map();
    for (const p of this.composition.geometry.points) {
      const value = e.ownership[p.row]?.[p.column];
      if (value != null) map.set(p.name, sign * value);
    }
    return map;
  }

  async undo() {
    if (this.busy) return;
    this.busy = true;
    try {
      const reply = await api.undo(this.gameId);
      this.state = reply.state;
      this.estimate = null;
      this.log.splice(Math.max(0, this.log.length - reply.undone.length));
      this.ghosts = [];
      this.run = null;
      this.say('info', `Taken back: ${reply.undone.map((a) => a.notation).reverse().join(', ')}.`);
    } catch (e) {
      this.say('error', e.message);
    } finally {
      this.busy = false;
      await this.refresh();
    }
  }

  openRun(opening, choices) {
    const seat = this.acting();
    this.run = new ActionRun({
      opening,
      choices,
      declarations: this.declarations(),
      colour: this.state.colours[seat],
      colourName: colourName(this.state, this.state.colours[seat]),
      stones: this.state.board.stones,
    });
    this.say('info', '');
    this.render();
  }

  /**
   * Asks the engine for a dry run of the whole run of actions, so its
   * verdict (captures, suicide, repetition) is the rules' own; the panel
   * shows it when it comes, unless the turn has changed since.
   */
  judgeSpecial() {
    this.priceSpecial();
    const run = this.run;
    if (!run?.needsJudgement()) return;
    const key = run.checking();
    this.judging += 1;
    api.tryActs(this.gameId, run.actions(), this.acting())
      .then((reply) => run.judged(key, reply, null), (e) => run.judged(key, null, e))
      .finally(() => {
        this.judging -= 1;
        if (this.run === run) this.render();
        else this.markIdle();
      });
  }

  /**
   * Asks the engine what the run of the size chosen costs: a dry run of
   * its opening action alone, whose state says what the move then owes.
   */
  priceSpecial() {
    const run = this.run;
    if (!run || run.price || run.pricing === run.n) return;
    const n = run.n;
    run.pricing = n;
    this.judging += 1;
    api.tryActs(this.gameId, [run.openingAction(n)], this.acting())
      .then((reply) => run.priced(n, reply.state, null), (e) => run.priced(n, null, e))
      .finally(() => {
        run.pricing = null;
        this.judging -= 1;
        if (this.run === run) this.render();
        else this.markIdle();
      });
  }

  cancelSpecial() {
    this.run = null;
    this.say('info', 'Special turn cancelled: nothing was played.');
    this.render();
  }

  async commitSpecial() {
    const run = this.run;
    if (!run?.complete) return;
    await this.send(run.actions(), this.acting());
  }
}
