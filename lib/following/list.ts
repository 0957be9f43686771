// The followed companies as data: what one entry holds, the list's limit, and the two ways a list
// moves between machines (a link carrying the keys, a JSON file). Browser-safe and storage-free;
// lib/client/following.ts keeps the list in localStorage.
import { companiesOf, companiesUrlValue } from "@/lib/compare/set";
import { isIsoTime } from "@/lib/dates";
import { readChosenFile } from "@/lib/export-file";
import { escapeInvisible } from "@/lib/format";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";

/**
 * The most companies one list holds: /following's news costs one top-news call per company (cached),
 * and the list's Atom feed takes at most as many.
 */
export const MAX_FOLLOWING = 50;

export interface FollowedCompany {
  companyKey: string;
  /** The name when it was followed, to show before the rows load (and in the exported file). */
  name: string | null;
  /** ISO 8601 time it was followed: the list's default order is newest first. */
  followedAt: string;
}

// Checked by hand, not with zod: this module is on every page (the header's follow state reads it),
// and zod put about 110 KB of script (uncompressed) on each of them for these few checks.

/** A company key as the list keeps and compares it: trimmed and upper-cased, as the server does. */
export const normalizedKey = (key: string): string => key.trim().toUpperCase();

/** A company key as stored or imported, normalised; null when it is not one. */
function companyKeyOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const key = normalizedKey(value);
  return COMPANY_KEY_PATTERN.test(key) ? key : null;
}

/** The longest name kept. */
export const MAX_NAME_LENGTH = 300;

/**
 * A name as the list keeps it: a longer one is cut (with an ellipsis, never inside a character),
 * so that following a company never fails for its name, and what is written reads back the same.
 */
export function followedName(name: string | null): string | null {
  if (!name) return null;
  if (name.length <= MAX_NAME_LENGTH) return name;
  const end = /[\uD800-\uDBFF]/.test(name.charAt(MAX_NAME_LENGTH - 2))
    ? MAX_NAME_LENGTH - 2
    : MAX_NAME_LENGTH - 1;
  return `${name.slice(0, end)}…`;
}

/** An optional text field: null when absent, the text when `ok`, undefined when malformed. */
function optionalText(value: unknown, ok: (text: string) => boolean): string | null | undefined {
  if (value === null || value === undefined) return null;
  return typeof value === "string" && ok(value) ? value : undefined;
}

/** An entry's fields, or null when one is missing or malformed (an absent name or time is allowed). */
function entryOf(
  value: unknown,
): { companyKey: string; name: string | null; followedAt: string | null } | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const companyKey = companyKeyOf(fields.companyKey);
  const name = optionalText(fields.name, () => true);
  const followedAt = optionalText(fields.followedAt, isIsoTime);
  if (companyKey === null || name === undefined || followedAt === undefined) return null;
  return { companyKey, name: followedName(name), followedAt };
}

/** One stored entry, or null when it is not one (storage is read leniently, entry by entry). */
export function parseFollowedEntry(value: unknown): FollowedCompany | null {
  const entry = entryOf(value);
  return entry && { ...entry, followedAt: entry.followedAt ?? new Date(0).toISOString() };
}

export const FILE_FORMAT = "fiscal-atlas-following";

/** The export file's JSON: readable, and what parseFollowingFile reads back. */
export function followingFile(list: readonly FollowedCompany[], exportedAt: Date): string {
  return `${JSON.stringify(
    { format: FILE_FORMAT, version: 1, exportedAt: exportedAt.toISOString(), companies: list },
    null,
    2,
  )}\n`;
}

export type Parsed =
  | { ok: true; companies: FollowedCompany[]; skipped: number }
  | { ok: false; message: string };

function withoutDuplicates(list: readonly FollowedCompany[]): FollowedCompany[] {
  const seen = new Set<string>();
  return list.filter((c) => !seen.has(c.companyKey) && seen.add(c.companyKey));
}

export { MAX_FILE_BYTES } from "@/lib/export-file";

/** A chosen file, read: what parseFollowingFile says, or why it was not read (too large, unreadable). */
export async function readFollowingFile(file: Pick<Blob, "size" | "text">, now: Date): Promise<Parsed> {
  const read = await readChosenFile(file, "a list of followed companies");
  return read.ok ? parseFollowingFile(read.text, now) : read;
}

/** An uploaded file's text: the entries it holds, or a message saying what is wrong with it. */
export function parseFollowingFile(text: string, now: Date): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "This file is not JSON. Choose a file exported from this page." };
  }
  // A bare array of keys is accepted too: an easy file to write by hand.
  const file = Array.isArray(json) ? { format: FILE_FORMAT, version: 1, companies: json } : json;
  const read = readFile(file, now.toISOString());
  if (typeof read === "string")
    return { ok: false, message: `This is not a list of followed companies: ${read}.` };
  return { ok: true, ...capped(withoutDuplicates(read)) };
}

/** The file's entries (keys alone stamped `stamp`), or what is wrong with it, naming where. */
function readFile(file: unknown, stamp: string): FollowedCompany[] | string {
  if (typeof file !== "object" || file === null) return "it is not an object";
  const { format, version, companies } = file as Record<string, unknown>;
  if (format !== FILE_FORMAT) return `format is not “${FILE_FORMAT}”`;
  if (version !== 1) return "version must be 1";
  if (!Array.isArray(companies)) return "companies is not a list";
  if (companies.length > MAX_FOLLOWING * 4) return `companies holds more than ${MAX_FOLLOWING * 4} entries`;
  const entries: FollowedCompany[] = [];
  for (const [i, c] of companies.entries()) {
    if (typeof c === "string") {
      const key = companyKeyOf(c);
      if (key === null) return `companies.${i} is not a company key (like NYSE_IBM)`;
      entries.push({ companyKey: key, name: null, followedAt: stamp });
    } else {
      const entry = entryOf(c);
      if (entry === null) return `companies.${i} is not a followed company (a key, a name, a time)`;
      entries.push({ ...entry, followedAt: entry.followedAt ?? stamp });
    }
  }
  return entries;
}

function capped(list: FollowedCompany[]): { companies: FollowedCompany[]; skipped: number } {
  return { companies: list.slice(0, MAX_FOLLOWING), skipped: Math.max(0, list.length - MAX_FOLLOWING) };
}

/**
 * The link that carries a list to another browser: /following?import=K1,K2 (the compare set's
 * encoding), and `&name=` for a named list, which the import goes into.
 */
export function importHref(origin: string, keys: readonly string[], name?: string): string {
  const into = name === undefined ? "" : `&name=${encodeURIComponent(name)}`;
  return `${origin}/following?import=${companiesUrlValue(keys)}${into}`;
}

/** The keys an import link carries: valid ones as entries, the rest named as invalid. */
export function parseImportParam(
  raw: string | readonly string[] | null | undefined,
  now: Date,
): { companies: FollowedCompany[]; invalid: string[]; skipped: number } {
  const invalid: string[] = [];
  const companies: FollowedCompany[] = [];
  for (const entry of companiesOf(raw)) {
    const key = companyKeyOf(entry);
    if (key !== null) companies.push({ companyKey: key, name: null, followedAt: now.toISOString() });
    else invalid.push(escapeInvisible(entry.slice(0, 64)));
  }
  return { ...capped(withoutDuplicates(companies)), invalid };
}

export type ImportMode = "merge" | "replace";

/**
 * The list after an import: `replace` takes the incoming list; `merge` keeps the current one whole
 * and puts the new companies, as many as fit, before it (the most recently followed first). Either
 * way at most MAX_FOLLOWING, and how many did not fit.
 */
export function applyImport(
  current: readonly FollowedCompany[],
  incoming: readonly FollowedCompany[],
  mode: ImportMode,
): { list: FollowedCompany[]; added: number; dropped: number } {
  const base = mode === "replace" ? [] : current;
  const known = new Set(base.map((c) => c.companyKey));
  const fresh = incoming.filter((c) => !known.has(c.companyKey));
  const fitting = fresh.slice(0, Math.max(0, MAX_FOLLOWING - base.length));
  const before = new Set(current.map((c) => c.companyKey));
  return {
    list: [...fitting, ...base],
    added: fitting.filter((c) => !before.has(c.companyKey)).length,
    dropped: fresh.length - fitting.length,
  };
}
