// The JSON API of `tengen serve`: one function a route. A refused or
// malformed request throws an ApiError carrying the server's error
// (`code`, `message`, and `refusal` or `diagnostics` where given).

/** An error answered by the server (or a failure to reach it). */
export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = error?.code ?? 'http';
    this.refusal = error?.refusal ?? null;
    this.diagnostics = error?.diagnostics ?? null;
  }

  /** The rule's code where the rules refused, else the error's code. */
  get rule() {
    return this.refusal?.code ?? this.code;
  }
}

async function call(method, path, body) {
  const init = { method, headers: { accept: 'application/json' } };
  // The server takes a change only as JSON (a page elsewhere cannot send
  // that without asking first), so every request but a read sends some.
  if (body === undefined && method !== 'GET') body = {};
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, { code: 'network', message: `the server cannot be reached (${e.message})` });
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, data?.error ?? { code: 'http', message: text || response.statusText });
  }
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  rulesets: () => call('GET', '/api/rulesets'),
  examples: (ruleset) => call('GET', `/api/rulesets/${encodeURIComponent(ruleset)}/examples`),
  /** A new game at the start of a worked example. */
  exampleGame: (ruleset, name, body = {}) =>
    call('POST', `/api/rulesets/${encodeURIComponent(ruleset)}/examples/${encodeURIComponent(name)}/game`, body),
  /** Judges answers to an example's steps, the last one by its outcome. */
  answer: (ruleset, name, answers) =>
    call('POST', `/api/rulesets/${encodeURIComponent(ruleset)}/examples/${encodeURIComponent(name)}/answer`, { answers }),
  /** Which settings of a ruleset's options fit those chosen, and why not. */
  choices: (ruleset, options) => call('POST', `/api/rulesets/${encodeURIComponent(ruleset)}/choices`, { options }),
  newGame: (body) => call('POST', '/api/games', body),
  state: (id) => call('GET', game(id)),
  legal: (id, seat) => call('GET', `${game(id)}/legal${seat ? `?seat=${seat}` : ''}`),
  composition: (id) => call('GET', `${game(id)}/composition`),
  /** Plays one action, or several of one seat all or none. */
  act: (id, actions, seat) => {
    const body = actions.length === 1 ? { action: actions[0] } : { actions };
    if (seat) body.seat = seat;
    return call('POST', `${game(id)}/actions`, body);
  },
  /**
   * A dry run of `act`: what the actions would do and the state after
   * them, the game unchanged (refused as `act` would be).
   */
  tryActs: (id, actions, seat) => {
    const body = actions.length === 1 ? { action: actions[0] } : { actions };
    if (seat) body.seat = seat;
    body.dry_run = true;
    return call('POST', `${game(id)}/actions`, body);
  },
  ai: (id, body = {}) => call('POST', `${game(id)}/ai`, body),
  /** The search's estimate of the position: win rate, lead, ownership. */
  analysis: (id, body = {}) => call('POST', `${game(id)}/analysis`, body),
  undo: (id) => call('POST', `${game(id)}/undo`, {}),
  close: (id) => call('DELETE', game(id)),
  sgfUrl: (id) => `${game(id)}/sgf`,
};

/** The rulesets offered, fetched once a page load. */
let catalogue = null;
export function rulesets() {
  catalogue ??= api.rulesets().then((r) => r.rulesets).catch((e) => {
    catalogue = null;
    throw e;
  });
  return catalogue;
}
