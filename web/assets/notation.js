// Reading a typed line in the move notation into the actions it holds,
// so that a line of several actions is sent as one all-or-none request.
// The server reads each action; this only splits the line.

const ARGUMENTS = { pay: 1, mark: 1, unmark: 1, claim: 1, declare: 2 };

/**
 * `P1: declare special-turn 2, pay C3 D4` →
 * `{seat: 'P1', actions: ['declare special-turn 2', 'pay C3', 'D4']}`.
 */
export function parseLine(text) {
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
    const count = ARGUMENTS[word] ?? 0;
    if (i + count >= words.length && count > 0) {
      throw new Error(`\`${words[i]}\` needs ${count === 1 ? 'a word' : `${count} words`} after it (e.g. ${example(word)})`);
    }
    actions.push(words.slice(i, i + 1 + count).join(' '));
    i += 1 + count;
  }
  return { seat, actions };
}

function example(word) {
  return {
    pay: '`pay D4`',
    mark: '`mark D4`',
    unmark: '`unmark D4`',
    claim: '`claim attacker`',
    declare: '`declare handicap 3`',
  }[word];
}
