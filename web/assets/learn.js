// Learn mode: a ruleset's worked examples (the conformance suite's
// scenarios) as puzzles. Each example starts a fresh game at its start
// (`POST /api/rulesets/{id}/examples/{name}/game`); the learner tries
// each step's move on the board or by typing it. A move is right when it
// gives the step's outcome (the captures, the phase and who acts, the
// result, and the later steps' outcomes still following), whatever move
// it is: the server judges it (`POST .../examples/{name}/answer`). A
// step that shows a refusal is found when the attempt is refused for the
// same rule. "Show me" plays the step. A wrong move is taken back by
// starting the example's game again and replaying the answers before.

import { api, rulesets } from './api.js';
import { h, fill, plural } from './dom.js';
import { GameView } from './game.js';
import { markdown } from './markdown.js';
import { player } from './names.js';

const HUMANS = { P1: { player: 'human' }, P2: { player: 'human' } };

export async function showLearn(root, { ruleset, example: wanted }) {
  const offered = await rulesets();
  const entry = offered.find((r) => r.id === ruleset) ?? offered.find((r) => r.id === 'go') ?? offered[0];
  const picker = h('select', { id: 'learn-ruleset', 'aria-label': 'ruleset', onchange: () => { location.hash = `#/learn/${picker.value}`; } },
    offered.filter((r) => r.ruleset).map((r) => h('option', { value: r.id, selected: r.id === entry.id }, r.ruleset.name)));
  const list = h('nav', { class: 'example-list', 'aria-label': 'examples' });
  const stage = h('div', { class: 'learn-stage' });
  fill(root, h('div', { class: 'learn' },
    h('div', { class: 'learn-head' }, h('h2', {}, 'Learn'), h('label', {}, 'Ruleset ', picker)),
    h('div', { class: 'learn-body' }, list, stage)));
  const { examples } = await api.examples(entry.id);
  if (!examples.length) {
    fill(stage, h('p', {}, `${entry.ruleset?.name ?? entry.id} has no worked examples yet.`));
    return null;
  }
  for (const ex of examples) {
    list.append(h('a', { href: `#/learn/${entry.id}/${ex.name}`, 'data-example': ex.name, 'aria-current': String(ex.name === wanted) }, ex.title));
  }
  const chosen = examples.find((e) => e.name === wanted) ?? examples[0];
  list.querySelector(`[data-example="${chosen.name}"]`)?.setAttribute('aria-current', 'true');
  list.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  const next = examples[examples.indexOf(chosen) + 1] ?? null;
  const lesson = new Lesson(stage, chosen, offered, next && `#/learn/${entry.id}/${next.name}`);
  await lesson.start();
  return lesson;
}

class Lesson {
  constructor(root, example, offered, nextHref) {
    this.example = example;
    this.offered = offered;
    this.nextHref = nextHref;
    this.index = 0;
    this.outcomes = [];
    // The line played for each step so far (the learner's, or the
    // example's where it was shown), and the current step's actions.
    this.answers = [];
    this.attempt = [];
    this.revealed = false;
    this.showing = false;
    this.top = h('section', { class: 'lesson', 'aria-label': 'example' });
    this.feedback = h('p', { class: 'learn-feedback', role: 'status', 'aria-live': 'polite' });
    this.view = new GameView(root, {
      top: this.top,
      hooks: {
        seat: () => this.example.steps[this.index]?.seat ?? null,
        accepted: (reply) => this.accepted(reply),
        refused: (error) => this.refused(error),
      },
    });
  }

  close() {
    this.view.close();
    if (this.gameId) api.close(this.gameId).catch(() => {});
  }

  get step() {
    return this.example.steps[this.index] ?? null;
  }

  async start() {
    this.index = 0;
    this.outcomes = [];
    this.answers = [];
    this.say('', '');
    await this.rebuild(0);
  }

  /** A fresh game of the example, with the answers to its steps before `k` played. */
  async rebuild(k) {
    const ex = this.example;
    const created = await api.exampleGame(ex.ruleset, ex.name, { seats: HUMANS });
    let state = created.state;
    this.attempt = [];
    for (const [i, step] of ex.steps.slice(0, k).entries()) {
      if (step.refused) continue;
      const line = this.answers[i] ?? step;
      state = (await api.act(created.game, line.actions, line.seat)).state;
    }
    const old = this.gameId;
    this.gameId = created.game;
    if (old) api.close(old).catch(() => {});
    this.stepStart = state.actions;
    this.renderPanel();
    await this.view.attach({ ...created, state }, this.offered);
  }

  say(kind, text) {
    this.feedback.className = `learn-feedback ${kind}`;
    this.feedback.textContent = text;
  }

  renderPanel() {
    const ex = this.example;
    const step = this.step;
    const total = ex.steps.length;
    const items = ex.steps.map((s, i) => {
      const outcome = this.outcomes[i];
      const state = outcome ? 'done' : i === this.index ? 'current' : 'pending';
      return h('li', { class: `step-${state}`, 'data-step': String(i + 1) },
        h('span', { class: 'step-mark', 'aria-hidden': 'true' }, outcome ? '✓' : i === this.index ? '▶' : '·'),
        ` ${player(s.seat)}`,
        outcome ? [': ', h('code', {}, s.play), s.refused ? ` (refused: ${s.refused})` : '', outcome === 'shown' ? ' — shown' : ' — found'] : null,
        outcome && s.note ? h('div', { class: 'small note' }, s.note) : null);
    });
    let instruction;
    if (!step) {
      instruction = h('p', { class: 'done' }, `Example complete: ${plural(this.outcomes.filter((o) => o === 'found').length, 'step')} of ${total} found by you.`);
    } else {
      instruction = h('div', { class: 'instruction' },
        h('p', {}, h('strong', {}, `Step ${this.index + 1} of ${total}: `),
          step.refused
            ? `${player(step.seat)} tries something the rules refuse. Find it.`
            : `play ${player(step.seat)}'s move.`),
        this.revealed ? h('p', { class: 'small' }, 'The line: ', h('code', {}, step.play)) : null,
        h('div', { class: 'row' },
          h('button', { type: 'button', class: 'primary', 'data-action': 'show-me', onclick: () => this.showMe() }, 'Show me'),
          this.revealed ? null : h('button', { type: 'button', 'data-action': 'reveal', onclick: () => { this.revealed = true; this.renderPanel(); } }, 'Reveal the line')));
    }
    fill(this.top,
      h('h2', { class: 'example-title' }, ex.title),
      markdown(ex.rule),
      h('p', { class: 'small source' }, `Played under ${ex.rules_name ?? ex.ruleset}`, ex.options.length ? ` (${ex.options.join(' ')})` : '', `. Source: ${ex.source}`),
      h('ol', { class: 'steps-list' }, items),
      instruction,
      this.feedback,
      h('div', { class: 'row' },
        h('button', { type: 'button', 'data-action': 'restart', onclick: () => this.start() }, 'Start again'),
        this.nextHref ? h('a', { class: 'link-button', href: this.nextHref, 'data-action': 'next-example' }, 'Next example') : null));
  }

  /** Marks the step done and moves to the next. */
  advance(outcome, text, answer = null) {
    const step = this.step;
    this.outcomes[this.index] = outcome;
    this.answers[this.index] = answer ?? { seat: step.seat, actions: step.actions };
    this.attempt = [];
    this.index += 1;
    this.revealed = false;
    this.stepStart = this.view.state.actions;
    const note = step.note ? ` ${step.note}` : '';
    this.say(outcome === 'found' ? 'good' : 'info', `${text}${note}`);
    this.renderPanel();
    this.view.refresh();
  }

  async accepted(reply) {
    const step = this.step;
    if (!step || this.showing) return;
    const st = reply.state;
    const played = st.actions - this.stepStart;
    this.attempt.push(...reply.actions.map((a) => a.notation));
    // The step's line may hold several actions (a whole double move, a
    // placement and a pass): it is judged once as many have been played,
    // or once its seat can act no more.
    const more = played < step.actions.length && (st.to_act === step.seat || st.to_act === 'either');
    if (step.refused) {
      this.wrong(`That was played, but the example shows a move the rules refuse (${step.refused}).`);
    } else if (more) {
      this.say('info', `Keep going: the example's line has ${plural(step.actions.length, 'action')}.`);
    } else {
      const answer = { seat: step.seat, actions: this.attempt };
      const ex = this.example;
      const judged = await api.answer(ex.ruleset, ex.name, [...this.answers.slice(0, this.index), answer]);
      if (judged.right) this.advance('found', 'Right.', answer);
      else this.wrong(`That move does not give what this step shows (${judged.misses[0]}).`);
    }
  }

  async refused(error) {
    const step = this.step;
    if (!step || this.showing) return;
    if (step.refused && error.rule === step.refused) {
      if (this.view.state.actions !== this.stepStart) await this.rebuild(this.index + 1);
      this.advance('found', `Right: refused (${error.refusal?.message ?? error.message}).`);
    } else if (step.refused) {
      this.say('bad', `Refused, but for ${error.rule}; this step shows a refusal for ${step.refused}. Try again.`);
    } else {
      this.say('bad', 'Refused: that is not this step\'s move. Try again, or press Show me.');
    }
  }

  async wrong(text) {
    this.say('bad', `${text} The board is set back: try again, or press Show me.`);
    await this.rebuild(this.index);
  }

  /** Plays the step for the learner. */
  async showMe() {
    const step = this.step;
    if (!step) return;
    if (this.view.state.actions !== this.stepStart) await this.rebuild(this.index);
    this.showing = true;
    try {
      const reply = await this.view.send(step.actions, step.seat);
      if (step.refused) {
        this.advance('shown', reply ? 'The example\'s move was played (it was expected to be refused).' : `Refused (${step.refused}), as the example shows.`);
      } else {
        this.advance('shown', `Played: ${step.play}.`);
      }
    } finally {
      this.showing = false;
    }
  }
}
