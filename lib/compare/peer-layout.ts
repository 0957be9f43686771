// Where each peer sits in the comparison's peer graph: the focus company in the middle, one ring
// per relationship kind (direct competitors closest), the API's order going clockwise from the
// top, each ring turned so that its labels keep clear of the labels of the ring inside it; then
// labels that would still touch (a crowded ring, two rings' labels side by side) are pushed apart.
// Coordinates are in a unit square centred on 0 (radius 1 is the outer ring's edge); the graph
// shows EXTENT on every side.

export const RING_ORDER = ["direct_competitor", "business_model_peer", "industry_peer"] as const;
// The inner ring clears the focus company's box (its logo and ticker; the section's title names it).
const RADII = [0.48, 0.73, 0.97] as const;
/** How far the graph reaches from its centre, in these units: labels stay inside. */
export const EXTENT = 1.12;

/**
 * A peer's label (ticker over short name) at its largest, in the same units: 116 by 38 px (its
 * 112 px cap and ring) of the narrowest graph that shows names, 512 px, whose unit is 229 px.
 * Narrower graphs show tickers only, which are smaller.
 */
export const LABEL = { width: 0.5, height: 0.17 } as const;

export interface Placed<T> {
  item: T;
  ring: number;
  x: number;
  y: number;
  /** Position in the API's order (closest first), from 1. */
  rank: number;
}

/** The ring of a relationship kind; an unknown (newer) kind goes on the outer ring. */
export function ringOf(relationship: string): number {
  const i = (RING_ORDER as readonly string[]).indexOf(relationship);
  return i === -1 ? RING_ORDER.length - 1 : i;
}

export function ringRadius(ring: number): number {
  return RADII[Math.min(ring, RADII.length - 1)] as number;
}

interface Point {
  x: number;
  y: number;
}

/**
 * How clear of each other two labels centred on these points are: past 1 they do not touch. The
 * larger of the horizontal and vertical distances, each in label sizes (boxes apart on either
 * axis do not overlap).
 */
export function labelClearance(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x) / LABEL.width, Math.abs(a.y - b.y) / LABEL.height);
}

const at = (radius: number, angle: number): Point => ({
  x: radius * Math.cos(angle),
  y: radius * Math.sin(angle),
});

/** Turns tried within one gap between a ring's neighbours: the first (0) keeps its first peer on top. */
const TURNS = 24;

/** How far apart two angles are, in radians (0 to π). */
function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return Math.min(d, 2 * Math.PI - d);
}

/** A spoke this many radians from an inner peer's counts as clear of its label (a spoke behind a label reads as a link through it). */
const SPOKE_CLEAR = Math.PI / 24;

/**
 * Where a ring starts: the first of TURNS turns within one gap from the top that keeps its labels
 * clearest of the labels of the ring inside it, and its spokes off the labels of every ring inside.
 */
function ringStart(
  count: number,
  radius: number,
  inner: readonly Point[],
  innerAngles: readonly number[],
): number {
  const gap = (2 * Math.PI) / count;
  let best = { start: -Math.PI / 2, clearance: -1 };
  for (let turn = 0; turn < TURNS; turn++) {
    const start = -Math.PI / 2 + (turn * gap) / TURNS;
    let clearance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const angle = start + i * gap;
      for (const point of inner) clearance = Math.min(clearance, labelClearance(at(radius, angle), point));
      for (const other of innerAngles)
        clearance = Math.min(clearance, angleBetween(angle, other) / SPOKE_CLEAR);
    }
    // A clearly better turn wins; a nearly equal one does not move the ring off the top.
    if (clearance > best.clearance + 1e-9) best = { start, clearance };
  }
  return best.start;
}

export function layoutPeers<T extends { relationship: string }>(peers: readonly T[]): Placed<T>[] {
  const rings = new Map<number, { item: T; rank: number }[]>();
  peers.forEach((item, i) => {
    const ring = ringOf(item.relationship);
    rings.set(ring, [...(rings.get(ring) ?? []), { item, rank: i + 1 }]);
  });
  const placed: Placed<T>[] = [];
  let inner: Point[] = [];
  const innerAngles: number[] = [];
  for (const ring of [...rings.keys()].sort((a, b) => a - b)) {
    const members = rings.get(ring) ?? [];
    const radius = ringRadius(ring);
    const start = ringStart(members.length, radius, inner, innerAngles);
    const angles = members.map((_, i) => start + (i * 2 * Math.PI) / members.length);
    const points = angles.map((angle) => at(radius, angle));
    members.forEach(({ item, rank }, i) => {
      placed.push({ item, ring, rank, ...(points[i] as Point) });
    });
    inner = points;
    innerAngles.push(...angles);
  }
  separate(placed);
  return placed.sort((a, b) => a.rank - b.rank);
}

/**
 * The focus company's box in the middle, its logo over its ticker: about 64 px square where names
 * show. Narrower graphs show its ticker alone, as they do the peers'.
 */
export const FOCUS = { width: 0.28, height: 0.28 } as const;
/** Labels are pushed apart until their boxes, this much larger, do not touch. */
const MARGIN = 1.06;
const ROUNDS = 200;

/**
 * Where the rings alone leave labels touching, pushes each touching pair apart along the axis
 * where they overlap least, half each; then off the focus box (which does not move) and back
 * inside the graph; until nothing touches or ROUNDS rounds have passed. Labels move only as far as
 * they must (at most 0.15 off their ring for 12 peers), so each stays by its ring and its place in
 * the order. Of all 454 mixes of 1 to 12 peers, the rings alone left labels touching in 142.
 */
function separate(points: Point[]): void {
  const hw = (LABEL.width * MARGIN) / 2;
  const hh = (LABEL.height * MARGIN) / 2;
  for (let round = 0; round < ROUNDS; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      const a = points[i] as Point;
      for (let j = i + 1; j < points.length; j++) {
        const b = points[j] as Point;
        const ox = 2 * hw - Math.abs(a.x - b.x);
        const oy = 2 * hh - Math.abs(a.y - b.y);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        // Past half the rounds a pair still touching is held side by side (by the focus box or the
        // edge): it is then pushed apart vertically.
        if (ox < oy && round < ROUNDS / 2) {
          const s = Math.sign(a.x - b.x || 1) * (ox / 2);
          a.x += s;
          b.x -= s;
        } else {
          const s = Math.sign(a.y - b.y || 1) * (oy / 2);
          a.y += s;
          b.y -= s;
        }
      }
      // The focus box, which does not move.
      const fx = (FOCUS.width / 2) * MARGIN + hw - Math.abs(a.x);
      const fy = (FOCUS.height / 2) * MARGIN + hh - Math.abs(a.y);
      if (fx > 0 && fy > 0) {
        if (fx < fy) a.x += Math.sign(a.x || 1) * fx;
        else a.y += Math.sign(a.y || 1) * fy;
        moved = true;
      }
      const x = Math.max(-EXTENT + hw, Math.min(EXTENT - hw, a.x));
      const y = Math.max(-EXTENT + hh, Math.min(EXTENT - hh, a.y));
      if (x !== a.x || y !== a.y) moved = true;
      a.x = x;
      a.y = y;
    }
    if (!moved) return;
  }
}
