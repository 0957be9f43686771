// The directory's in-memory search index over company-list rows: name, ticker and identifier
// search with ranking and typo tolerance, facet filters with counts, sorting and paging.
// Pure and synchronous: the sync (sync.ts) builds one per snapshot of rows.
import { normalizeCik } from "@/lib/identifiers";
import { type Company, DATASETS } from "@/lib/upstream/schemas";
import { FACET_LABEL, FACET_VALUE, SORT_VALUE } from "./field-values";
import { CAP_BUCKETS, FACET_FIELDS, type FacetField, type SortField } from "./fields";
import { editDistance, normalizeText, tokens } from "./normalize";

export { CAP_BUCKETS, FACET_FIELDS, type FacetField, SORT_FIELDS, type SortField } from "./fields";

const IDENTIFIER_FIELDS = [
  "companyKey",
  "companyFiscalIdentifier",
  "cik",
  "figi",
  "figiComposite",
  "figiShareClass",
  "isin",
  "cusip",
] as const;
type IdentifierField = (typeof IDENTIFIER_FIELDS)[number];

/** How a row matched the query, best first. */
export type MatchKind = "identifier" | "ticker" | "name-prefix" | "ticker-prefix" | "name" | "fuzzy";
const TIER: Record<MatchKind, number> = {
  identifier: 0,
  ticker: 0,
  "name-prefix": 1,
  "ticker-prefix": 2,
  name: 3,
  fuzzy: 4,
};

export interface DirectoryQuery {
  q?: string;
  /** Values per field: OR within a field, AND across fields. */
  filters?: Partial<Record<FacetField, readonly string[]>>;
  /** Every listed dataset must be available. */
  datasets?: readonly string[];
  /** Market-cap buckets (CAP_BUCKETS ids, or "none" for no market cap): OR within them. */
  marketCap?: readonly string[];
  minMarketCap?: number;
  maxMarketCap?: number;
  sort?: SortField;
  order?: "asc" | "desc";
  offset?: number;
  limit?: number;
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

export interface DirectoryHit {
  company: Company;
  match?: { kind: MatchKind; field: string };
}

export interface DirectoryResult {
  total: number;
  hits: DirectoryHit[];
  facets: Record<FacetField, FacetCount[]>;
  datasets: FacetCount[];
  marketCap: FacetCount[];
}

interface Column {
  codes: Uint16Array;
  values: string[];
  labels: string[];
}

export class CompanyIndex {
  readonly size: number;
  private readonly rows: readonly Company[];
  private readonly columns = {} as Record<FacetField, Column>;
  private readonly datasetBits: Uint32Array;
  private readonly caps: Float64Array;
  /** Each row's market-cap bucket: an index of CAP_BUCKETS, or CAP_BUCKETS.length for none. */
  private readonly capBuckets: Uint8Array;
  /** Identifier value -> row * 16 + field code (an array when several rows or fields share it). */
  private readonly byIdentifier = new Map<string, number | number[]>();
  private readonly byTicker = new Map<string, number[]>();
  private readonly sortedTickers: string[];
  private readonly tokenPostings = new Map<string, number[]>();
  private readonly sortedTokens: string[];
  /** Normalised names per row, for the name-prefix tier. */
  private readonly names: string[][];
  private readonly sortOrders = new Map<string, { order: Int32Array; withValue: number }>();
  private allCounts?: ReturnType<CompanyIndex["count"]>;

  constructor(rows: readonly Company[]) {
    this.rows = rows;
    this.size = rows.length;
    for (const field of FACET_FIELDS) this.columns[field] = this.encode(field);
    this.datasetBits = new Uint32Array(rows.length);
    this.caps = new Float64Array(rows.length);
    this.capBuckets = new Uint8Array(rows.length);
    this.names = new Array(rows.length);
    rows.forEach((c, i) => {
      let bits = 0;
      for (const d of c.availableDatasets) {
        const bit = (DATASETS as readonly string[]).indexOf(d);
        if (bit >= 0) bits |= 1 << bit;
      }
      this.datasetBits[i] = bits;
      this.caps[i] = c.marketCapUsd ?? Number.NaN;
      this.capBuckets[i] = capBucket(this.caps[i] as number);
      const l = c.primaryListing;
      this.addIdentifier(c.companyKey.toUpperCase(), i, "companyKey");
      if (c.companyFiscalIdentifier)
        this.addIdentifier(c.companyFiscalIdentifier.toUpperCase(), i, "companyFiscalIdentifier");
      if (c.cik) this.addIdentifier(c.cik, i, "cik");
      for (const field of ["figi", "figiComposite", "figiShareClass", "isin", "cusip"] as const) {
        const value = l[field];
        if (value) this.addIdentifier(value.toUpperCase(), i, field);
      }
      const ticker = l.ticker.toUpperCase();
      const list = this.byTicker.get(ticker);
      if (list) list.push(i);
      else this.byTicker.set(ticker, [i]);
      const names = [
        c.displayNameEnglish,
        c.legalNameEnglish,
        c.tradeNameEnglish,
        c.legalNameNative,
        c.tradeNameNative,
      ]
        .filter((n): n is string => Boolean(n))
        .map(normalizeText);
      this.names[i] = [...new Set(names)];
      const seen = new Set<string>();
      for (const name of this.names[i] as string[]) {
        for (const token of name.split(" ")) {
          if (!token || seen.has(token)) continue;
          seen.add(token);
          const postings = this.tokenPostings.get(token);
          if (postings) postings.push(i);
          else this.tokenPostings.set(token, [i]);
        }
      }
    });
    this.sortedTickers = [...this.byTicker.keys()].sort();
    this.sortedTokens = [...this.tokenPostings.keys()].sort();
  }

  private encode(field: FacetField): Column {
    const values = [""];
    const labels = [""];
    const lookup = new Map<string, number>();
    const codes = new Uint16Array(this.rows.length);
    const value = FACET_VALUE[field];
    const label = FACET_LABEL[field];
    this.rows.forEach((c, i) => {
      const v = value(c);
      if (v === null || v === undefined || v === "") return;
      let code = lookup.get(v);
      if (code === undefined) {
        code = values.length;
        lookup.set(v, code);
        values.push(v);
        labels.push(label?.(c) ?? v);
      }
      codes[i] = code;
    });
    return { codes, values, labels };
  }

  private addIdentifier(value: string, row: number, field: IdentifierField): void {
    const encoded = row * 16 + IDENTIFIER_FIELDS.indexOf(field);
    const existing = this.byIdentifier.get(value);
    if (existing === undefined) this.byIdentifier.set(value, encoded);
    else if (typeof existing === "number") this.byIdentifier.set(value, [existing, encoded]);
    else existing.push(encoded);
  }

  private identifierHits(value: string): { row: number; field: IdentifierField }[] {
    const found = this.byIdentifier.get(value);
    if (found === undefined) return [];
    return (typeof found === "number" ? [found] : found).map((e) => ({
      row: Math.floor(e / 16),
      field: IDENTIFIER_FIELDS[e % 16] as IdentifierField,
    }));
  }

  /** Every row whose primary ticker or identifier equals the value, for the resolver. */
  exact(value: string): Company[] {
    const upper = value.trim().toUpperCase();
    const rows = new Set<number>(this.byTicker.get(upper) ?? []);
    for (const hit of this.identifierHits(upper)) rows.add(hit.row);
    const cik = normalizeCik(upper);
    if (cik) for (const hit of this.identifierHits(cik)) rows.add(hit.row);
    return [...rows].map((r) => this.rows[r] as Company);
  }

  /**
   * The row of the same company: by its fiscal identifier, which outlives a ticker change (a row
   * that only answers to it as another identifier is not it); by its key when it has none.
   */
  sameCompany(company: { companyKey: string; companyFiscalIdentifier?: string | null }): Company | undefined {
    const fiscal = company.companyFiscalIdentifier;
    if (!fiscal) return this.byKey(company.companyKey);
    return this.identifierHits(fiscal.toUpperCase())
      .filter((h) => h.field === "companyFiscalIdentifier")
      .map((h) => this.rows[h.row] as Company)[0];
  }

  byKey(companyKey: string): Company | undefined {
    const hit = this.identifierHits(companyKey.toUpperCase()).find((h) => h.field === "companyKey");
    return hit ? this.rows[hit.row] : undefined;
  }

  /** Rows matching the query text, with their best match. Undefined query: every row. */
  private match(q: string): Map<number, { kind: MatchKind; field: string }> {
    const out = new Map<number, { kind: MatchKind; field: string }>();
    const offer = (row: number, kind: MatchKind, field: string) => {
      const current = out.get(row);
      if (!current || TIER[kind] < TIER[current.kind]) out.set(row, { kind, field });
    };
    const upper = q.trim().toUpperCase();
    const compactUpper = upper.replace(/\s+/g, "");
    // An identifier pasted with spaces (ISIN "US 0378 3310 05"), a ticker or key that has one
    // ("ERIC B", "XSTO_ERIC B"), and a listing as the profile writes it ("XLON: EMBE").
    const spaced = upper.replace(/\s+/g, " ");
    const forms = new Set([compactUpper, spaced]);
    const listing = /^([A-Z0-9]{2,12}) ?: ?(\S.*)$/.exec(spaced);
    if (listing) forms.add(`${listing[1]}_${listing[2]}`);
    for (const form of forms) {
      for (const hit of this.identifierHits(form)) offer(hit.row, "identifier", hit.field);
      for (const r of this.byTicker.get(form) ?? []) offer(r, "ticker", "ticker");
    }
    const cik = normalizeCik(compactUpper);
    if (cik) for (const hit of this.identifierHits(cik)) offer(hit.row, "identifier", hit.field);
    if (/^[A-Z0-9.-]{1,12}$/.test(compactUpper)) {
      for (let i = lowerBound(this.sortedTickers, compactUpper); i < this.sortedTickers.length; i++) {
        const ticker = this.sortedTickers[i] as string;
        if (!ticker.startsWith(compactUpper)) break;
        for (const r of this.byTicker.get(ticker) ?? []) offer(r, "ticker-prefix", "ticker");
      }
    }

    const queryTokens = tokens(q);
    if (queryTokens.length === 0) return out;
    const normalizedQuery = queryTokens.join(" ");
    // Every query token must prefix some name token of the row.
    let candidates: Set<number> | undefined;
    for (const token of queryTokens) {
      const rows = this.prefixRows(token);
      candidates = candidates ? intersect(candidates, rows) : rows;
      if (candidates.size === 0) break;
    }
    for (const r of candidates ?? []) {
      const prefix = (this.names[r] as string[]).some((name) => name.startsWith(normalizedQuery));
      offer(r, prefix ? "name-prefix" : "name", "name");
    }
    // Typo tolerance: when exact prefixes find little, accept tokens within a small edit distance.
    const exactHit = [...out.values()].some((m) => m.kind === "identifier" || m.kind === "ticker");
    if (out.size < 10 && !exactHit && queryTokens.some((t) => t.length >= 4 && /\p{L}/u.test(t))) {
      let fuzzy: Set<number> | undefined;
      for (const token of queryTokens) {
        const rows = token.length >= 4 ? this.fuzzyRows(token) : this.prefixRows(token);
        fuzzy = fuzzy ? intersect(fuzzy, rows) : rows;
        if (fuzzy.size === 0) break;
      }
      for (const r of fuzzy ?? []) offer(r, "fuzzy", "name");
    }
    return out;
  }

  private prefixRows(prefix: string): Set<number> {
    const rows = new Set<number>();
    for (let i = lowerBound(this.sortedTokens, prefix); i < this.sortedTokens.length; i++) {
      const token = this.sortedTokens[i] as string;
      if (!token.startsWith(prefix)) break;
      for (const r of this.tokenPostings.get(token) ?? []) rows.add(r);
    }
    return rows;
  }

  private fuzzyRows(token: string): Set<number> {
    const max = token.length >= 8 ? 2 : 1;
    const rows = new Set<number>();
    for (const candidate of this.sortedTokens) {
      // Compare with the candidate's prefix of the same length too, so a typo in a partly typed word matches.
      const head = candidate.length > token.length + max ? candidate.slice(0, token.length) : candidate;
      if (Math.abs(head.length - token.length) > max) continue;
      if (editDistance(token, head, max) <= max)
        for (const r of this.tokenPostings.get(candidate) ?? []) rows.add(r);
    }
    return rows;
  }

  /** Rows in ascending order of a column, those without a value at the end (counted by withValue). */
  private sortOrder(field: Exclude<SortField, "relevance">): { order: Int32Array; withValue: number } {
    let sorted = this.sortOrders.get(field);
    if (!sorted) {
      const value = SORT_VALUE[field];
      const keys = this.rows.map(value);
      const isNull = (v: unknown) => v === null || v === undefined || v === "";
      const indexes = Array.from(this.rows.keys());
      const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
      indexes.sort((a, b) => {
        const x = keys[a];
        const y = keys[b];
        const xNull = isNull(x);
        const yNull = isNull(y);
        if (xNull || yNull) return xNull === yNull ? a - b : xNull ? 1 : -1;
        if (typeof x === "number" && typeof y === "number") return x - y || a - b;
        return collator.compare(String(x), String(y)) || a - b;
      });
      sorted = { order: Int32Array.from(indexes), withValue: keys.filter((k) => !isNull(k)).length };
      this.sortOrders.set(field, sorted);
    }
    return sorted;
  }

  /** One pass over the candidate rows: which pass every filter, and the facet counts. */
  private count(
    matches: Map<number, { kind: MatchKind; field: string }> | undefined,
    active: readonly { f: number; allowed: Uint8Array }[],
    datasetMask: number,
    cap: { buckets?: Uint8Array; min?: number; max?: number } = {},
  ) {
    const { buckets, min, max } = cap;
    const columns = FACET_FIELDS.map((field) => this.columns[field]);
    const facetCounts = columns.map((c) => new Int32Array(c.values.length));
    const datasetCounts = new Array<number>(DATASETS.length).fill(0);
    const capCounts = new Array<number>(CAP_BUCKETS.length + 1).fill(0);
    const passing = new Uint8Array(this.size);
    const codes = FACET_FIELDS.map((field) => this.columns[field].codes);
    const capActive = buckets !== undefined || min !== undefined || max !== undefined;
    const fieldCount = FACET_FIELDS.length;
    let total = 0;

    const visit = (r: number) => {
      // Which filter groups reject this row: counts for a group ignore its own selection.
      let failures = 0;
      let failed = -1;
      for (let k = 0; k < active.length; k++) {
        const { f, allowed } = active[k] as (typeof active)[number];
        if (!allowed[(codes[f] as Uint16Array)[r] as number]) {
          failures++;
          failed = f;
          if (failures > 1) return;
        }
      }
      const bits = this.datasetBits[r] as number;
      const datasetsOk = (bits & datasetMask) === datasetMask;
      const cap = this.caps[r] as number;
      const bucket = this.capBuckets[r] as number;
      const capOk =
        !capActive ||
        ((buckets === undefined || buckets[bucket] === 1) &&
          (min === undefined || cap >= min) &&
          (max === undefined || cap <= max));
      const extra = (datasetsOk ? 0 : 1) + (capOk ? 0 : 1);
      if (failures + extra > 1) return;
      if (failures + extra === 0) {
        passing[r] = 1;
        total++;
        for (let f = 0; f < fieldCount; f++) {
          const counts = facetCounts[f] as Int32Array;
          const code = (codes[f] as Uint16Array)[r] as number;
          counts[code] = (counts[code] as number) + 1;
        }
        if (bits) for (let d = 0; d < DATASETS.length; d++) if (bits & (1 << d)) bump(datasetCounts, d);
        bump(capCounts, bucket);
        return;
      }
      if (failures === 1) {
        const counts = facetCounts[failed] as Int32Array;
        const code = (codes[failed] as Uint16Array)[r] as number;
        counts[code] = (counts[code] as number) + 1;
      } else if (!capOk) {
        bump(capCounts, bucket);
      }
    };
    if (matches) for (const r of matches.keys()) visit(r);
    else for (let r = 0; r < this.size; r++) visit(r);
    return { facetCounts, datasetCounts, capCounts, passing, total };
  }

  search(query: DirectoryQuery): DirectoryResult {
    const q = query.q?.trim() ?? "";
    const matches = q ? this.match(q) : undefined;

    // Filters, resolved to allowed-code tables per field.
    const columns = FACET_FIELDS.map((field) => this.columns[field]);
    const active: { f: number; allowed: Uint8Array }[] = [];
    FACET_FIELDS.forEach((field, f) => {
      const wanted = query.filters?.[field];
      if (!wanted || wanted.length === 0) return;
      const column = columns[f] as Column;
      const allowed = new Uint8Array(column.values.length);
      // An unknown value allows nothing: it filters to no rows rather than being ignored.
      for (const value of wanted) {
        const code = column.values.indexOf(value);
        if (code > 0) allowed[code] = 1;
      }
      active.push({ f, allowed });
    });
    let datasetMask = 0;
    for (const d of query.datasets ?? []) {
      const bit = (DATASETS as readonly string[]).indexOf(d);
      datasetMask |= bit >= 0 ? 1 << bit : 1 << 31;
    }
    const min = query.minMarketCap;
    const max = query.maxMarketCap;
    let buckets: Uint8Array | undefined;
    if (query.marketCap && query.marketCap.length > 0) {
      buckets = new Uint8Array(CAP_BUCKETS.length + 1);
      for (const id of query.marketCap) {
        const i = id === "none" ? CAP_BUCKETS.length : CAP_BUCKETS.findIndex((b) => b.id === id);
        if (i >= 0) buckets[i] = 1;
      }
    }
    const capActive = buckets !== undefined || min !== undefined || max !== undefined;

    // With no query and no filter every row passes, and the counts are those of the whole index:
    // computed once, since the index never changes.
    const unfiltered = !matches && active.length === 0 && datasetMask === 0 && !capActive;
    if (unfiltered && !this.allCounts) this.allCounts = this.count(undefined, [], 0);
    const { facetCounts, datasetCounts, capCounts, passing, total } =
      (unfiltered && this.allCounts) || this.count(matches, active, datasetMask, { buckets, min, max });

    // Order: relevance (match tier, then market cap) for a query, else the chosen column.
    const sort = query.sort && query.sort !== "relevance" ? query.sort : matches ? "relevance" : "marketCap";
    const order = query.order ?? (sort === "marketCap" || sort === "updatedAt" ? "desc" : "asc");
    const offset = Math.max(0, query.offset ?? 0);
    const end = offset + Math.max(0, query.limit ?? 50);
    let page: number[];
    if (sort === "relevance" && matches) {
      const tier = (r: number) => TIER[matches.get(r)?.kind ?? "fuzzy"];
      page = [...matches.keys()]
        .filter((r) => passing[r])
        .sort((a, b) => tier(a) - tier(b) || capDesc(this.caps, a, b))
        .slice(offset, end);
    } else {
      // "relevance" without a query has nothing to rank by: largest first.
      const column = sort === "relevance" ? "marketCap" : sort;
      const { order: permutation, withValue: valued } = this.sortOrder(column);
      // Walk the presorted column, rows with a value in the chosen direction then rows without
      // one (nulls last either way), and keep the passing rows of the requested page only.
      page = [];
      let seen = 0;
      for (let i = 0; i < permutation.length && seen < end; i++) {
        const r = permutation[order === "desc" && i < valued ? valued - 1 - i : i] as number;
        if (!passing[r]) continue;
        if (seen++ >= offset) page.push(r);
      }
    }
    const hits = page.map((r) => ({ company: this.rows[r] as Company, match: matches?.get(r) }));

    const facets = {} as Record<FacetField, FacetCount[]>;
    FACET_FIELDS.forEach((field, f) => {
      const column = columns[f] as Column;
      const counts = facetCounts[f] as Int32Array;
      const list: FacetCount[] = [];
      for (let code = 1; code < counts.length; code++) {
        const count = counts[code] as number;
        if (count > 0)
          list.push({ value: column.values[code] as string, label: column.labels[code] as string, count });
      }
      facets[field] = list.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    });
    return {
      total,
      hits,
      facets,
      datasets: DATASETS.map((d, i) => ({ value: d, label: d, count: datasetCounts[i] as number })),
      marketCap: [
        ...CAP_BUCKETS.map((b, i) => ({ value: b.id, label: b.label, count: capCounts[i] as number })),
        { value: "none", label: "Not available", count: capCounts[CAP_BUCKETS.length] as number },
      ],
    };
  }
}

function bump(counts: number[], i: number): void {
  counts[i] = (counts[i] ?? 0) + 1;
}

function capBucket(cap: number): number {
  if (Number.isNaN(cap)) return CAP_BUCKETS.length;
  const i = CAP_BUCKETS.findIndex((b) => cap >= b.min && cap < b.max);
  return i < 0 ? CAP_BUCKETS.length - 1 : i;
}

function capDesc(caps: Float64Array, a: number, b: number): number {
  const x = caps[a] as number;
  const y = caps[b] as number;
  if (Number.isNaN(x) || Number.isNaN(y))
    return Number.isNaN(x) === Number.isNaN(y) ? a - b : Number.isNaN(x) ? 1 : -1;
  return y - x || a - b;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function intersect(a: Set<number>, b: Set<number>): Set<number> {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const out = new Set<number>();
  for (const x of small) if (large.has(x)) out.add(x);
  return out;
}
