// The views a person saved (lib/saved/views.ts), kept in this browser (localStorage, synced across
// tabs), the latest saved first; mirrored to their account once signed in (startSavedSync, which
// the account bar starts beside the following list's).
import { useSyncExternalStore } from "react";
import {
  joinSaved,
  MAX_SAVED,
  parseSavedEntry,
  SAVED_FILE_FORMAT,
  type SavedKind,
  type SavedView,
  savedKey,
  savedName,
  withSaved,
} from "@/lib/saved/views";
import { ApiError, getJson, sendJson } from "./api";
import { type StoredList, storedList, useStoredList } from "./stored-list";

export const saved: StoredList<SavedView> = storedList(
  "fiscal-atlas:saved",
  parseSavedEntry,
  MAX_SAVED,
  savedKey,
);

export function useSaved(kind?: SavedKind): readonly SavedView[] {
  const list = useStoredList(saved);
  return kind ? list.filter((v) => v.kind === kind) : list;
}

/** Saves the view of `href` under `name` (replacing the same-named one); false for a name that cannot be kept. */
export function saveView(kind: SavedKind, name: string, href: string): boolean {
  const kept = savedName(name);
  const view = kept && parseSavedEntry({ kind, name: kept, href, savedAt: new Date().toISOString() });
  if (!view) return false;
  saved.write(withSaved(saved.read(), view));
  return true;
}

/** Renames a view in place; false when the name cannot be kept or another view of its kind has it. */
export function renameView(view: SavedView, name: string): boolean {
  const kept = savedName(name);
  if (!kept) return false;
  const renamed = { ...view, name: kept };
  const list = saved.read();
  if (savedKey(renamed) !== savedKey(view) && list.some((v) => savedKey(v) === savedKey(renamed)))
    return false;
  saved.write(list.map((v) => (savedKey(v) === savedKey(view) ? renamed : v)));
  return true;
}

export function removeView(view: SavedView): void {
  saved.write(saved.read().filter((v) => savedKey(v) !== savedKey(view)));
}

const ROUTE = "/api/account/saved";

/** The last save to the account's views failed: why, in words; null when saved. */
let problem: string | null = null;
const problemListeners = new Set<() => void>();
function setProblem(next: string | null) {
  problem = next;
  for (const listener of problemListeners) listener();
}

export function useSavedProblem(): string | null {
  return useSyncExternalStore(
    (onChange) => {
      problemListeners.add(onChange);
      return () => problemListeners.delete(onChange);
    },
    () => problem,
    () => null,
  );
}

/**
 * For a signed-in person (once per page load): reads their account's saved views into this
 * browser, then saves each change there. The views this browser holds when the account has none
 * yet are put in it (they are only links); a change made here before the account's views arrived
 * is joined to them.
 */
export function startSavedSync(): () => void {
  let read = false;
  let changedHere = false;
  let mirroring = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const views = [...saved.read()];
    saving = saving.then(() =>
      sendJson(ROUTE, "PUT", { format: SAVED_FILE_FORMAT, version: 1, views }).then(
        () => setProblem(null),
        (error: unknown) =>
          setProblem(
            `Your saved views could not be saved to your account: ${error instanceof ApiError ? error.message : "the server could not be reached."}`,
          ),
      ),
    );
  };
  const unsubscribe = saved.subscribe(() => {
    if (mirroring) return;
    changedHere = true;
    if (!read) return;
    clearTimeout(timer);
    timer = setTimeout(save, 300);
  });
  void getJson<{ views: SavedView[] | null }>(ROUTE).then(
    (answer) => {
      read = true;
      const local = saved.read();
      if (answer.views === null) {
        if (local.length > 0) save();
        return;
      }
      mirroring = true;
      saved.write(changedHere ? joinSaved(local, answer.views) : answer.views);
      mirroring = false;
      if (changedHere) save();
    },
    // Nothing is saved over views that could not be read; the next page tries again.
    () =>
      setProblem(
        "Your account's saved views could not be read: changes here are kept in this browser only for now.",
      ),
  );
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** After sign-out: the account's views leave this browser with its following list. */
export function forgetSavedViews(): void {
  saved.write([]);
}
