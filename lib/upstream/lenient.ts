// Reading an answer item by item. Where the contract lists items (list rows, listings, peers,
// articles), one that does not parse is left out of its answer, and recorded, instead of failing
// the whole answer: the rest is served. Only an answer with nothing usable is unreadable. Values a
// faithful service may plausibly write another way are repaired (a number sent as text).
import { z } from "zod";

/** One item an answer left out: where it was (`peers[3]`) and its first field that did not parse. */
export interface DroppedItem {
  item: string;
  field: string;
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
    return { parsed: schema.safeParse(raw) as ReturnType<T["safeParse"]>, dropped };
  } finally {
    collecting = outer;
  }
}

/** The first field an item failed on, as a path within it (`primaryListing.ticker`), or "(item)". */
export function firstField(error: z.ZodError): string {
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
    const parsed = item.safeParse(value);
    if (parsed.success) kept.push(parsed.data);
    else collecting?.push({ item: `${name}[${index}]`, field: firstField(parsed.error) });
  });
  return kept;
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
