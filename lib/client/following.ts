// The companies a person follows, kept in this browser (localStorage, synced across tabs), newest
// first. A change made here is also announced (followNotice) so that one status line can say it
// and offer to undo an unfollow.
import { useMemo, useSyncExternalStore } from "react";
import { type FollowedCompany, MAX_FOLLOWING, parseFollowedEntry } from "@/lib/following/list";
import { type StoredList, storedList, useStoredList } from "./stored-list";

export const following: StoredList<FollowedCompany> = storedList(
  "fiscal-atlas:following",
  parseFollowedEntry,
  MAX_FOLLOWING,
);

export interface FollowNotice {
  id: number;
  message: string;
  /** Puts back what the change removed (an unfollowed company, in its place). */
  undo?: () => void;
}

let notice: FollowNotice | null = null;
let noticeId = 0;
const noticeListeners = new Set<() => void>();

function announce(message: string, undo?: () => void) {
  noticeId += 1;
  notice = { id: noticeId, message, undo };
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

export const isFollowed = (companyKey: string) => following.read().some((c) => c.companyKey === companyKey);

/** Follows a company (first in the list); false when the list is full. */
export function follow(companyKey: string, name: string | null): boolean {
  const list = following.read();
  if (list.some((c) => c.companyKey === companyKey)) return true;
  if (list.length >= MAX_FOLLOWING) {
    announce(
      `You follow ${MAX_FOLLOWING} companies, the most one list holds: unfollow one to follow another.`,
    );
    return false;
  }
  following.write([{ companyKey, name, followedAt: new Date().toISOString() }, ...list]);
  announce(`Following ${name ?? companyKey}.`);
  return true;
}

/** Unfollows a company; the notice's undo puts it back where it was. */
export function unfollow(companyKey: string) {
  const list = following.read();
  const index = list.findIndex((c) => c.companyKey === companyKey);
  const entry = list[index];
  if (!entry) return;
  following.write(list.filter((c) => c.companyKey !== companyKey));
  announce(`Unfollowed ${entry.name ?? companyKey}.`, () => {
    const now = following.read();
    if (now.some((c) => c.companyKey === companyKey)) return;
    following.write([...now.slice(0, index), entry, ...now.slice(index)]);
    announce(`Following ${entry.name ?? companyKey} again.`);
  });
}

export function toggleFollow(companyKey: string, name: string | null) {
  if (isFollowed(companyKey)) unfollow(companyKey);
  else follow(companyKey, name);
}

/** Replaces stored keys with the canonical ones the server answered for them (a former ticker). */
export function renameFollowed(renames: ReadonlyMap<string, string>) {
  if (renames.size === 0) return;
  const seen = new Set<string>();
  const next = following
    .read()
    .map((c) => ({ ...c, companyKey: renames.get(c.companyKey) ?? c.companyKey }))
    .filter((c) => !seen.has(c.companyKey) && seen.add(c.companyKey));
  following.write(next);
}

/** The list in a component, and its keys as a set for cheap per-row lookups. */
export function useFollowing(): { list: readonly FollowedCompany[]; keys: ReadonlySet<string> } {
  const list = useStoredList(following);
  const keys = useMemo(() => new Set(list.map((c) => c.companyKey)), [list]);
  return { list, keys };
}
