// The comparison's URL state, parsed once for both sides: `/compare?companies=K1,K2,...`, the
// first company the focus (the list format, with keys that may hold commas, is lib/compare/set.ts).
// The server page reads it with the loader, the view writes it with useQueryStates on the same
// parser, and links come from the serializer. Neither server-only nor a client module.
import { createLoader, createMultiParser, createSerializer } from "nuqs/server";
import { companiesOf, companiesParam, MAX_COMPARE } from "@/lib/compare/set";

/** The entries the URL names, in order (the parameter given once as a list, or repeated). */
const companies = createMultiParser({
  parse: (values) => companiesOf(values),
  serialize: (keys: string[]) => [companiesParam(keys)],
  eq: (a, b) => a.length === b.length && a.every((key, i) => key === b[i]),
}).withDefault([]);

export const compareParsers = { companies };

export const loadCompareSearchParams = createLoader(compareParsers);

const serializeCompare = createSerializer(compareParsers);

/** The page's URL for a set. */
export function compareHref(keys: readonly string[]): string {
  return serializeCompare("/compare", { companies: keys.slice(0, MAX_COMPARE) });
}
