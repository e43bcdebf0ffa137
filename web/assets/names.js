// How the page names seats, colours, roles and actions, in the words of
// the command line (`Red (Player 1) to play, move 3`).

import { capitalise } from './dom.js';

export const SEATS = ['P1', 'P2'];

/** `Player 1`. */
export function player(seat) {
  return `Player ${seat === 'P1' ? 1 : 2}`;
}

/** The ruleset's name of a colour (`Red`). */
export function colourName(state, colour) {
  return state?.colour_names?.[colour] ?? capitalise(colour);
}

/** `Red (Player 1)`, `Black (Player 2, Attacker)`. */
export function seatLabel(state, seat) {
  const role = state?.roles?.[seat];
  const colour = colourName(state, state?.colours?.[seat]);
  return `${colour} (${player(seat)}${role ? `, ${capitalise(role)}` : ''})`;
}

/** Whether the seat is played by a person (true where seats are unknown). */
export function isHuman(seats, seat) {
  return (seats?.[seat]?.player ?? 'human') === 'human';
}

/**
 * The seat the computer player would act for (as the server's
 * `next_actor`): the seat to act, or in an agreement phase the first
 * seat that has not accepted.
 */
export function nextActor(state) {
  if (!state || state.to_act === 'nobody') return null;
  if (state.to_act === 'either') return SEATS.find((seat) => !state.accepted?.[seat]) ?? 'P1';
  return state.to_act;
}

