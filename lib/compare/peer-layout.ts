// Where each peer sits in the comparison's peer graph: the focus company in the middle, one ring
// per relationship kind (direct competitors closest), the API's order going clockwise from the
// top, each ring turned so that its labels keep clear of the labels of the ring inside it.
// Coordinates are in a unit square centred on 0 (radius 1 is the outer edge).

export const RING_ORDER = ["direct_competitor", "business_model_peer", "industry_peer"] as const;
// The inner ring clears the focus company's box (its logo and ticker; the section's title names it).
const RADII = [0.48, 0.73, 0.97] as const;

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
  return placed.sort((a, b) => a.rank - b.rank);
}
