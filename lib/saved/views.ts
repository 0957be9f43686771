// What a person keeps under a name: views (a directory screen, a news view or a comparison, kept
// as the URL that shows it) and named lists of companies (watchlists beside the following list).
// What one entry holds, the limits, and the export file. Browser-safe and storage-free (checked by
// hand, not with zod, as the followed list is: it loads on every page); lib/client/saved.ts keeps
// them in localStorage, and the account on the server once signed in.

import { isIsoTime } from "@/lib/dates";
import { readChosenFile } from "@/lib/export-file";
import { MAX_FOLLOWING, normalizedKey } from "@/lib/following/list";
import { hashString } from "@/lib/hash";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";

const LIST_ID = /^[\w-]{8,40}$/;

/** The kinds kept as a page's URL. */
export const VIEW_KINDS = ["screen", "news", "compare"] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];
export const SAVED_KINDS = [...VIEW_KINDS, "list"] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];

export const SAVED_KIND_LABELS: Record<SavedKind, { one: string; many: string }> = {
  screen: { one: "directory screen", many: "Directory screens" },
  news: { one: "news view", many: "News views" },
  compare: { one: "comparison", many: "Comparisons" },
  list: { one: "list", many: "Lists" },
};

/** The page each view kind opens. */
const PATHS: Record<ViewKind, string> = { screen: "/companies", news: "/news", compare: "/compare" };

/** The most companies a named list holds: as many as the following list, for the same reasons. */
export const MAX_LIST_COMPANIES = MAX_FOLLOWING;

/** The most entries kept, views and lists together. */
export const MAX_SAVED = 100;
export const MAX_SAVED_NAME = 80;
/** The longest URL kept: well over any screen's (its filters are a few hundred characters). */
const MAX_HREF = 4000;

interface Named {
  /** As the person typed it (trimmed); unique within its kind, case aside. */
  name: string;
  /** ISO 8601 time it was saved (or last replaced, or its companies last changed). */
  savedAt: string;
}

export interface SavedView extends Named {
  kind: ViewKind;
  /** The page's path and query, e.g. "/companies?sector=Energy&sort=marketCap". */
  href: string;
}

export interface SavedList extends Named {
  kind: "list";
  /** Its own id, kept through a rename: what its feed link names. */
  id: string;
  /** Company keys, normalised, each once, in the order added (the newest last); at most MAX_LIST_COMPANIES. */
  companies: string[];
}

export type Saved = SavedView | SavedList;

/** An entry's identity: its kind and its name, case aside ("Energy" replaces "energy"). */
export const savedKey = (entry: Pick<Saved, "kind" | "name">): string =>
  `${entry.kind}:${entry.name.toLocaleLowerCase("en")}`;

/** What an entry holds besides its name and time: two entries with the same are one change apart at most in name. */
const contentOf = (entry: Saved): string => (entry.kind === "list" ? entry.companies.join(",") : entry.href);

export const isList = (entry: Saved): entry is SavedList => entry.kind === "list";

/** Whether a value may be a list's id (checked before it is looked for). */
export const isListId = (value: unknown): value is string => typeof value === "string" && LIST_ID.test(value);

/** A named list's page: /following with the list chosen. */
export const listHref = (name: string): string => `/following?list=${encodeURIComponent(name)}`;

/** Where an entry opens: a view's own link, a list's page. */
export const hrefOf = (entry: Saved): string => (isList(entry) ? listHref(entry.name) : entry.href);

/**
 * What a name may not hold: control characters, direction overrides, half of a character (with
 * the u flag, a surrogate matches only alone: a pair is one character).
 */
const UNFIT_NAME = /[\p{Cc}\u202a-\u202e\u2066-\u2069\uD800-\uDFFF]/u;

/**
 * A name as kept: trimmed, inner runs of space made one; null when empty, too long, or holding
 * what no name should (it goes into links and feeds, where half a character cannot be encoded).
 */
export function savedName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim().replace(/\s+/g, " ");
  return name.length > 0 && name.length <= MAX_SAVED_NAME && !UNFIT_NAME.test(name) ? name : null;
}

/**
 * A link as kept for a kind: its own page's path and query on this site, nothing else (no other
 * host, no scheme, no fragment); null when it is not one.
 */
export function savedHref(kind: ViewKind, value: unknown): string | null {
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

const isViewKind = (value: unknown): value is ViewKind => VIEW_KINDS.includes(value as ViewKind);

/**
 * A named list's companies as kept: each a company key (normalised), each once, at most
 * MAX_LIST_COMPANIES; null when one is not a key or there are too many.
 */
export function listCompanies(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_LIST_COMPANIES * 2) return null;
  const keys: string[] = [];
  for (const entry of value) {
    if (typeof entry !== "string") return null;
    const key = normalizedKey(entry);
    if (!COMPANY_KEY_PATTERN.test(key)) return null;
    if (!keys.includes(key)) keys.push(key);
  }
  return keys.length <= MAX_LIST_COMPANIES ? keys : null;
}

/** A new list's id: random, URL-safe. */
export function newListId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The id of a list kept without one: from its name, so that every browser reads the same. */
function idFromName(name: string): string {
  return `named-${hashString(name.toLocaleLowerCase("en")).toString(16).padStart(8, "0")}`;
}

/** One stored or imported entry, or null when it is not one (storage is read entry by entry). */
export function parseSavedEntry(value: unknown): Saved | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const name = savedName(fields.name);
  const savedAt = isIsoTime(fields.savedAt) ? fields.savedAt : new Date(0).toISOString();
  if (!name) return null;
  if (fields.kind === "list") {
    const companies = listCompanies(fields.companies);
    const id = typeof fields.id === "string" && LIST_ID.test(fields.id) ? fields.id : idFromName(name);
    return companies && { kind: "list", name, id, companies, savedAt };
  }
  if (!isViewKind(fields.kind)) return null;
  const href = savedHref(fields.kind, fields.href);
  return href ? { kind: fields.kind, name, href, savedAt } : null;
}

/** The entries with `entry` first, replacing the one of the same kind and name; at most MAX_SAVED. */
export function withSaved(list: readonly Saved[], entry: Saved): Saved[] {
  const key = savedKey(entry);
  return [entry, ...list.filter((v) => savedKey(v) !== key)].slice(0, MAX_SAVED);
}

/** The entries with `entry` in the place of the one of its kind and name (a list's companies changed). */
export function replacedSaved(list: readonly Saved[], entry: Saved): Saved[] {
  const key = savedKey(entry);
  return list.map((v) => (savedKey(v) === key ? entry : v));
}

export const SAVED_FILE_FORMAT = "fiscal-atlas-saved-views";

/** The export file's JSON: readable, and what parseSavedFile reads back. Lists ride among the views. */
export function savedFile(list: readonly Saved[], exportedAt: Date): string {
  return `${JSON.stringify(
    { format: SAVED_FILE_FORMAT, version: 1, exportedAt: exportedAt.toISOString(), views: list },
    null,
    2,
  )}\n`;
}

export type ParsedSaved = { ok: true; views: Saved[] } | { ok: false; message: string };

/** A chosen file, read: what parseSavedFile says, or why it was not read (too large, unreadable). */
export async function readSavedFile(file: Pick<Blob, "size" | "text">): Promise<ParsedSaved> {
  const read = await readChosenFile(file, "saved views and lists");
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
      message: "This file is not JSON. Choose a file of saved views and lists exported from this app.",
    };
  }
  const problem = (what: string): ParsedSaved => ({
    ok: false,
    message: `This is not a file of saved views and lists: ${what}.`,
  });
  if (typeof json !== "object" || json === null) return problem("it is not an object");
  const { format, version, views } = json as Record<string, unknown>;
  if (format !== SAVED_FILE_FORMAT) return problem(`format is not “${SAVED_FILE_FORMAT}”`);
  if (version !== 1) return problem("version must be 1");
  if (!Array.isArray(views)) return problem("views is not a list");
  if (views.length > MAX_SAVED) return problem(`it holds more than ${MAX_SAVED} entries`);
  const read: Saved[] = [];
  for (const [i, value] of views.entries()) {
    const entry = parseSavedEntry(value);
    if (!entry)
      return problem(
        `views.${i} is neither a saved view (a kind, a name and a link to its page) nor a list (a name and at most ${MAX_LIST_COMPANIES} company keys)`,
      );
    read.push(entry);
  }
  return { ok: true, views: read };
}

/**
 * The `base` a browser's save sends beside its views (the views it last knew in the account), so
 * that the account merges the change rather than taking it whole; null when there is none.
 */
export function savedBaseOf(text: string): Saved[] | null {
  try {
    const { base } = JSON.parse(text) as { base?: unknown };
    if (!Array.isArray(base) || base.length > MAX_SAVED) return null;
    return base.map(parseSavedEntry).filter((v): v is Saved => v !== null);
  } catch {
    return null;
  }
}

/**
 * The entries after an import: each replacing the one of its kind and name where it is, the new
 * ones first, as many as fit (at most MAX_SAVED: none kept here is dropped for them). How many
 * were new, how many replaced one, and how many did not fit.
 */
export function importSaved(
  current: readonly Saved[],
  incoming: readonly Saved[],
): { list: Saved[]; added: number; replaced: number; dropped: number } {
  const byKey = new Map<string, Saved>();
  for (const entry of incoming) if (!byKey.has(savedKey(entry))) byKey.set(savedKey(entry), entry);
  const had = new Set(current.map(savedKey));
  const fresh = [...byKey.values()].filter((v) => !had.has(savedKey(v)));
  const fitting = fresh.slice(0, Math.max(0, MAX_SAVED - current.length));
  return {
    list: [...fitting, ...current.map((v) => byKey.get(savedKey(v)) ?? v)],
    added: fitting.length,
    replaced: byKey.size - fresh.length,
    dropped: fresh.length - fitting.length,
  };
}

/** Two lists joined (the account's and a browser's changes): `first`'s views win a name both hold. */
export function joinSaved(first: readonly Saved[], second: readonly Saved[]): Saved[] {
  const keys = new Set(first.map(savedKey));
  return [...first, ...second.filter((v) => !keys.has(savedKey(v)))].slice(0, MAX_SAVED);
}

/**
 * A browser's views merged into an account's: what the browser changed since `base` (the views
 * last known to be in the account), applied to the account's views. A view added or changed in the
 * browser is put in, the browser's version first; one deleted in the browser is taken out; the
 * rest are the account's. A list changed on both sides takes both sides' additions and removals
 * (`mergedList`). Without a base (the browser never synced with this account), every view the
 * browser holds is put in.
 */
export function mergeSaved(
  account: readonly Saved[],
  local: readonly Saved[],
  base: readonly Saved[] | null,
): Saved[] {
  const was = new Map((base ?? []).map((v) => [savedKey(v), v]));
  const kept = new Set(local.map(savedKey));
  const changedHere = local.filter((v) => {
    const before = was.get(savedKey(v));
    return !before || before.name !== v.name || contentOf(before) !== contentOf(v);
  });
  const deletedHere = new Set([...was.keys()].filter((k) => !kept.has(k)));
  const theirs = new Map(account.map((v) => [savedKey(v), v]));
  return joinSaved(
    changedHere.map((v) => mergedList(v, was.get(savedKey(v)), theirs.get(savedKey(v)))),
    account.filter((v) => !deletedHere.has(savedKey(v))),
  );
}

/**
 * A list changed here and, since `base`, in the account too (another device): the companies added
 * here put in, those taken out here taken out, the account's own changes kept. Anything else is
 * the browser's version.
 */
function mergedList(here: Saved, base: Saved | undefined, account: Saved | undefined): Saved {
  if (!isList(here) || !base || !isList(base) || !account || !isList(account)) return here;
  if (contentOf(account) === contentOf(base)) return here;
  const before = new Set(base.companies);
  const now = new Set(here.companies);
  const companies = [
    ...account.companies.filter((k) => now.has(k) || !before.has(k)),
    ...here.companies.filter((k) => !before.has(k) && !account.companies.includes(k)),
  ].slice(0, MAX_LIST_COMPANIES);
  return { ...here, companies };
}
