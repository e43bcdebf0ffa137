// The board as SVG, drawn from the topology's real geometry: a line
// between every two neighbours (squares on the square board, squares and
// triangles on the snub-square one), stones at each point's drawing
// position, and the marks a game shows (last move, dead strings,
// territory, pass-alive stones, captures fading out, a staged special
// turn, a hint).

import { s } from './dom.js';

/** Stone colours by the ruleset's colour names. */
const PALETTE = {
  black: { fill: '#1d1d1f', edge: '#000', ink: '#fff' },
  white: { fill: '#f7f5ef', edge: '#6b6b6b', ink: '#111' },
  red: { fill: '#c8322f', edge: '#7a1614', ink: '#fff' },
  blue: { fill: '#2b63c6', edge: '#143a80', ink: '#fff' },
};

/** The fill of each colour (`black`, `white`) under its ruleset name. */
export function palette(colourNames) {
  const pick = (colour) => PALETTE[(colourNames?.[colour] ?? colour).toLowerCase()] ?? PALETTE[colour];
  return { black: pick('black'), white: pick('white') };
}

const RADIUS = 0.47;

/** Sets the stone colours (CSS variables) on an element and its children. */
export function paint(element, colours) {
  for (const colour of ['black', 'white']) {
    element.style.setProperty(`--stone-${colour}`, colours[colour].fill);
    element.style.setProperty(`--edge-${colour}`, colours[colour].edge);
    element.style.setProperty(`--ink-${colour}`, colours[colour].ink);
  }
}

export class Board {
  /** `onPoint(name)` hears a click or tap on a point. */
  constructor({ onPoint }) {
    this.onPoint = onPoint;
    this.svg = s('svg', { class: 'board', role: 'group', 'aria-label': 'board' });
    this.view = null;
    this.hovered = null;
    this.svg.addEventListener('click', (event) => {
      const target = event.target.closest?.('[data-point]');
      if (target) this.onPoint(target.dataset.point);
    });
    this.svg.addEventListener('pointerover', (event) => {
      const target = event.target.closest?.('[data-point]');
      this.hovered = target ? target.dataset.point : null;
      this.drawPreview();
    });
    this.svg.addEventListener('pointerleave', () => {
      this.hovered = null;
      this.drawPreview();
    });
  }

  /** Lays out the lines, star points, coordinates and click targets. */
  setGeometry(geometry) {
    this.points = new Map(geometry.points.map((p) => [p.name, p]));
    const xs = geometry.points.map((p) => p.position[0]);
    const ys = geometry.points.map((p) => p.position[1]);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const margin = 1.35;
    const box = [minX - margin, minY - margin, maxX - minX + 2 * margin, maxY - minY + 2 * margin];
    this.svg.setAttribute('viewBox', box.map((v) => v.toFixed(3)).join(' '));
    this.svg.dataset.size = `${geometry.width}x${geometry.height}`;
    this.svg.replaceChildren();

    const defs = s('defs');
    for (const colour of ['black', 'white']) {
      defs.append(
        s('radialGradient', { id: `shine-${colour}`, cx: '35%', cy: '30%', r: '75%' },
          s('stop', { offset: '0%', class: `shine-top ${colour}` }),
          s('stop', { offset: '100%', class: `shine-bottom ${colour}` })),
      );
    }
    this.svg.append(defs);
    const pad = 0.62;
    this.svg.append(s('rect', {
      class: 'wood', x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad, rx: 0.18,
    }));

    const grid = s('g', { class: 'grid' });
    const drawn = new Set();
    for (const p of geometry.points) {
      const wraps = p.wraps ?? [];
      for (const name of p.neighbours) {
        const key = p.name < name ? `${p.name}-${name}` : `${name}-${p.name}`;
        const q = this.points.get(name);
        if (!q) continue;
        const wrap = wraps.indexOf(name);
        if (wrap >= 0) {
          // A link across the drawing's edge (a torus, the net of a cube):
          // a short line leaving the board, in the direction the geometry
          // gives (else away from the point at the other end).
          const [dx, dy] = p.stubs?.[wrap] ?? [p.position[0] - q.position[0], p.position[1] - q.position[1]];
          const length = Math.hypot(dx, dy) || 1;
          grid.append(s('line', {
            class: 'wrap', x1: p.position[0], y1: p.position[1],
            x2: p.position[0] + (0.45 * dx) / length, y2: p.position[1] + (0.45 * dy) / length,
          }));
          continue;
        }
        if (drawn.has(key)) continue;
        drawn.add(key);
        grid.append(s('line', { x1: p.position[0], y1: p.position[1], x2: q.position[0], y2: q.position[1] }));
      }
    }
    for (const p of geometry.points.filter((p) => p.star)) {
      grid.append(s('circle', { class: 'star', cx: p.position[0], cy: p.position[1], r: 0.11 }));
    }
    this.svg.append(grid);
    if (!geometry.own_names) this.svg.append(this.coordinates(geometry.points));

    this.layers = {};
    for (const name of ['territory', 'stones', 'marks', 'overlay', 'preview']) {
      this.layers[name] = s('g', { class: `layer-${name}` });
      this.svg.append(this.layers[name]);
    }
    const hits = s('g', { class: 'hits' });
    for (const p of geometry.points) {
      hits.append(s('circle', {
        class: 'hit', cx: p.position[0], cy: p.position[1], r: 0.5, 'data-point': p.name,
      }, s('title', {}, p.name)));
    }
    this.svg.append(hits);
    if (this.view) this.render(this.view);
  }

  /**
   * Column letters above and below, row numbers left and right: each
   * beyond the first and last point of its column or row (a board with
   * holes, such as a hexagon, has columns and rows of different lengths).
   */
  coordinates(points) {
    const g = s('g', { class: 'coords' });
    const columns = new Map();
    const rows = new Map();
    const ends = (map, key, p, along) => {
      const e = map.get(key) ?? { first: p, last: p };
      if (p[along] < e.first[along]) e.first = p;
      if (p[along] > e.last[along]) e.last = p;
      map.set(key, e);
    };
    for (const p of points) {
      const [, letter, number] = /^([A-Z]+)(\d+)$/.exec(p.name) ?? [];
      if (!letter) continue;
      ends(columns, letter, p, 'row');
      ends(rows, number, p, 'column');
    }
    const numbers = [...rows].flatMap(([number, r]) => [
      [number, r.first.position[0] - 0.98, r.first.position[1]],
      [number, r.last.position[0] + 0.98, r.last.position[1]],
    ]);
    // A column ending on a slanted edge (a hexagon) would put its letter
    // on the number of the row ending there: its other end has it.
    const crowded = (x, y) => numbers.some(([, nx, ny]) => Math.hypot(nx - x, ny - y) < 0.7);
    for (const [letter, c] of columns) {
      for (const [x, y] of [[c.first.position[0], c.first.position[1] - 0.95], [c.last.position[0], c.last.position[1] + 0.95]]) {
        if (!crowded(x, y)) g.append(s('text', { x, y }, letter));
      }
    }
    for (const [number, x, y] of numbers) g.append(s('text', { x, y }, number));
    return g;
  }

  /**
   * Draws a moment of the game. `view`: `stones` ({black, white} point
   * lists), `palette`, `last`, `marks`, `territory` ({black, white} or
   * null), `alive` ({black, white} or null), `ghosts` ([{point, colour}]),
   * `staged` ({colour, paid, placed, captured}: a special turn being
   * built), `hint` (a point), `ownership` (a map from point to Black's
   * expected ownership, -1 to 1, or null),
   * `flash` (a refused point), `preview` (the colour a click would place,
   * or null), `selectable` (points a click acts on, drawn as such).
   */
  render(view) {
    this.view = view;
    if (!this.points) return;
    paint(this.svg, view.palette ?? palette(null));
    const at = (name) => this.points.get(name)?.position;
    const { territory, stones, marks, overlay } = this.layers;
    territory.replaceChildren();
    stones.replaceChildren();
    marks.replaceChildren();
    overlay.replaceChildren();
    this.occupied = new Map();

    for (const colour of ['black', 'white']) {
      for (const name of view.territory?.[colour] ?? []) {
        const p = at(name);
        if (p) territory.append(s('rect', { class: `terr ${colour}`, x: p[0] - 0.14, y: p[1] - 0.14, width: 0.28, height: 0.28, 'data-territory': name }));
      }
    }
    for (const [name, value] of view.ownership ?? []) {
      const p = at(name);
      if (!p || Math.abs(value) < 0.1) continue;
      const colour = value > 0 ? 'black' : 'white';
      const size = 0.3 + 0.5 * Math.abs(value);
      territory.append(s('rect', {
        class: `own ${colour}`, x: p[0] - size / 2, y: p[1] - size / 2, width: size, height: size,
        'fill-opacity': (0.25 + 0.45 * Math.abs(value)).toFixed(2), 'data-own': name,
      }));
    }
    const paid = new Set(view.staged?.paid ?? []);
    const dead = new Set(view.marks ?? []);
    for (const colour of ['black', 'white']) {
      for (const name of view.stones?.[colour] ?? []) {
        const p = at(name);
        if (!p) continue;
        this.occupied.set(name, colour);
        const classes = ['stone', colour];
        if (dead.has(name)) classes.push('dead');
        if (paid.has(name)) classes.push('paying');
        stones.append(s('circle', { class: classes.join(' '), cx: p[0], cy: p[1], r: RADIUS, 'data-stone': name, 'data-colour': colour }));
        if (dead.has(name)) marks.append(cross(p, `mark-dead on-${colour}`, name));
        if (paid.has(name)) marks.append(cross(p, 'mark-removed', name));
      }
    }
    for (const colour of ['black', 'white']) {
      for (const name of view.alive?.[colour] ?? []) {
        const p = at(name);
        if (p) marks.append(s('rect', { class: `alive on-${colour}`, x: p[0] - 0.11, y: p[1] - 0.11, width: 0.22, height: 0.22, transform: `rotate(45 ${p[0]} ${p[1]})`, 'data-alive': name }));
      }
    }
    for (const name of view.last ?? []) {
      const p = at(name);
      const colour = this.occupied.get(name);
      if (p && colour) marks.append(s('circle', { class: `last on-${colour}`, cx: p[0], cy: p[1], r: 0.2, 'data-last': name }));
    }
    for (const ghost of view.ghosts ?? []) {
      const p = at(ghost.point);
      if (p && !this.occupied.has(ghost.point)) {
        overlay.append(s('circle', { class: `ghost ${ghost.colour}`, cx: p[0], cy: p[1], r: RADIUS, 'data-captured': ghost.point }));
      }
    }
    (view.staged?.placed ?? []).forEach((name, i) => {
      const p = at(name);
      if (!p) return;
      const colour = view.staged.colour;
      overlay.append(
        s('circle', { class: `stone ${colour} staged`, cx: p[0], cy: p[1], r: RADIUS, 'data-staged': name }),
        s('text', { class: `staged-number on-${colour}`, x: p[0], y: p[1] }, String(i + 1)),
      );
    });
    for (const name of view.staged?.captured ?? []) {
      const p = at(name);
      if (p) overlay.append(s('circle', { class: 'would-capture', cx: p[0], cy: p[1], r: 0.5, 'data-would-capture': name }));
    }
    if (view.hint && at(view.hint)) {
      const p = at(view.hint);
      overlay.append(s('circle', { class: 'hint', cx: p[0], cy: p[1], r: 0.36, 'data-hint': view.hint }));
    }
    if (view.flash && at(view.flash)) {
      const p = at(view.flash);
      overlay.append(s('circle', { class: 'flash', cx: p[0], cy: p[1], r: 0.5 }));
    }
    this.svg.classList.toggle('interactive', Boolean(view.preview));
    this.drawPreview();
  }

  /** A translucent stone under the pointer where a click would place one. */
  drawPreview() {
    const layer = this.layers?.preview;
    if (!layer) return;
    layer.replaceChildren();
    const colour = this.view?.preview;
    const name = this.hovered;
    if (!colour || !name || this.occupied?.has(name) || this.view?.staged) return;
    const p = this.points.get(name)?.position;
    if (p) layer.append(s('circle', { class: `stone ${colour} preview`, cx: p[0], cy: p[1], r: RADIUS }));
  }
}

function cross(p, classes, name) {
  const d = 0.22;
  return s('path', {
    class: classes,
    d: `M${p[0] - d} ${p[1] - d}L${p[0] + d} ${p[1] + d}M${p[0] + d} ${p[1] - d}L${p[0] - d} ${p[1] + d}`,
    'data-mark': name,
  });
}
