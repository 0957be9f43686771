// Saved views as data: a directory screen, a news view or a comparison, kept under a name as the
// URL that shows it. What one entry holds, the limits, and the export file. Browser-safe and
// storage-free (checked by hand, not with zod, as the followed list is: it loads on every page);
// lib/client/saved.ts keeps them in localStorage, and the account on the server once signed in.

import { isIsoTime } from "@/lib/dates";
import { readChosenFile } from "@/lib/export-file";

export const SAVED_KINDS = ["screen", "news", "compare"] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];

export const SAVED_KIND_LABELS: Record<SavedKind, { one: string; many: string }> = {
  screen: { one: "directory screen", many: "Directory screens" },
  news: { one: "news view", many: "News views" },
  compare: { one: "comparison", many: "Comparisons" },
};

/** The page each kind opens. */
const PATHS: Record<SavedKind, string> = { screen: "/companies", news: "/news", compare: "/compare" };

/** The most views kept, of every kind together. */
export const MAX_SAVED = 100;
export const MAX_SAVED_NAME = 80;
/** The longest URL kept: well over any screen's (its filters are a few hundred characters). */
const MAX_HREF = 4000;

export interface SavedView {
  kind: SavedKind;
  /** As the person typed it (trimmed); unique within its kind, case aside. */
  name: string;
  /** The page's path and query, e.g. "/companies?sector=Energy&sort=marketCap". */
  href: string;
  /** ISO 8601 time it was saved (or last replaced). */
  savedAt: string;
}

/** A view's identity: its kind and its name, case aside ("Energy" replaces "energy"). */
export const savedKey = (view: Pick<SavedView, "kind" | "name">): string =>
  `${view.kind}:${view.name.toLocaleLowerCase("en")}`;

/** A name as kept: trimmed, inner runs of space made one; null when empty or too long. */
export function savedName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim().replace(/\s+/g, " ");
  return name.length > 0 && name.length <= MAX_SAVED_NAME ? name : null;
}

/**
 * A link as kept for a kind: its own page's path and query on this site, nothing else (no other
 * host, no scheme, no fragment); null when it is not one.
 */
export function savedHref(kind: SavedKind, value: unknown): string | null {
  if (
    typeof value !== "string" ||
    value.length > MAX_HREF ||
    !value.startsWith("/") ||
    value.startsWith("//")
  )
    return null;
  let url: URL;
  try {
    url = new URL(value, "http://saved.invalid");
  } catch {
    return null;
  }
  if (url.host !== "saved.invalid" || url.pathname !== PATHS[kind]) return null;
  return `${url.pathname}${url.search}`;
}

const isKind = (value: unknown): value is SavedKind => SAVED_KINDS.includes(value as SavedKind);

/** One stored or imported entry, or null when it is not one (storage is read entry by entry). */
export function parseSavedEntry(value: unknown): SavedView | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  if (!isKind(fields.kind)) return null;
  const name = savedName(fields.name);
  const href = savedHref(fields.kind, fields.href);
  const savedAt = isIsoTime(fields.savedAt) ? fields.savedAt : new Date(0).toISOString();
  return name && href ? { kind: fields.kind, name, href, savedAt } : null;
}

/** The list with `view` first, replacing the one of the same kind and name; at most MAX_SAVED. */
export function withSaved(list: readonly SavedView[], view: SavedView): SavedView[] {
  const key = savedKey(view);
  return [view, ...list.filter((v) => savedKey(v) !== key)].slice(0, MAX_SAVED);
}

export const SAVED_FILE_FORMAT = "fiscal-atlas-saved-views";

/** The export file's JSON: readable, and what parseSavedFile reads back. */
export function savedFile(list: readonly SavedView[], exportedAt: Date): string {
  return `${JSON.stringify(
    { format: SAVED_FILE_FORMAT, version: 1, exportedAt: exportedAt.toISOString(), views: list },
    null,
    2,
  )}\n`;
}

export type ParsedSaved = { ok: true; views: SavedView[] } | { ok: false; message: string };

/** A chosen file, read: what parseSavedFile says, or why it was not read (too large, unreadable). */
export async function readSavedFile(file: Pick<Blob, "size" | "text">): Promise<ParsedSaved> {
  const read = await readChosenFile(file, "saved views");
  return read.ok ? parseSavedFile(read.text) : read;
}

/** A file's text (or a body PUT to the account): the views it holds, or what is wrong with it. */
export function parseSavedFile(text: string): ParsedSaved {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: "This file is not JSON. Choose a file of saved views exported from this app.",
    };
  }
  const problem = (what: string): ParsedSaved => ({
    ok: false,
    message: `This is not a file of saved views: ${what}.`,
  });
  if (typeof json !== "object" || json === null) return problem("it is not an object");
  const { format, version, views } = json as Record<string, unknown>;
  if (format !== SAVED_FILE_FORMAT) return problem(`format is not “${SAVED_FILE_FORMAT}”`);
  if (version !== 1) return problem("version must be 1");
  if (!Array.isArray(views)) return problem("views is not a list");
  if (views.length > MAX_SAVED) return problem(`it holds more than ${MAX_SAVED} views`);
  const read: SavedView[] = [];
  for (const [i, value] of views.entries()) {
    const view = parseSavedEntry(value);
    if (!view) return problem(`views.${i} is not a saved view (a kind, a name and a link to its page)`);
    read.push(view);
  }
  return { ok: true, views: read };
}

/**
 * The list after an import: the imported views first, each replacing the one of the same kind and
 * name; at most MAX_SAVED. How many were new, and how many replaced one.
 */
export function importSaved(
  current: readonly SavedView[],
  incoming: readonly SavedView[],
): { list: SavedView[]; added: number; replaced: number } {
  const had = new Set(current.map(savedKey));
  let list = [...current];
  for (const view of [...incoming].reverse()) list = withSaved(list, view);
  const kept = new Set(list.map(savedKey));
  const arrived = new Set(incoming.map(savedKey).filter((k) => kept.has(k)));
  const replaced = [...arrived].filter((k) => had.has(k)).length;
  return { list, added: arrived.size - replaced, replaced };
}

/** Two lists joined (the account's and a browser's changes): `first`'s views win a name both hold. */
export function joinSaved(first: readonly SavedView[], second: readonly SavedView[]): SavedView[] {
  const keys = new Set(first.map(savedKey));
  return [...first, ...second.filter((v) => !keys.has(savedKey(v)))].slice(0, MAX_SAVED);
}

/**
 * A browser's views merged into an account's: what the browser changed since `base` (the views
 * last known to be in the account), applied to the account's views. A view added or changed in the
 * browser is put in, the browser's version first; one deleted in the browser is taken out; the
 * rest are the account's. Without a base (the browser never synced with this account), every view
 * the browser holds is put in.
 */
export function mergeSaved(
  account: readonly SavedView[],
  local: readonly SavedView[],
  base: readonly SavedView[] | null,
): SavedView[] {
  const was = new Map((base ?? []).map((v) => [savedKey(v), v]));
  const kept = new Set(local.map(savedKey));
  const changedHere = local.filter((v) => {
    const before = was.get(savedKey(v));
    return !before || before.name !== v.name || before.href !== v.href;
  });
  const deletedHere = new Set([...was.keys()].filter((k) => !kept.has(k)));
  return joinSaved(
    changedHere,
    account.filter((v) => !deletedHere.has(savedKey(v))),
  );
}
