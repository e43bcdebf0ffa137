// Reading a typed line in the move notation into the actions it holds,
// so that a line of several actions is sent as one all-or-none request.
// The server reads each action; this only splits the line, knowing how
// many words each action takes from the ruleset's action declarations
// (the composition's `actions`), so no variant's action is named here.

/** The core's actions that take an argument: a point. */
const CORE = { mark: { count: 1, usage: 'mark D4' }, unmark: { count: 1, usage: 'unmark D4' } };

/** How many words follow each action's first word, and its usage. */
function argumentCounts(declarations) {
  const counts = { ...CORE };
  for (const d of declarations ?? []) {
    const words = d.words.split(/\s+/);
    const count = words.length - 1 + (d.argument === 'none' ? 0 : 1);
    const known = counts[words[0]];
    if (!known || known.count < count) counts[words[0]] = { count, usage: d.usage };
  }
  return counts;
}

/**
 * `P1: declare bonus 2, remove C3 D4` →
 * `{seat: 'P1', actions: ['declare bonus 2', 'remove C3', 'D4']}`,
 * given the ruleset's action `declarations`.
 */
export function parseLine(text, declarations = []) {
  const counts = argumentCounts(declarations);
  let line = text.replace(/#.*$/, '').trim();
  let seat = null;
  const prefix = /^(p[12])\s*:/i.exec(line);
  if (prefix) {
    seat = prefix[1].toUpperCase();
    line = line.slice(prefix[0].length);
  }
  const words = line.split(/[\s,]+/).filter(Boolean);
  const actions = [];
  for (let i = 0; i < words.length; ) {
    const word = words[i].toLowerCase();
    const { count = 0, usage = '' } = counts[word] ?? {};
    if (i + count >= words.length && count > 0) {
      throw new Error(`\`${words[i]}\` needs ${count === 1 ? 'a word' : `${count} words`} after it (\`${usage}\`)`);
    }
    actions.push(words.slice(i, i + 1 + count).join(' '));
    i += 1 + count;
  }
  return { seat, actions };
}
