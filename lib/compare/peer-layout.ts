// Where each peer sits in the comparison's peer graph: the focus company in the middle, one ring
// per relationship kind (direct competitors closest), the API's order going clockwise from the
// top. Coordinates are in a unit square centred on 0 (radius 1 is the outer edge).

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

export function layoutPeers<T extends { relationship: string }>(peers: readonly T[]): Placed<T>[] {
  const rings = new Map<number, { item: T; rank: number }[]>();
  peers.forEach((item, i) => {
    const ring = ringOf(item.relationship);
    rings.set(ring, [...(rings.get(ring) ?? []), { item, rank: i + 1 }]);
  });
  const placed: Placed<T>[] = [];
  for (const [ring, members] of rings) {
    const radius = ringRadius(ring);
    // Each ring starts a little further round than the one inside it, so that spokes of
    // neighbouring rings do not run through each other's nodes.
    const start = -Math.PI / 2 + ring * (Math.PI / 8);
    members.forEach(({ item, rank }, i) => {
      const angle = start + (i * 2 * Math.PI) / members.length;
      placed.push({ item, ring, rank, x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
  }
  return placed.sort((a, b) => a.rank - b.rank);
}
