// The companies a person follows, kept in this browser (localStorage, synced across tabs), newest
// first, each once by its normalised key (the functions here take a key in any case). A change made
// here is also announced (followNotice) so that one status line can say it and offer to undo an
// unfollow.
import { useMemo, useSyncExternalStore } from "react";
import {
  type FollowedCompany,
  followedName,
  MAX_FOLLOWING,
  normalizedKey,
  parseFollowedEntry,
} from "@/lib/following/list";
import { type StoredList, storedList, useStoredList } from "./stored-list";

export const following: StoredList<FollowedCompany> = storedList(
  "fiscal-atlas:following",
  parseFollowedEntry,
  MAX_FOLLOWING,
  (c) => c.companyKey,
);

export interface FollowNotice {
  id: number;
  message: string;
  /** Puts back what the change removed (an unfollowed company, in its place). */
  undo?: () => void;
  /** The company the notice is about (where the focus goes after Undo). */
  companyKey?: string;
}

let notice: FollowNotice | null = null;
let noticeId = 0;
const noticeListeners = new Set<() => void>();

/** A sentence about a company: its name ends it without a second full stop ("Inc."). */
const about = (verb: string, name: string) => `${verb} ${name}${name.endsWith(".") ? "" : "."}`;

function announce(message: string, undo?: () => void, companyKey?: string) {
  noticeId += 1;
  notice = { id: noticeId, message, undo, companyKey };
  for (const listener of noticeListeners) listener();
}

/** Clears the notice (when it has been read, or undone). */
export function dismissFollowNotice() {
  notice = null;
  for (const listener of noticeListeners) listener();
}

/** The notice now (null when there is none). */
export const currentFollowNotice = (): FollowNotice | null => notice;

export function useFollowNotice(): FollowNotice | null {
  return useSyncExternalStore(
    (onChange) => {
      noticeListeners.add(onChange);
      return () => noticeListeners.delete(onChange);
    },
    currentFollowNotice,
    () => null,
  );
}

export const isFollowed = (companyKey: string) => {
  const key = normalizedKey(companyKey);
  return following.read().some((c) => c.companyKey === key);
};

/** Follows a company (first in the list); false when the list is full. */
export function follow(companyKey: string, name: string | null): boolean {
  const key = normalizedKey(companyKey);
  const list = following.read();
  if (list.some((c) => c.companyKey === key)) return true;
  if (list.length >= MAX_FOLLOWING) {
    announce(
      `You follow ${MAX_FOLLOWING} companies, the most one list holds: unfollow one to follow another.`,
    );
    return false;
  }
  const entry = { companyKey: key, name: followedName(name), followedAt: new Date().toISOString() };
  following.write([entry, ...list]);
  announce(about("Following", entry.name ?? key), undefined, key);
  return true;
}

/** Unfollows a company; the notice's undo puts it back where it was. */
export function unfollow(companyKey: string) {
  const key = normalizedKey(companyKey);
  const list = following.read();
  const index = list.findIndex((c) => c.companyKey === key);
  const entry = list[index];
  if (!entry) return;
  following.write(list.filter((c) => c.companyKey !== key));
  announce(
    about("Unfollowed", entry.name ?? key),
    () => {
      const now = following.read();
      if (now.some((c) => c.companyKey === key)) return;
      following.write([...now.slice(0, index), entry, ...now.slice(index)]);
      announce(`Following ${entry.name ?? key} again.`, undefined, key);
    },
    key,
  );
}

export function toggleFollow(companyKey: string, name: string | null) {
  if (isFollowed(companyKey)) unfollow(companyKey);
  else follow(companyKey, name);
}

/**
 * Replaces stored keys with the canonical ones the server answered for them (a former ticker); a
 * company then stored twice is kept once, where it first is.
 */
export function renameFollowed(renames: ReadonlyMap<string, string>) {
  if (renames.size === 0) return;
  following.write(
    following.read().map((c) => {
      const renamed = renames.get(c.companyKey);
      return renamed ? { ...c, companyKey: normalizedKey(renamed) } : c;
    }),
  );
}

/** The list in a component, and its keys as a set for cheap per-row lookups. */
export function useFollowing(): { list: readonly FollowedCompany[]; keys: ReadonlySet<string> } {
  const list = useStoredList(following);
  const keys = useMemo(() => new Set(list.map((c) => c.companyKey)), [list]);
  return { list, keys };
}
