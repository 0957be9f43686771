"use client";

/**
 * The directory's place (its scroll and the row opened), kept when a row is opened: coming Back
 * shows the same rows with that row focused, as a page's own scroll is restored. Only Back and
 * Forward restore it; a new visit to the same address starts at the top.
 * Kept in sessionStorage (this tab), not in the history entry's state: the URL state library
 * (nuqs) replaces that state, without our field, as the link navigates.
 */
import { cameBack } from "@/lib/client/traversal";

const STORAGE_KEY = "fiscal-atlas:directory-place";

export interface KeptPlace {
  /** The result it belongs to (the table's resetKey): another result starts at the top. */
  key: string;
  top: number;
  row: number;
}

/** The place kept for this address and result, when the page comes back by Back or Forward. */
export function keptPlace(key: string): KeptPlace | null {
  if (typeof window === "undefined") return null;
  const { pathname } = window.location;
  if (!cameBack()) return null;
  let place: Partial<KeptPlace & { pathname: string }> | null = null;
  try {
    place = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null");
  } catch {
    return null; // storage refused, or not ours
  }
  // The key names the result (its query and filters); the address may have gained the query's
  // text after the row was clicked (its write waits for the typing to pause).
  if (!place || place.key !== key || place.pathname !== pathname) return null;
  const { top, row } = place;
  if (typeof top !== "number" || !(top >= 0) || typeof row !== "number" || !Number.isInteger(row) || row < 0)
    return null;
  return { key, top, row };
}

/** Keeps the place for this address (a row about to be opened). */
export function keepPlace(place: KeptPlace): void {
  try {
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...place, pathname: window.location.pathname }),
    );
  } catch {
    // Storage refused (a private window's quota): Back starts at the top.
  }
}
