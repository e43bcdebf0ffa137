// A run of actions within one move, such as a turn that buys several placements:
// an action its component declares as opening a run (the declaration's
// `cancel` is set), then a Remove step (the stones the engine says the run
// owes) and a Place step (the placements the engine says it grants), in
// either order and switching freely; the counts say what is missing.
// Nothing here knows the price of a run: for each n the page asks the
// engine for a dry run of the opening action alone and reads what the
// move then owes (`owed`) and how many placements it has left. Nothing
// is played until Commit turn, which plays the whole turn in one
// all-or-none request: the opening, the payments, then the placements
// (the rules' order: payment first). Once the turn is complete the page
// asks the server for a dry run of it, so the verdict shown (captures,
// suicide, repetition) is the engine's own. Cancel sends nothing.

import { h, plural } from './dom.js';

export class ActionRun {
  /**
   * `opening`: the declaration of the action that opens the run;
   * `choices`: the n the seat may declare (from the legal actions);
   * `declarations`: the ruleset's action declarations;
   * `colour`: the mover's colour; `stones`: the board's stones
   * ({black, white}); `colourName`: what the ruleset calls the colour.
   */
  constructor({ opening, choices, declarations, colour, stones, colourName }) {
    this.opening = opening;
    this.declarations = declarations;
    /** The engine's price of each n: {owes, cost, places}. */
    this.prices = new Map();
    this.choices = [...choices].sort((a, b) => a - b);
    this.n = this.choices[0];
    this.colour = colour;
    this.colourName = colourName;
    this.stones = new Map();
    for (const c of ['black', 'white']) for (const p of stones[c] ?? []) this.stones.set(p, c);
    this.step = 'remove';
    this.paid = [];
    this.placed = [];
    this.message = '';
    /** The engine's verdict on the complete turn: {key, status, ...}. */
    this.judgement = null;
  }

  /** The opening action for `n`. */
  openingAction(n) {
    return { type: this.opening.type, [this.opening.field]: n };
  }

  /** The engine's price of the run of size n, once known. */
  get price() {
    return this.prices.get(this.n) ?? null;
  }

  /** Stones to remove, as the engine says (unknown: none yet). */
  get cost() {
    return this.price?.cost ?? 0;
  }

  /** Stones to place, as the engine says. */
  get places() {
    return this.price?.places ?? this.n;
  }

  /**
   * The engine's dry run of the opening action for `n`: the move then
   * owes `owed` (the payments) and has `placements_left` placements.
   */
  priced(n, state, error) {
    if (error) {
      this.message = `The price of this turn could not be read: ${error.message}`;
      return;
    }
    const owed = state.owed?.[0];
    const owes = this.declarations.find((d) => d.type === owed?.type) ?? null;
    this.prices.set(n, { owes, cost: owed?.count ?? 0, places: state.current_move?.placements_left ?? n });
    if (n === this.n) this.paid = this.paid.slice(0, this.cost);
  }

  get own() {
    return [...this.stones.values()].filter((c) => c === this.colour).length;
  }

  get complete() {
    return this.price !== null && this.paid.length === this.cost && this.placed.length === this.places;
  }

  /** `place 1 of 2, remove 3 of 4`. */
  get counts() {
    if (!this.price) return 'reading the price of the turn…';
    return `place ${this.placed.length} of ${this.places}, remove ${this.paid.length} of ${this.cost}`;
  }

  /** Changes n by `delta` within the choices, trimming the selection. */
  setN(n) {
    if (!this.choices.includes(n)) return;
    this.n = n;
    if (this.price) this.paid = this.paid.slice(0, this.cost);
    this.placed = this.placed.filter((p) => !this.stones.has(p) || this.paid.includes(p)).slice(0, this.places);
    this.message = '';
  }

  setStep(step) {
    this.step = step;
    this.message = '';
  }

  /** A click on a point in the step under way. */
  click(point) {
    this.message = '';
    const colour = this.stones.get(point);
    if (this.step === 'remove') {
      if (this.paid.includes(point)) {
        this.paid = this.paid.filter((p) => p !== point);
        this.placed = this.placed.filter((p) => p !== point);
      } else if (!colour) {
        this.message = `${point} is empty: in the Remove step, choose your own stones to remove.`;
      } else if (colour !== this.colour) {
        this.message = `${point} is not yours: only your own stones can be removed.`;
      } else if (this.price && this.paid.length >= this.cost) {
        this.message = `All ${this.cost} stones to remove are chosen: click one to take it back, or raise n.`;
      } else {
        this.paid.push(point);
        if (this.price && this.paid.length === this.cost && this.placed.length < this.places) this.step = 'place';
      }
    } else if (this.placed.includes(point)) {
      this.placed = this.placed.filter((p) => p !== point);
    } else if (colour && !this.paid.includes(point)) {
      this.message = colour === this.colour
        ? `${point} is occupied: remove it in the Remove step first to place there.`
        : `${point} is occupied.`;
    } else if (this.placed.length >= this.places) {
      this.message = `All ${this.places} stones are placed: click one to take it back, or raise n.`;
    } else {
      this.placed.push(point);
      if (this.placed.length === this.places && this.paid.length < this.cost) this.step = 'remove';
    }
  }

  /** The actions the turn sends, in the rules' order. */
  actions() {
    const owes = this.price?.owes;
    return [
      this.openingAction(this.n),
      ...(owes ? this.paid.map((point) => ({ type: owes.type, [owes.field]: point })) : []),
      ...this.placed.map((point) => ({ type: 'place', point })),
    ];
  }

  /** The turn's actions as one string, naming what a verdict is about. */
  get key() {
    return JSON.stringify(this.actions());
  }

  /** Whether the complete turn still waits for the engine's verdict. */
  needsJudgement() {
    return this.complete && this.judgement?.key !== this.key;
  }

  /** The verdict on the turn as it stands now, if any. */
  get verdict() {
    return this.complete && this.judgement?.key === this.key ? this.judgement : null;
  }

  /** A verdict being asked for the turn as it stands. */
  checking() {
    this.judgement = { key: this.key, status: 'checking' };
    return this.judgement.key;
  }

  /**
   * The engine's verdict for `key`: the dry run's reply (`events`), or
   * the error that refused it. A verdict for a turn since changed is
   * dropped.
   */
  judged(key, reply, error) {
    if (key !== this.key) return;
    if (error?.refusal) {
      // The rule's own message (without the all-or-none wrapping).
      this.judgement = { key, status: 'refused', message: error.refusal.message, rule: error.rule };
      return;
    }
    if (error) {
      // Not the rules' answer (the server could not be reached, say):
      // the commit is still judged when it is sent.
      this.judgement = { key, status: 'unchecked', message: error.message };
      return;
    }
    const captured = reply.events
      .filter((e) => e.event === 'removed' && e.cause === 'capture')
      .flatMap((e) => e.points);
    this.judgement = { key, status: 'allowed', captured };
  }

  /** The panel: n, the two steps, the counts, the verdict, commit and cancel. */
  panel({ onChange, onCommit, onCancel, busy }) {
    const index = this.choices.indexOf(this.n);
    const most = this.choices[this.choices.length - 1];
    const stepButton = (step, label) => h('button', {
      type: 'button',
      class: `step${this.step === step ? ' current' : ''}`,
      'aria-pressed': String(this.step === step),
      'data-step': step,
      onclick: () => { this.setStep(step); onChange(); },
    }, label);
    const judged = this.verdict;
    let verdict = null;
    if (judged?.status === 'checking') {
      verdict = h('p', { class: 'verdict' }, 'Checking the turn…');
    } else if (judged?.status === 'refused') {
      verdict = h('p', { class: 'verdict bad' }, `Not allowed: ${judged.message}. Change your choice.`);
    } else if (judged?.status === 'unchecked') {
      verdict = h('p', { class: 'verdict' }, `The turn could not be checked (${judged.message}); the server judges it when you commit.`);
    } else if (judged?.status === 'allowed') {
      verdict = h('p', { class: 'verdict good' }, judged.captured.length
        ? `Allowed: it captures ${plural(judged.captured.length, 'stone')} (${judged.captured.join(' ')}).`
        : 'Allowed: it captures nothing.');
    }
    const allowed = judged?.status === 'allowed' || judged?.status === 'unchecked';
    return h('section', { class: 'action-run', 'aria-label': this.opening.label.replace(/…$/, '') },
      h('h3', {}, this.opening.label.replace(/…$/, '')),
      h('div', { class: 'n-picker' },
        h('button', { type: 'button', class: 'n-minus', 'aria-label': 'smaller n', disabled: index <= 0, onclick: () => { this.setN(this.choices[index - 1]); onChange(); } }, '−'),
        h('span', { class: 'n-value' }, `n = ${this.n}`),
        h('button', { type: 'button', class: 'n-plus', 'aria-label': 'larger n', disabled: index >= this.choices.length - 1, onclick: () => { this.setN(this.choices[index + 1]); onChange(); } }, '+')),
      h('p', {}, this.price
        ? `Place ${plural(this.places, 'stone')} by removing ${this.cost} of your own. You have ${this.own} on the board, so n can go up to ${most}.`
        : `You have ${this.own} on the board, so n can go up to ${most}.`),
      h('div', { class: 'steps', role: 'group', 'aria-label': 'step' },
        stepButton('remove', 'Remove: your stones'), stepButton('place', 'Place: new stones')),
      h('p', { class: 'counts', 'aria-live': 'polite' }, capitaliseFirst(this.counts)),
      h('p', { class: 'hint-text' }, this.step === 'remove'
        ? `Click ${this.colourName} stones to remove them (click again to keep one).`
        : 'Click empty points (or points you are removing) for the new stones.'),
      this.message ? h('p', { class: 'warn' }, this.message) : null,
      verdict,
      h('p', { class: 'small' }, 'Nothing on the board changes until you commit.'),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary commit', disabled: !allowed || busy, onclick: onCommit }, 'Commit turn'),
        h('button', { type: 'button', class: 'cancel', onclick: onCancel }, `Cancel ${this.opening.label.replace(/…$/, '').toLowerCase()}`)),
    );
  }
}

function capitaliseFirst(text) {
  return text[0].toUpperCase() + text.slice(1);
}
