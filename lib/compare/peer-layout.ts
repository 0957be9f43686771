// Where each peer sits in the comparison's peer graph: the focus company in the middle, one ring
// per relationship kind (direct competitors closest), the API's order going clockwise from the
// top, each ring turned away from the one inside it. Coordinates are in a unit square centred on 0
// (radius 1 is the outer edge).

export const RING_ORDER = ["direct_competitor", "business_model_peer", "industry_peer"] as const;
const RADII = [0.4, 0.66, 0.9] as const;

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

/** How far apart two angles are, in radians (0 to π). */
function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return Math.min(d, 2 * Math.PI - d);
}

/** Turns tried within one gap between a ring's neighbours: the first (0) keeps its first peer on top. */
const TURNS = 12;

/**
 * Where a ring starts: the first of TURNS turns within one gap from the top that keeps its peers
 * furthest from the peers of the ring inside it (whose labels would otherwise touch theirs).
 */
function ringStart(count: number, inner: readonly number[]): number {
  const gap = (2 * Math.PI) / count;
  let best = { start: -Math.PI / 2, clearance: -1 };
  for (let turn = 0; turn < TURNS; turn++) {
    const start = -Math.PI / 2 + (turn * gap) / TURNS;
    let clearance = Math.PI;
    for (let i = 0; i < count; i++)
      for (const angle of inner) clearance = Math.min(clearance, angleBetween(start + i * gap, angle));
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
  let inner: number[] = [];
  for (const ring of [...rings.keys()].sort((a, b) => a - b)) {
    const members = rings.get(ring) ?? [];
    const radius = ringRadius(ring);
    const start = ringStart(members.length, inner);
    const angles = members.map((_, i) => start + (i * 2 * Math.PI) / members.length);
    members.forEach(({ item, rank }, i) => {
      const angle = angles[i] as number;
      placed.push({ item, ring, rank, x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
    inner = angles;
  }
  return placed.sort((a, b) => a.rank - b.rank);
}
