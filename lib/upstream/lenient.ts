// Reading an answer item by item. Where the contract lists items (list rows, listings, peers,
// articles), one that does not parse is left out of its answer, and recorded, instead of failing
// the whole answer: the rest is served. A value that does not parse in a field the item can go
// without (an optional one) is left out instead of its item. Only an answer with nothing usable is
// unreadable. Values a faithful service may plausibly write another way are repaired (a number
// sent as text).
import { z } from "zod";

/**
 * What an answer left out: an item (where it was, `peers[3]`, and its first field that did not
 * parse), or with `kept`, only that field of it (the item served without it; `(answer)` for a
 * field of the answer itself).
 */
export interface DroppedItem {
  item: string;
  field: string;
  kept?: true;
}

/** Where the items a parse leaves out are recorded: zod parses synchronously, so one at a time. */
let collecting: DroppedItem[] | null = null;

/** The schema's parse of `raw`, with the items it left out. */
export function parseCollecting<T extends z.ZodType>(
  schema: T,
  raw: unknown,
): { parsed: ReturnType<T["safeParse"]>; dropped: DroppedItem[] } {
  const outer = collecting;
  const dropped: DroppedItem[] = [];
  collecting = dropped;
  try {
    return { parsed: parseRepairing(schema, raw, "(answer)") as ReturnType<T["safeParse"]>, dropped };
  } finally {
    collecting = outer;
  }
}

/** The first field an item failed on, as a path within it (`primaryListing.ticker`), or "(item)". */
function firstField(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join(".") : "(item)";
}

/**
 * An array whose items are each parsed on their own: one that fails is left out and recorded (as
 * `name[index]`). The array itself must be an array.
 */
export function itemsOf<T extends z.ZodType>(item: T, name: string) {
  return z.array(z.unknown()).transform((values) => parseItems(values, item, name));
}

/** The values that parse as `item`; each that does not is left out and recorded (as `name[index]`). */
export function parseItems<T extends z.ZodType>(values: unknown[], item: T, name: string): z.output<T>[] {
  const kept: z.output<T>[] = [];
  values.forEach((value, index) => {
    const parsed = parseRepairing(item, value, `${name}[${index}]`);
    if (parsed.success) kept.push(parsed.data);
    else collecting?.push({ item: `${name}[${index}]`, field: firstField(parsed.error) });
  });
  return kept;
}

/**
 * The parse of `value`, its unreadable optional fields left out: a field that fails is taken
 * away and the value parsed again; when that clears the field's failure, the field was one the
 * value can go without, and is recorded as left out (`kept`). A required field's failure stands.
 */
function parseRepairing<T extends z.ZodType>(schema: T, value: unknown, where: string) {
  // What the items within recorded: only the last parse's records stand (each parse records anew).
  const mark = collecting?.length ?? 0;
  const repaired: DroppedItem[] = [];
  let current = value;
  let parsed = schema.safeParse(current);
  for (let round = 0; !parsed.success && round < MAX_REPAIRS; round++) {
    const path = parsed.error.issues[0]?.path ?? [];
    if (path.length === 0) break;
    const cleared = without(current, path);
    const recorded = collecting?.splice(mark) ?? [];
    const again = schema.safeParse(cleared);
    if (!again.success && again.error.issues.some((issue) => samePath(issue.path, path))) {
      collecting?.splice(mark, Number.POSITIVE_INFINITY, ...recorded);
      break;
    }
    repaired.push({ item: where, field: path.map(String).join("."), kept: true });
    current = cleared;
    parsed = again;
  }
  if (parsed.success) collecting?.push(...repaired);
  return parsed;
}

/** Fields left out of one value at the most: a value with more is not worth guessing at. */
const MAX_REPAIRS = 8;

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
  a.length === b.length && a.every((key, i) => key === b[i]);

/** `value` with the field at `path` taken away (copied along the path; the rest shared). */
function without(value: unknown, path: readonly PropertyKey[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (typeof key !== "number") return value;
    if (rest.length === 0) copy.splice(key, 1);
    else copy[key] = without(copy[key], rest);
    return copy;
  }
  const copy: Record<PropertyKey, unknown> = { ...(value as Record<PropertyKey, unknown>) };
  if (rest.length === 0) delete copy[key];
  else copy[key] = without(copy[key], rest);
  return copy;
}

/** A number written as text ("2", " 1.5e9") read as the number; anything else as it came. */
function numberFromText(value: unknown): unknown {
  if (typeof value !== "string" || value.trim() === "") return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

/** A number, or one written as text. */
export const lenientNumber = z.preprocess(numberFromText, z.number());
/** A whole number, or one written as text. */
export const lenientInt = z.preprocess(numberFromText, z.number().int());
/** A boolean, or "true"/"false" written as text. */
export const lenientBoolean = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean(),
);
