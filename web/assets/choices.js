// The lobby's choices: every option sent explicitly (a choice at its
// default too, so that no option silently replaces it), and the settings
// that conflict with those made disabled, each with the server's reason
// in a player's words (a title, and a note under its option).

import { api } from './api.js';
import { h, fill, capitalise } from './dom.js';

/**
 * The settings chosen in `inputs` (a Map of option name to
 * `{ option, input }`), as `POST /api/games` takes them: a switch when it
 * is on, a choice always (none only where the option has no default), a
 * free value when one is typed.
 */
export function chosenSettings(inputs) {
  const settings = [];
  for (const { option, input } of inputs.values()) {
    if (option.form === 'switch') {
      if (input.checked) settings.push(option.name);
    } else if (input.value.trim()) {
      settings.push(`${option.name}=${input.value.trim()}`);
    }
  }
  return settings;
}

/**
 * Keeps the lobby's options in step with the server's judgement: after
 * each change, asks which settings still fit, disables the others with
 * their reasons, and says when the choices made cannot be played. The
 * latest answer wins; an earlier one arriving late is dropped.
 */
export function watchChoices(ruleset, inputs, notes, summary) {
  let asked = 0;
  const refresh = async () => {
    const ask = ++asked;
    let reply;
    try {
      reply = await api.choices(ruleset, chosenSettings(inputs));
    } catch (e) {
      if (ask !== asked) return;
      fill(summary, h('p', { class: 'message error' }, capitalise(e.message)));
      return;
    }
    if (ask !== asked) return;
    for (const { name, settings } of reply.choices) {
      const entry = inputs.get(name);
      if (!entry) continue;
      mark(entry, settings);
      const ruled = settings.filter((s) => !s.available);
      fill(notes.get(name), ruled.length
        ? h('ul', { class: 'small conflicts' }, ruled.map((s) => h('li', { 'data-setting': s.setting },
          s.value == null ? `Not available: ${capitalise(s.reason)}.` : `${s.value} is not available: ${s.reason}.`)))
        : null);
    }
    fill(summary, reply.conflict ? h('p', { class: 'message error' }, `${capitalise(reply.conflict)}.`) : null);
  };
  for (const { input } of inputs.values()) input.addEventListener('change', refresh);
  refresh();
}

/** Disables each unavailable setting of one option, its reason a title. */
function mark({ option, input }, settings) {
  if (option.form === 'switch') {
    const [setting] = settings;
    const ruled = setting && !setting.available && !input.checked;
    input.disabled = Boolean(ruled);
    if (ruled) input.title = setting.reason;
    else input.removeAttribute('title');
    return;
  }
  for (const element of input.querySelectorAll('option')) {
    const setting = settings.find((s) => s.value === element.value);
    const ruled = setting && !setting.available && !element.selected;
    element.disabled = Boolean(ruled);
    if (ruled) element.title = setting.reason;
    else element.removeAttribute('title');
  }
}
