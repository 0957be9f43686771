// The views a person saved (lib/saved/views.ts), kept in this browser (localStorage, synced across
// tabs), the latest saved first; mirrored to their account once signed in (startSavedSync, which
// the account bar starts beside the following list's).
import { useSyncExternalStore } from "react";
import {
  MAX_SAVED,
  MAX_SAVED_NAME,
  mergeSaved,
  parseSavedEntry,
  SAVED_FILE_FORMAT,
  SAVED_KIND_LABELS,
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

/**
 * Saves the view of `href` under `name` (replacing the same-named one): null when saved, else
 * why it was not, in words.
 */
export function saveView(kind: SavedKind, name: string, href: string): string | null {
  const kept = savedName(name);
  if (!kept) return `Give the ${SAVED_KIND_LABELS[kind].one} a name of 1 to ${MAX_SAVED_NAME} characters.`;
  const view = parseSavedEntry({ kind, name: kept, href, savedAt: new Date().toISOString() });
  if (!view) return "This page's link is too long to keep: narrow its filters, then save it.";
  saved.write(withSaved(saved.read(), view));
  return null;
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

const BASE_KEY = "fiscal-atlas:saved-base";

/** Whose account a browser's views were last synced with: a hash of the address, not the address. */
function ownerId(email: string): string {
  let hash = 0x811c9dc5;
  for (const char of email.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/** The views last known to be in an account, and whose account; null when there are none. */
function readBase(): { owner: string; views: SavedView[] } | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(BASE_KEY) ?? "null") as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { owner, views } = value as Record<string, unknown>;
    if (typeof owner !== "string" || !Array.isArray(views)) return null;
    return { owner, views: views.map(parseSavedEntry).filter((v): v is SavedView => v !== null) };
  } catch {
    return null;
  }
}

function writeBase(base: { owner: string; views: readonly SavedView[] } | null): void {
  try {
    if (base) window.localStorage.setItem(BASE_KEY, JSON.stringify(base));
    else window.localStorage.removeItem(BASE_KEY);
  } catch {
    // Storage blocked: the next page merges as on a first sync.
  }
}

/**
 * For a signed-in person (once per page load): merges this browser's views with their account's,
 * then saves each change there. What this browser changed since its last good save (a save that
 * failed, another tab's change, views made signed out before a first sync) is applied to the
 * account's views rather than lost (`mergeSaved`); views left by another person's account (one
 * whose session ended without signing out) are not taken into this one.
 */
export function startSavedSync(email: string): () => void {
  const owner = ownerId(email);
  let read = false;
  let mirroring = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const views = [...saved.read()];
    saving = saving.then(() =>
      sendJson(ROUTE, "PUT", { format: SAVED_FILE_FORMAT, version: 1, views }).then(
        () => {
          writeBase({ owner, views });
          setProblem(null);
        },
        (error: unknown) =>
          setProblem(
            `Your saved views could not be saved to your account (they are kept in this browser, and saved with its next change or visit): ${error instanceof ApiError ? error.message : "the server could not be reached."}`,
          ),
      ),
    );
  };
  const unsubscribe = saved.subscribe(() => {
    if (mirroring || !read) return;
    clearTimeout(timer);
    timer = setTimeout(save, 300);
  });
  void getJson<{ views: SavedView[] | null }>(ROUTE).then(
    (answer) => {
      read = true;
      const base = readBase();
      const local = base && base.owner !== owner ? [] : saved.read();
      const account = answer.views ?? [];
      const merged = mergeSaved(account, local, base?.owner === owner ? base.views : null);
      mirroring = true;
      saved.write(merged);
      mirroring = false;
      if (JSON.stringify(merged) === JSON.stringify(account) && answer.views !== null)
        writeBase({ owner, views: merged });
      else save();
    },
    // Nothing is saved over views that could not be read; the next page merges again.
    () =>
      setProblem(
        "Your account's saved views could not be read just now: changes here are kept in this browser and saved on a later visit.",
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
  writeBase(null);
}
