// The followed companies as data: what one entry holds, the list's limit, and the two ways a list
// moves between machines (a link carrying the keys, a JSON file). Browser-safe and storage-free;
// lib/client/following.ts keeps the list in localStorage.
import { z } from "zod";
import { companiesOf, companiesUrlValue } from "@/lib/compare/set";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";

// In the browser, zod must not probe for eval (its JIT checks `new Function("")` on the first object
// parse): the page's script policy forbids eval, and the probe is reported as a CSP violation.
if (typeof window !== "undefined") z.config({ jitless: true });

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

const companyKey = z
  .string()
  .trim()
  .regex(COMPANY_KEY_PATTERN, "is not a company key (like NYSE_IBM)")
  .transform((k) => k.toUpperCase());

const entrySchema = z.object({
  companyKey,
  name: z.string().max(300).nullish(),
  followedAt: z.iso.datetime({ offset: true }).nullish(),
});

/** One stored entry, or null when it is not one (storage is read leniently, entry by entry). */
export function parseFollowedEntry(value: unknown): FollowedCompany | null {
  const parsed = entrySchema.safeParse(value);
  if (!parsed.success) return null;
  const { companyKey: key, name, followedAt } = parsed.data;
  return { companyKey: key, name: name || null, followedAt: followedAt ?? new Date(0).toISOString() };
}

export const FILE_FORMAT = "fiscal-atlas-following";

const fileSchema = z.object({
  format: z.literal(FILE_FORMAT, { error: `is not “${FILE_FORMAT}”` }),
  version: z.literal(1, { error: "must be 1" }),
  companies: z
    .array(z.union([companyKey, entrySchema]))
    .max(MAX_FOLLOWING * 4, `holds more than ${MAX_FOLLOWING * 4} entries`),
});

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

/** An uploaded file: the entries it holds, or a message saying what is wrong with it. */
export function parseFollowingFile(text: string, now: Date): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "This file is not JSON. Choose a file exported from this page." };
  }
  // A bare array of keys is accepted too: an easy file to write by hand.
  const parsed = fileSchema.safeParse(
    Array.isArray(json) ? { format: FILE_FORMAT, version: 1, companies: json } : json,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")} ` : "";
    return {
      ok: false,
      message: `This is not a list of followed companies: ${where}${issue?.message ?? "unreadable"}.`,
    };
  }
  const stamp = now.toISOString();
  const companies = parsed.data.companies.map((c) =>
    typeof c === "string"
      ? { companyKey: c, name: null, followedAt: stamp }
      : { companyKey: c.companyKey, name: c.name || null, followedAt: c.followedAt ?? stamp },
  );
  return { ok: true, ...capped(withoutDuplicates(companies)) };
}

function capped(list: FollowedCompany[]): { companies: FollowedCompany[]; skipped: number } {
  return { companies: list.slice(0, MAX_FOLLOWING), skipped: Math.max(0, list.length - MAX_FOLLOWING) };
}

/** The link that carries a list to another browser: /following?import=K1,K2 (the compare set's encoding). */
export function importHref(origin: string, keys: readonly string[]): string {
  return `${origin}/following?import=${companiesUrlValue(keys)}`;
}

/** The keys an import link carries: valid ones as entries, the rest named as invalid. */
export function parseImportParam(
  raw: string | readonly string[] | null | undefined,
  now: Date,
): { companies: FollowedCompany[]; invalid: string[]; skipped: number } {
  const invalid: string[] = [];
  const companies: FollowedCompany[] = [];
  for (const entry of companiesOf(raw)) {
    const parsed = companyKey.safeParse(entry);
    if (parsed.success)
      companies.push({ companyKey: parsed.data, name: null, followedAt: now.toISOString() });
    else invalid.push(entry.slice(0, 64));
  }
  return { ...capped(withoutDuplicates(companies)), invalid };
}

export type ImportMode = "merge" | "replace";

/**
 * The list after an import: `replace` takes the incoming list; `merge` keeps the current one and
 * adds the new companies after it. Either way at most MAX_FOLLOWING, and how many did not fit.
 */
export function applyImport(
  current: readonly FollowedCompany[],
  incoming: readonly FollowedCompany[],
  mode: ImportMode,
): { list: FollowedCompany[]; added: number; dropped: number } {
  const base = mode === "replace" ? [] : current;
  const known = new Set(base.map((c) => c.companyKey));
  const fresh = incoming.filter((c) => !known.has(c.companyKey));
  const all = [...base, ...fresh];
  const list = all.slice(0, MAX_FOLLOWING);
  return {
    list,
    added: list.filter((c) => !current.some((d) => d.companyKey === c.companyKey)).length,
    dropped: all.length - list.length,
  };
}
