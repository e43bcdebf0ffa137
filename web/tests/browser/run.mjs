// Plays tengen serve's page in Debian's Chromium and checks what it shows
// against the server's own state. web/tests/browser.rs starts the server
// and runs this with TENGEN_URL set; by hand:
//
//   cargo run -q -- serve --port 8080 &
//   cd web/tests/browser && npm ci && TENGEN_URL=http://127.0.0.1:8080/ node run.mjs
//
// Each scenario ends with a screenshot (in TENGEN_SHOTS, or a fresh
// temporary folder) that must show a drawn page, not a blank one.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';

const BASE = process.env.TENGEN_URL;
if (!BASE) {
  console.error('set TENGEN_URL to the address of a running `tengen serve`');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = process.env.TENGEN_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-shots-'));
fs.mkdirSync(SHOTS, { recursive: true });
for (const old of fs.readdirSync(SHOTS).filter((f) => f.startsWith('failed-'))) fs.rmSync(path.join(SHOTS, old));
const ONLY = process.env.TENGEN_ONLY ? new RegExp(process.env.TENGEN_ONLY) : null;

// The whole run may not hang: a stuck browser fails it.
const watchdog = setTimeout(() => {
  console.error('the browser test took longer than 150 s');
  process.exit(1);
}, 150_000);

// ---------------------------------------------------------------- helpers

class Failure extends Error {}

function check(condition, message) {
  if (!condition) throw new Failure(message);
}

function same(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  check(a === e, `${what}: expected ${e}, got ${a}`);
}

/** Polls `probe` until it returns a truthy value, or fails with `what`. */
async function until(probe, what, timeout = 8000) {
  const start = Date.now();
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (e) {
      last = e.message;
    }
    if (Date.now() - start > timeout) throw new Failure(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Calls the server's API directly, as the page's checker. */
async function api(method, route, body) {
  const response = await fetch(new URL(route, BASE), {
    method,
    headers: method !== 'GET' ? { 'content-type': 'application/json' } : {},
    body: method !== 'GET' ? JSON.stringify(body ?? {}) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Failure(`${method} ${route}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

const serverState = async (game) => (await api('GET', `/api/games/${game}`)).state;

/** The game the page shows. */
async function pageGame(page) {
  return until(() => page.getAttribute('[data-game]', 'data-game'), 'the page to show a game');
}

async function text(page, selector) {
  return (await page.textContent(selector)) ?? '';
}

/** Waits until the element's text contains `wanted`. */
async function sees(page, selector, wanted, timeout) {
  return until(async () => (await text(page, selector)).includes(wanted), `"${wanted}" in ${selector}`, timeout);
}

/** Waits until the page waits for no answer of the server. */
async function idle(page) {
  await page.waitForSelector('[data-game][data-idle="true"]');
}

/** Where a point is on the screen (scrolled into view). */
async function place(page, name) {
  await idle(page);
  const at = await page.evaluate((name) => {
    const target = document.querySelector(`svg.board [data-point="${name}"]`);
    if (!target) return null;
    target.scrollIntoView({ block: 'center', inline: 'center' });
    const p = new DOMPoint(target.cx.baseVal.value, target.cy.baseVal.value).matrixTransform(target.getScreenCTM());
    return { x: p.x, y: p.y };
  }, name);
  check(at, `the board has no point ${name}`);
  return at;
}

/** Clicks a point where a person would: at its place on the screen. */
async function point(page, name) {
  const at = await place(page, name);
  await page.mouse.click(at.x, at.y);
}

/** Taps a point, as on a touch screen. */
async function tap(page, name) {
  const at = await place(page, name);
  await page.touchscreen.tap(at.x, at.y);
}

async function typeMove(page, line) {
  await idle(page);
  await page.fill('#move-entry', line);
  await page.press('#move-entry', 'Enter');
}

/** How far the page is wider than the window (0 where it fits). */
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function startFromLobby(page, ruleset, options = {}) {
  await page.goto(new URL('#/', BASE).href);
  await page.click(`[data-ruleset="${ruleset}"]`);
  const wider = await overflow(page);
  check(wider <= 0, `the lobby is ${wider}px wider than the window`);
  for (const [name, value] of Object.entries(options)) {
    if (value === true) await page.check(`#option-${name}`);
    else await page.selectOption(`#option-${name}`, value);
  }
  await page.click('#start');
  await page.waitForSelector('svg.board [data-point]');
  return pageGame(page);
}

/**
 * Takes a screenshot and checks that it shows a drawn page: its size
 * from the PNG header, and the variety of its pixels (decoded in the
 * browser): many colours, no single colour covering nearly all of it,
 * and the board's wood where a board is shown.
 */
async function screenshot(page, name, { board = true } = {}) {
  const file = path.join(SHOTS, `${name}.png`);
  const png = await page.screenshot({ path: file, fullPage: true });
  check(png.subarray(1, 4).toString() === 'PNG', `${file} is not a PNG`);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  check(width >= 320 && height >= 400, `${file} is only ${width}x${height}`);
  const stats = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = new Map();
    let samples = 0;
    let wood = 0;
    for (let i = 0; i < pixels.length; i += 4 * 5) {
      const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
      const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (Math.abs(r - 0xdc) < 12 && Math.abs(g - 0xb3) < 12 && Math.abs(b - 0x5c) < 12) wood += 1;
      samples += 1;
    }
    return { colours: counts.size, top: Math.max(...counts.values()) / samples, wood: wood / samples };
  }, png.toString('base64'));
  check(stats.colours >= 40, `${file} has only ${stats.colours} colours: is it blank?`);
  check(stats.top < 0.9, `${file} is ${Math.round(stats.top * 100)}% one colour: is it blank?`);
  if (board) check(stats.wood > 0.05, `${file} shows too little of the board (${Math.round(stats.wood * 100)}% wood)`);
  return file;
}

// -------------------------------------------------------------- scenarios

const scenarios = [];
const scenario = (name, run) => scenarios.push({ name, run });

scenario('thue-morse double move', async (page) => {
  const game = await startFromLobby(page, 'thue-morse-go', { size: '11' });
  await sees(page, '#status', 'Red (Player 1) to play, move 1.');
  check((await page.locator('.tracker .disc').count()) === 16, 'the tracker shows sixteen placements');
  same(await page.getAttribute('.tracker .discs', 'data-upcoming'), 'P1 P2 P2 P1 P2 P1 P1 P2 P2 P1 P1 P2 P1 P2 P2 P1', 'the tracker');

  await point(page, 'F6');
  await sees(page, '#status', 'Blue (Player 2) to play, move 2, placement 1 of 2.');
  let st = await serverState(game);
  same([st.current_move.seat, st.current_move.opportunities, st.current_move.placed], ['P2', 2, []], 'the double move begins');

  await point(page, 'E5');
  await sees(page, '#status', 'Blue (Player 2) to play, move 2, placement 2 of 2.');
  st = await serverState(game);
  same([st.to_act, st.current_move.opportunity, st.current_move.placed], ['P2', 2, ['E5']], 'the first placement');
  check(await page.isVisible('[data-stone="E5"][data-colour="white"]'), 'E5 is drawn as a Blue stone');
  check(await page.isVisible('[data-action="pass"]'), 'passing the second placement is offered');

  // A click on a stone mid-move places (and is refused: F6 is taken); it
  // marks nothing. Marking needs the explicit mode.
  await point(page, 'F6');
  await sees(page, '.message.error', 'Refused');
  st = await serverState(game);
  same([st.marks, st.current_move.placed], [[], ['E5']], 'a click on a stone mid-move marks nothing');
  await page.click('[data-action="mark-mode"]');
  same(await page.getAttribute('[data-action="mark-mode"]', 'aria-pressed'), 'true', 'the marking mode is on');
  await point(page, 'F6');
  await until(async () => (await serverState(game)).marks.includes('F6'), 'F6 marked in the marking mode');
  await sees(page, '.proposal', 'it does not end the game');
  await point(page, 'F6');
  await until(async () => (await serverState(game)).marks.length === 0, 'F6 unmarked');
  await page.click('[data-action="mark-mode"]');

  await point(page, 'G5');
  await sees(page, '#status', 'Red (Player 1) to play, move 3.');
  st = await serverState(game);
  same(st.board.stones.white.slice().sort(), ['E5', 'G5'], "Blue's two stones");
  same(st.last_move.slice().sort(), ['E5', 'G5'], 'the last move');
  same((await page.$$eval('[data-last]', (els) => els.map((e) => e.dataset.last))).sort(), ['E5', 'G5'], 'the last move marked');
  same(await page.getAttribute('.tracker .discs', 'data-upcoming'), st.upcoming.join(' '), 'the tracker follows the state');
  await screenshot(page, '1-thue-morse');
});

scenario('enhanced go special turn', async (page) => {
  const position = [
    '.O.......', 'O........', '......XX.', '......XX.', '.........',
    '..X......', '.XO......', '.........', '.........',
  ];
  const created = await api('POST', '/api/games', { ruleset: 'enhanced-go', options: ['size=9'], position });
  const game = created.game;
  await page.goto(new URL(`#/game/${game}`, BASE).href);
  await sees(page, '#status', 'Black (Player 1) to play, move 1.');
  check(!(await page.isVisible('[data-action="resign"]')), 'Enhanced Go offers no resignation');
  check(!(await page.isVisible('[data-action="undo"]')), 'Enhanced Go offers no undo');

  await page.click('[data-action="declare-special-turn"]');
  await sees(page, '.action-run .counts', 'Place 0 of 2, remove 0 of 4');
  await sees(page, '.action-run', 'You have 6 on the board, so n can go up to 2.');
  for (const p of ['G7', 'H7', 'G6']) await point(page, p);
  await sees(page, '.action-run .counts', 'Place 0 of 2, remove 3 of 4');
  await page.click('.action-run [data-step="place"]');
  await point(page, 'D3');
  await sees(page, '.action-run .counts', 'Place 1 of 2, remove 3 of 4');
  check(await page.isVisible('[data-staged="D3"]'), 'D3 is staged on the board');
  let st = await serverState(game);
  same([st.actions, st.board.rows], [0, created.state.board.rows], 'nothing is sent while the turn is built');

  await page.click('.action-run .cancel');
  await until(async () => !(await page.isVisible('.action-run')), 'the run panel to close');
  st = await serverState(game);
  same([st.actions, st.board.rows, st.declarations], [0, created.state.board.rows, []], 'cancel changes nothing on the server');
  check(!(await page.isVisible('[data-staged]')), 'cancel clears the staged stones');

  await page.click('[data-action="declare-special-turn"]');
  // The Place step first, then the Pay step: either order.
  await page.click('.action-run [data-step="place"]');
  await point(page, 'A9');
  await point(page, 'D3');
  await sees(page, '.action-run .counts', 'Place 2 of 2, remove 0 of 4');
  for (const p of ['G7', 'H7', 'G6', 'H6']) await point(page, p);
  await sees(page, '.action-run .counts', 'Place 2 of 2, remove 4 of 4');
  // The engine judges the complete turn by a dry run: A9 in White's
  // corner is suicide, so the turn cannot be committed.
  await sees(page, '.action-run .verdict', 'Not allowed: A9 is suicide');
  check(await page.isDisabled('.action-run .commit'), 'a refused turn cannot be committed');
  await page.click('.action-run [data-step="place"]');
  await point(page, 'A9');
  await point(page, 'C2');
  await sees(page, '.action-run .counts', 'Place 2 of 2, remove 4 of 4');
  await sees(page, '.action-run .verdict', 'Allowed: it captures 1 stone (C3).');
  st = await serverState(game);
  same([st.actions, st.board.rows], [0, created.state.board.rows], 'the dry runs changed nothing on the server');
  check(await page.isVisible('[data-would-capture="C3"]'), 'the board shows what the turn would capture');
  await screenshot(page, '2-enhanced-staged');
  await page.click('.action-run .commit');
  await sees(page, '#status', 'White (Player 2) to play, move 2.');
  st = await serverState(game);
  same(st.board.stones.black.slice().sort(), ['B3', 'C2', 'C4', 'D3'], 'the paid stones left and the new ones arrived');
  same([st.board.stones.white.slice().sort(), st.prisoners.P1, st.moves_completed], [['A8', 'B9'], 1, 1], 'C3 captured');
  same(st.declarations, [{ seat: 'P1', action: 'declare-special-turn', words: 'declare special-turn', value: 2 }], 'the declaration');
  await sees(page, '[data-prisoners="P1"]', '1');
  check(!(await page.isVisible('[data-stone="C3"]')), 'C3 is gone from the board');
  await screenshot(page, '2-enhanced-committed');
});

scenario('kill-all pieboxing claim', async (page) => {
  const game = await startFromLobby(page, 'kill-all-go', { size: '9' });
  await sees(page, '#status', 'Setup: Player 1 to act.');
  await point(page, 'D4');
  await sees(page, '#status', 'Setup: Player 2 to act.');
  await point(page, 'F6');
  await sees(page, '#status', 'Setup: Player 1 to act.');
  let st = await serverState(game);
  same(st.board.stones.black.slice().sort(), ['D4', 'F6'], 'both setup stones are the Attacker\'s');
  await page.click('[data-action="claim-attacker"]');
  await sees(page, '#status', 'White (Player 2, Defender) to play, move 1.');
  st = await serverState(game);
  same([st.phase, st.roles, st.to_act], ['play', { P1: 'attacker', P2: 'defender' }, 'P2'], 'the roles');
  await sees(page, '.player[data-seat="P1"] .role', 'Attacker');
  await sees(page, '.player[data-seat="P2"] .role', 'Defender');
  check(!(await page.isVisible('[data-action="pass"]')), 'Kill-All Go offers no pass');
  await point(page, 'E5');
  await sees(page, '#status', 'Black (Player 1, Attacker) to play, move 2.');
  check((await page.locator('[data-alive]').count()) === 0, 'no pass-alive stones yet');
  await screenshot(page, '3-kill-all');
});

scenario('9x9 go to a scored result', async (page) => {
  const game = await startFromLobby(page, 'go', { size: '9' });
  // Black walls off the E file, White the F file; White's B5 is left dead.
  const moves = [];
  for (let row = 9; row >= 1; row -= 1) moves.push(`E${row}`, `F${row}`);
  moves.push('pass', 'b5', 'pass');
  // The first move typed with the focus on nothing: the keys go to the
  // move entry.
  await idle(page);
  await page.keyboard.type(moves.shift());
  await page.keyboard.press('Enter');
  await until(async () => (await serverState(game)).actions === 1, 'E9 typed');
  for (const move of moves) {
    const before = (await serverState(game)).actions;
    await typeMove(page, move);
    await until(async () => (await serverState(game)).actions === before + 1, `${move} to be played`);
  }
  await point(page, 'A1'); // a click, for the last pass: A1 is legal, so undo it
  await until(async () => (await serverState(game)).actions === moves.length + 2, 'A1');
  await page.click('[data-action="undo"]');
  await until(async () => (await serverState(game)).actions === moves.length + 1, 'the undo');
  await page.click('[data-action="pass"]');
  await sees(page, '.agreement', 'Settling dead strings');
  let st = await serverState(game);
  same([st.phase, st.to_act], ['agreement', 'either'], 'two passes stop play');
  check((await page.locator('[data-territory]').count()) > 0, 'territory is shown in the agreement phase');

  await point(page, 'B5');
  await until(async () => (await serverState(game)).marks.includes('B5'), 'B5 marked');
  await page.waitForSelector('[data-mark="B5"]');
  await sees(page, '.score', 'Black leads by 2');
  await page.click('[data-action="accept"]');
  await until(async () => (await serverState(game)).accepted.P1, 'Player 1 accepts');
  await sees(page, '[data-action="accept"]', 'Player 2');
  await page.click('[data-action="accept"]');
  await sees(page, '.result', 'Black (Player 1) wins by 2 points');
  st = await serverState(game);
  same([st.phase, st.result.short, st.result.score.total], ['over', 'B+2', { black: 45, white: 43 }], 'the result');
  await sees(page, '#status', 'Game over');
  await sees(page, '.score h3', 'Final score');
  const sgf = await page.getAttribute('.sgf-link', 'href');
  const record = await (await fetch(new URL(sgf, BASE))).text();
  check(record.includes('RE[B+2]'), `the SGF record has the result (${record.slice(0, 120)}…)`);
  await screenshot(page, '4-go-result');
});

scenario('learn mode', async (page) => {
  await page.goto(new URL('#/learn/go/capture-single-stone', BASE).href);
  await sees(page, '.example-title', 'Capture single stone');
  await sees(page, '.lesson .source', 'Source: Rules of Go by Kevin HY Hau');
  check(!(await page.textContent('.lesson')).includes('seeds/'), 'no file names in the lesson');
  await sees(page, '.instruction', 'Step 1 of 1');
  const first = await pageGame(page);
  await point(page, 'A1'); // a wrong move: the example's game starts again
  await sees(page, '.learn-feedback', 'does not give what this step shows');
  const second = await until(async () => {
    const g = await page.getAttribute('[data-game]', 'data-game');
    return g !== first && g;
  }, 'a fresh game');
  same((await serverState(second)).board.stones.black.includes('A1'), false, 'the wrong move is gone');
  await point(page, 'E4');
  await page.waitForSelector('[data-captured="E5"]'); // the captured stone, fading
  await sees(page, '.learn-feedback', 'Right.');
  await sees(page, '.lesson .done', 'Example complete');
  check(!(await page.isVisible('[data-stone="E5"]')), 'E5 was captured');
  await screenshot(page, '5-learn-tried');

  await page.goto(new URL('#/learn/go/suicide-refused', BASE).href);
  await sees(page, '.example-title', 'Suicide refused');
  await sees(page, '.instruction', 'tries something the rules refuse');
  await page.click('[data-action="show-me"]');
  await sees(page, '.learn-feedback', 'Refused (suicide), as the example shows.');
  await sees(page, '.instruction', 'Step 2 of 2');
  await point(page, 'E5');
  await sees(page, '.learn-feedback', 'Right.');
  await sees(page, '.lesson .done', 'Example complete');
  await screenshot(page, '5-learn-shown');

  // A threat elsewhere is any move away from the ko, not only the recorded C7.
  await page.goto(new URL('#/learn/go/ko-recapture-after-threat', BASE).href);
  await sees(page, '.instruction', 'Step 1 of 5');
  await page.click('[data-action="show-me"]');
  await sees(page, '.instruction', 'Step 2 of 5');
  await point(page, 'B2');
  await sees(page, '.learn-feedback', 'Right.');
  await sees(page, '.instruction', 'Step 3 of 5');
  await point(page, 'H8'); // Black answers elsewhere too
  await sees(page, '.instruction', 'Step 4 of 5');
  await point(page, 'E5'); // the retake: new, since B2 and H8 are on the board
  await sees(page, '.instruction', 'Step 5 of 5');
});

scenario('the lobby disables choices that conflict, saying why', async (page) => {
  // What the lobby sends: every option, a choice at its default too.
  const sent = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(rulesets\/kill-all-go\/choices|games)$/.test(r.url())) sent.push(JSON.parse(r.postData()).options);
  });
  await page.goto(new URL('#/', BASE).href);
  await page.click('[data-ruleset="kill-all-go"]');
  const disabled = (selector) => page.evaluate((s) => document.querySelector(s).disabled, selector);
  const reasonOf = (selector) => page.getAttribute(selector, 'title');
  const fixed = '#option-setup option[value="fixed-17"]';
  // At the defaults (13x13), the fixed 17 stones do not fit.
  await until(() => disabled(fixed), 'fixed-17 to be disabled on 13x13');
  const reason = await reasonOf(fixed);
  check(reason.includes('setup fixed-17') && reason.includes('size 13'), `the reason names the choices: ${reason}`);
  check(!reason.includes('.toml') && !reason.includes('line'), `the reason cites no file: ${reason}`);
  await sees(page, '[data-option-note="setup"]', 'fixed-17 is not available');
  // A 19x19 board frees it; choosing it rules out the other sizes.
  await page.selectOption('#option-size', '19');
  await until(async () => !(await disabled(fixed)), 'fixed-17 to be available on 19x19');
  await page.selectOption('#option-setup', 'fixed-17');
  await until(() => disabled('#option-size option[value="13"]'), 'size 13 to be disabled with fixed-17');
  check(await disabled('#option-size option[value="9"]'), 'size 9 is disabled with fixed-17');
  check(!(await disabled('#option-size option[value="19"]')), 'size 19 stays available');
  check((await reasonOf('#option-size option[value="13"]')).includes('setup fixed-17'), 'size 13 says why');
  await sees(page, '[data-option-note="size"]', '13 is not available');
  await screenshot(page, '7-lobby-conflicts', { board: false });
  await page.click('#start');
  const game = await pageGame(page);
  same((await serverState(game)).board.width, 19, 'the game has the size chosen');
  same(sent[0], ['setup=pieboxing', 'size=13'], 'the defaults are sent');
  same(sent.at(-1), ['setup=fixed-17', 'size=19'], 'the game is asked for with every option');
});

scenario('against the computer, with a hint', async (page) => {
  await page.goto(new URL('#/', BASE).href);
  await page.click('[data-ruleset="go"]');
  await page.selectOption('#option-size', '9');
  await page.selectOption('#seat-P2', '100');
  await page.click('#start');
  const game = await pageGame(page);
  await point(page, 'E5');
  await until(async () => (await serverState(game)).board.stones.white.length === 1, 'the computer to answer');
  await sees(page, '#status', 'Black (Player 1) to play, move 3.');
  await page.click('[data-action="hint"]');
  await page.waitForSelector('.hint-line');
  check((await page.locator('[data-hint]').count()) === 1, 'the hint is shown on the board');
  // The win estimate, then the ownership shading on request: a shade on
  // Black's own stone at E5 (Black's from Black's side), none before.
  const before = await serverState(game);
  await page.click('[data-action="estimate"]');
  await sees(page, '.estimate-line', 'Black (Player 1)');
  check(/\d+% to win/.test(await page.textContent('.estimate-line')), 'the estimate gives a chance to win');
  same(await page.locator('[data-own]').count(), 0, 'no shading until asked for');
  await page.check('[data-action="ownership"]');
  await until(async () => (await page.locator('[data-own]').count()) > 0, 'the ownership shading');
  same(await page.getAttribute('[data-own="E5"]', 'class'), 'own black', 'E5 is expected to stay Black\'s');
  same(await serverState(game), before, 'an estimate plays nothing');
  await screenshot(page, '8-estimate-ownership');
});

scenario('snub-square board on a phone-size screen', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const game = await startFromLobby(page, 'thue-morse-go', { size: '11', snub: true });
  const composition = (await api('GET', `/api/games/${game}/composition`)).composition;
  const points = composition.geometry.points;
  const edges = new Set(points.flatMap((p) => p.neighbours.map((n) => [p.name, n].sort().join('-'))));
  same(await page.locator('svg.board .grid line').count(), edges.size, 'one line per pair of neighbours');
  check(points.some((p) => p.neighbours.length === 5), 'the snub board has points of five neighbours');
  await tap(page, 'F6');
  await sees(page, '#status', 'placement 1 of 2');
  await tap(page, 'E5');
  await sees(page, '#status', 'placement 2 of 2');
  same((await serverState(game)).board.stones.white, ['E5'], 'a tap places a stone');
  const wider = await overflow(page);
  check(wider <= 0, `the page is ${wider}px wider than the phone`);
  const box = await page.locator('svg.board').boundingBox();
  check(box.width > 300 && box.width <= 390, `the board fits the phone (${box.width}px)`);
  await screenshot(page, '6-phone-snub');
});

scenario('a page on another origin cannot change a game, nor a rebound name read one', async (page) => {
  const created = await api('POST', '/api/games', { ruleset: 'go', options: ['size=9'] });
  const game = created.game;
  const before = await serverState(game);
  // A page an attacker serves elsewhere, which knows the game's address.
  const target = new URL(`/api/games/${game}/actions`, BASE).href;
  const attack = `<!doctype html><script>
    window.done = (async () => {
      const results = [];
      const body = JSON.stringify({ action: { type: 'resign' } });
      for (const init of [
        { method: 'POST', mode: 'no-cors', body },
        { method: 'POST', mode: 'no-cors', body, headers: { 'content-type': 'text/plain' } },
        { method: 'POST', body, headers: { 'content-type': 'application/json' } },
      ]) {
        try { const r = await fetch(${JSON.stringify(target)}, init); results.push(r.type + ':' + r.status); }
        catch (e) { results.push('refused: ' + e.message); }
      }
      return results;
    })();
  </script>`;
  const server = http.createServer((_, res) => { res.setHeader('content-type', 'text/html'); res.end(attack); });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const evil = await page.context().newPage();
  try {
    await evil.goto(`http://evil.test:${server.address().port}/`);
    const results = await evil.evaluate(() => window.done);
    check(results.length === 3, `the attack page ran its requests: ${results}`);
    same((await serverState(game)).result, before.result, 'the game is not resigned');
    same((await serverState(game)).actions, before.actions, 'nothing was played');
    // DNS rebinding: a name of the attacker's that resolves to the
    // server's address is refused, page and API alike.
    const rebound = new URL(BASE);
    rebound.hostname = 'evil.test';
    const response = await evil.goto(rebound.href);
    same(response.status(), 421, 'the server refuses a page asked for under another name');
    const read = await evil.evaluate(async (g) => (await fetch(`/api/games/${g}`)).status, game);
    same(read, 421, 'a rebound page cannot read the game');
  } finally {
    await evil.close();
    server.close();
  }
});

// ------------------------------------------------------------------- main

const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-chromium-'));
process.on('exit', () => fs.rmSync(userData, { recursive: true, force: true }));
const context = await chromium.launchPersistentContext(userData, {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    // An attacker's name that resolves to this machine (the cross-origin
    // and DNS-rebinding scenario).
    '--host-resolver-rules=MAP evil.test 127.0.0.1',
  ],
  viewport: { width: 1280, height: 900 },
  hasTouch: true,
});

let passed = 0;
let failed = 0;
const started = Date.now();
for (const { name, run } of scenarios) {
  if (ONLY && !ONLY.test(name)) continue;
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // A refusal is an answer of the API (409), which the browser logs as
    // a failed resource; anything else logged as an error is a fault.
    if (m.type() === 'error' && !/status of 409 \(Conflict\)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  const t0 = Date.now();
  try {
    await run(page);
    check(problems.length === 0, `the page logged errors:\n  ${problems.join('\n  ')}`);
    passed += 1;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${name} (${Date.now() - t0} ms): ${e instanceof Failure ? e.message : e.stack}`);
    if (problems.length) console.log(`     the page logged:\n       ${problems.join('\n       ')}`);
    try {
      console.log(`     status: ${await text(page, '#status').catch(() => '?')}; message: ${await text(page, '.message').catch(() => '?')}`);
      await page.screenshot({ path: path.join(SHOTS, `failed-${name.replace(/\W+/g, '-')}.png`), fullPage: true });
    } catch {
      // the page is gone
    }
  } finally {
    await page.close();
  }
}
await context.close();
clearTimeout(watchdog);
console.log(`screenshots in ${SHOTS}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
