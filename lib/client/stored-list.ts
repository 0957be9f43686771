// A list kept in the browser's localStorage for one person: recently viewed companies, the
// companies they follow. Anything unreadable (storage blocked, JSON broken, an entry of the wrong
// shape) reads as absent rather than failing the page, and an entry stored twice (by its `keyOf`)
// reads once, where it first is; other tabs see a change through the `storage` event, this tab
// through its own listeners.

import { useSyncExternalStore } from "react";

export interface StoredList<T> {
  /** The list as stored (a stable array until the stored text changes). */
  read: () => readonly T[];
  /** Replaces the list, keeping at most `max` entries, each once. */
  write: (items: readonly T[]) => void;
  subscribe: (onChange: () => void) => () => void;
}

const EMPTY: readonly never[] = [];

export function storedList<T>(
  storageKey: string,
  parseEntry: (value: unknown) => T | null,
  max: number,
  keyOf?: (item: T) => string,
): StoredList<T> {
  let cached: { raw: string | null; items: readonly T[] } = { raw: null, items: EMPTY };
  const listeners = new Set<() => void>();

  /** The entries kept: each key once (its first), at most `max`. */
  const kept = (items: readonly T[]): T[] => {
    const seen = new Set<string>();
    const once = keyOf ? items.filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item))) : items;
    return once.slice(0, max);
  };

  const rawValue = (): string | null => {
    try {
      return window.localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  };

  const read = (): readonly T[] => {
    if (typeof window === "undefined") return EMPTY;
    const raw = rawValue();
    if (raw === cached.raw) return cached.items;
    let items: readonly T[] = EMPTY;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (Array.isArray(parsed))
        items = kept(parsed.map(parseEntry).filter((item): item is T => item !== null));
    } catch {
      // Corrupt storage reads as an empty list; the next write replaces it.
    }
    cached = { raw, items };
    return items;
  };

  const write = (items: readonly T[]) => {
    const list = kept(items);
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(list));
    } catch {
      // Storage full or blocked (private mode): the list lives for this page only.
      cached = { raw: cached.raw, items: list };
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (onChange: () => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKey) onChange();
    };
    listeners.add(onChange);
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener("storage", onStorage);
    };
  };

  return { read, write, subscribe };
}

/** A stored list in a component; empty on the server and in the first render after hydration. */
export function useStoredList<T>(list: StoredList<T>): readonly T[] {
  return useSyncExternalStore(list.subscribe, list.read, () => EMPTY);
}

/** A company key as stored: a non-empty string of sane length. */
export function storedKey(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}
