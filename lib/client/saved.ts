// The views and named lists a person saved (lib/saved/views.ts), kept in this browser
// (localStorage, synced across tabs), the latest saved first; mirrored to their account once
// signed in (startSavedSync, which the account bar starts beside the following list's).
import { useMemo, useSyncExternalStore } from "react";
import { normalizedKey } from "@/lib/following/list";
import { hashString } from "@/lib/hash";
import {
  isList,
  MAX_LIST_COMPANIES,
  MAX_SAVED,
  MAX_SAVED_NAME,
  mergeSaved,
  newListId,
  parseSavedEntry,
  replacedSaved,
  SAVED_FILE_FORMAT,
  SAVED_KIND_LABELS,
  type Saved,
  type SavedList,
  type SavedView,
  savedKey,
  savedName,
  type ViewKind,
  withSaved,
} from "@/lib/saved/views";
import { ApiError, getJson, sendJson } from "./api";
import { type StoredList, storedList, useStoredList } from "./stored-list";

export const saved: StoredList<Saved> = storedList(
  "fiscal-atlas:saved",
  parseSavedEntry,
  MAX_SAVED,
  savedKey,
);

/** The saved views of a kind. */
export function useSavedViews(kind?: ViewKind): readonly SavedView[] {
  const list = useStoredList(saved);
  return useMemo(
    () => list.filter((v): v is SavedView => !isList(v) && (!kind || v.kind === kind)),
    [list, kind],
  );
}

/** Every saved entry, views and lists. */
export const useSaved = (): readonly Saved[] => useStoredList(saved);

/** The named lists, the latest made first. */
export function useLists(): readonly SavedList[] {
  const list = useStoredList(saved);
  return useMemo(() => list.filter(isList), [list]);
}

const full = `You keep ${MAX_SAVED} views and lists, the most kept: delete one to keep another.`;

const nameProblem = (kind: Saved["kind"]) =>
  `Give the ${SAVED_KIND_LABELS[kind].one} a name of 1 to ${MAX_SAVED_NAME} characters.`;

/**
 * Saves the view of `href` under `name` (replacing the same-named one): null when saved, else
 * why it was not, in words.
 */
export function saveView(kind: ViewKind, name: string, href: string): string | null {
  const kept = savedName(name);
  if (!kept) return nameProblem(kind);
  const view = parseSavedEntry({ kind, name: kept, href, savedAt: new Date().toISOString() });
  if (!view) return "This page's link is too long to keep: narrow its filters, then save it.";
  const list = saved.read();
  if (list.length >= MAX_SAVED && !list.some((v) => savedKey(v) === savedKey(view))) return full;
  saved.write(withSaved(saved.read(), view));
  return null;
}

/** Renames an entry in place; false when the name cannot be kept or another of its kind has it. */
export function renameSaved(entry: Saved, name: string): boolean {
  const kept = savedName(name);
  if (!kept) return false;
  const renamed = { ...entry, name: kept };
  const list = saved.read();
  if (savedKey(renamed) !== savedKey(entry) && list.some((v) => savedKey(v) === savedKey(renamed)))
    return false;
  saved.write(list.map((v) => (savedKey(v) === savedKey(entry) ? renamed : v)));
  return true;
}

/** Deletes an entry; the function returned puts it back where it was (an undo: false when it cannot). */
export function removeSaved(entry: Saved): () => boolean {
  const list = saved.read();
  const index = list.findIndex((v) => savedKey(v) === savedKey(entry));
  saved.write(list.filter((v) => savedKey(v) !== savedKey(entry)));
  return () => {
    const now = saved.read();
    if (index < 0 || now.some((v) => savedKey(v) === savedKey(entry)) || now.length >= MAX_SAVED)
      return false;
    saved.write([...now.slice(0, index), entry, ...now.slice(index)]);
    return true;
  };
}

/** The list named `name` (case aside) as stored now; undefined when there is none. */
export const findList = (name: string): SavedList | undefined =>
  saved
    .read()
    .filter(isList)
    .find((l) => savedKey(l) === savedKey({ kind: "list", name }));

/** Makes a named list of `keys`: its name as kept, or why it was not made, in words. */
export function createList(name: string, keys: readonly string[]): { name: string } | { problem: string } {
  const kept = savedName(name);
  if (!kept) return { problem: nameProblem("list") };
  const existing = findList(kept);
  if (existing)
    return { problem: `You have a list named “${existing.name}” already: choose it, or another name.` };
  if (saved.read().length >= MAX_SAVED) return { problem: full };
  const companies = [...new Set(keys.map(normalizedKey))].slice(0, MAX_LIST_COMPANIES);
  saved.write(
    withSaved(saved.read(), {
      kind: "list",
      name: kept,
      id: newListId(),
      companies,
      savedAt: new Date().toISOString(),
    }),
  );
  return { name: kept };
}

/**
 * Adds companies to a list, the newest last, as many as fit: how many were added, and how many
 * did not fit (at most MAX_LIST_COMPANIES). The list keeps its place among the others.
 */
export function addToList(name: string, keys: readonly string[]): { added: number; left: number } {
  const list = findList(name);
  if (!list) return { added: 0, left: keys.length };
  const fresh = [...new Set(keys.map(normalizedKey))].filter((k) => !list.companies.includes(k));
  const fitting = fresh.slice(0, Math.max(0, MAX_LIST_COMPANIES - list.companies.length));
  if (fitting.length > 0) writeList({ ...list, companies: [...list.companies, ...fitting] });
  return { added: fitting.length, left: fresh.length - fitting.length };
}

/**
 * Takes companies out of a list; the function returned puts them back (an undo: false when the
 * list is gone, renamed or deleted meanwhile).
 */
export function removeFromList(name: string, keys: readonly string[]): () => boolean {
  const list = findList(name);
  if (!list) return () => false;
  const gone = new Set(keys.map(normalizedKey));
  writeList({ ...list, companies: list.companies.filter((k) => !gone.has(k)) });
  return () => {
    const now = findList(list.name);
    if (!now) return false;
    const companies = [...new Set([...list.companies, ...now.companies])].slice(0, MAX_LIST_COMPANIES);
    writeList({ ...now, companies });
    return true;
  };
}

/** Replaces a list's companies (an import that replaces them), at most MAX_LIST_COMPANIES. */
export function setListCompanies(name: string, keys: readonly string[]): void {
  const list = findList(name);
  if (list)
    writeList({ ...list, companies: [...new Set(keys.map(normalizedKey))].slice(0, MAX_LIST_COMPANIES) });
}

/** A list's stored keys replaced by the canonical ones the server answered (a former ticker). */
export function renameInList(name: string, renames: ReadonlyMap<string, string>): void {
  const list = findList(name);
  if (!list?.companies.some((k) => renames.has(k))) return;
  const companies = [...new Set(list.companies.map((k) => normalizedKey(renames.get(k) ?? k)))];
  writeList({ ...list, companies });
}

function writeList(list: SavedList): void {
  saved.write(replacedSaved(saved.read(), { ...list, savedAt: new Date().toISOString() }));
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
  return hashString(email.toLowerCase()).toString(16);
}

/** The views last known to be in an account, and whose account; null when there are none. */
function readBase(): { owner: string; views: Saved[] } | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(BASE_KEY) ?? "null") as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { owner, views } = value as Record<string, unknown>;
    if (typeof owner !== "string" || !Array.isArray(views)) return null;
    return { owner, views: views.map(parseSavedEntry).filter((v): v is Saved => v !== null) };
  } catch {
    return null;
  }
}

function writeBase(base: { owner: string; views: readonly Saved[] } | null): void {
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
    saving = saving.then(async () => {
      const views = [...saved.read()];
      const base = readBase();
      try {
        // With the views last known there: the account merges this change with another device's.
        const answer = await sendJson<{ views: Saved[] }>(ROUTE, "PUT", {
          format: SAVED_FILE_FORMAT,
          version: 1,
          views,
          ...(base?.owner === owner ? { base: base.views } : {}),
        });
        writeBase({ owner, views: answer.views });
        // The merged views shown here, unless this browser changed them meanwhile (then they are
        // saved next, against this base).
        const now = JSON.stringify(saved.read());
        if (now === JSON.stringify(views) && now !== JSON.stringify(answer.views)) {
          mirroring = true;
          saved.write(answer.views);
          mirroring = false;
        }
        setProblem(null);
      } catch (error) {
        setProblem(
          `Your saved views and lists could not be saved to your account (they are kept in this browser, and saved with its next change or visit): ${error instanceof ApiError ? error.message : "the server could not be reached."}`,
        );
      }
    });
  };
  const unsubscribe = saved.subscribe(() => {
    if (mirroring || !read) return;
    clearTimeout(timer);
    timer = setTimeout(save, 300);
  });
  void getJson<{ views: Saved[] | null }>(ROUTE).then(
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
        "Your account's saved views and lists could not be read just now: changes here are kept in this browser and saved on a later visit.",
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
