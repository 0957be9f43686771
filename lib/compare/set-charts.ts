// The figures behind the comparison's set charts: market cap against the focus, listings spread,
// who names whom as a peer, and the news volume by importance. Pure and browser-safe.
import type { CompareCompany } from "./model";

/** A company's market cap as a multiple of the focus company's; null when either is missing. */
export function ratioToFocus(focus: CompareCompany, company: CompareCompany): number | null {
  if (!focus.marketCapUsd || company.marketCapUsd === null) return null;
  return company.marketCapUsd / focus.marketCapUsd;
}

/**
 * "2.4×", "0.31×", "12×", "0.0033×": the precision a ratio needs to be told apart at a glance; below
 * 1, two significant digits (a $10B peer of a $3T focus is 0.0033×, not "0.00×", which reads as none).
 */
export function formatRatio(ratio: number): string {
  if (ratio >= 10) return `${ratio.toFixed(0)}×`;
  if (ratio >= 1) return `${ratio.toFixed(1)}×`;
  if (ratio <= 0) return "0×";
  if (ratio < 0.0001) return "<0.0001×";
  return `${Number(ratio.toPrecision(2))}×`;
}

export interface PeerOverlap {
  /** names[i][j]: company i names company j as a peer (never true on the diagonal). */
  names: boolean[][];
  /** Links present, and how many ordered pairs there are. */
  links: number;
  pairs: number;
  /** Pairs that name each other. */
  mutual: number;
  /** How many of the others name the focus company. */
  nameFocus: number;
}

/** Who names whom within the set, from each company's own peer list. */
export function peerOverlap(companies: readonly CompareCompany[]): PeerOverlap {
  const names = companies.map((row) =>
    companies.map((col) => row !== col && row.peerKeys.includes(col.companyKey)),
  );
  let links = 0;
  let mutual = 0;
  names.forEach((row, i) => {
    row.forEach((named, j) => {
      if (!named) return;
      links += 1;
      if (j > i && names[j]?.[i]) mutual += 1;
    });
  });
  const n = companies.length;
  const nameFocus = names.slice(1).filter((row) => row[0]).length;
  return { names, links, pairs: n * (n - 1), mutual, nameFocus };
}

export const IMPORTANCE_LEVELS = [1, 2, 3, 4, 5] as const;

export interface NewsVolume {
  companyKey: string;
  /** Stories loaded per importance level, index 0 = level 1. */
  byLevel: number[];
  /** Stories the feed counts beyond those loaded: all less material than the loaded ones. */
  notLoaded: number;
  /** Every story of the last 7 days, or null when the company's news did not load. */
  total: number | null;
}

/**
 * Each company's stories of the last 7 days by importance, from the set's news as already loaded
 * (the top stories per company, most material first, and each company's total count).
 */
export function newsVolume(
  companies: readonly CompareCompany[],
  articles: readonly { companyKey?: string | null; importance: number }[],
  totals: readonly { companyKey: string; total: number | null }[],
): NewsVolume[] {
  return companies.map((c) => {
    const byLevel = IMPORTANCE_LEVELS.map(() => 0);
    for (const a of articles) {
      if (a.companyKey !== c.companyKey) continue;
      const i = Math.min(Math.max(Math.round(a.importance), 1), 5) - 1;
      byLevel[i] = (byLevel[i] ?? 0) + 1;
    }
    const loaded = byLevel.reduce((sum, n) => sum + n, 0);
    const total = totals.find((t) => t.companyKey === c.companyKey)?.total ?? null;
    return {
      companyKey: c.companyKey,
      byLevel,
      notLoaded: total === null ? 0 : Math.max(0, total - loaded),
      total,
    };
  });
}

const LEGAL_FORM =
  /[,\s]+(inc\.?|incorporated|corp\.?|corporation|co\.?,?\s*ltd\.?|company|co\.?|ltd\.?|limited|plc|llc|l\.p\.|lp|ag|se|sa|s\.a\.|n\.v\.|nv|k\.k\.|oyj|ab|asa|spa|s\.p\.a\.|gmbh|holdings?)$/i;

/**
 * A short form of a company name for a small label: legal-form suffixes dropped, then cut at a
 * word boundary with an ellipsis. The full name stays available beside it.
 */
export function shortName(name: string, max = 16): string {
  let base = name.trim();
  // "Foo Holdings Co., Ltd." sheds both forms; a name that is only a legal form keeps it.
  for (let i = 0; i < 3; i += 1) {
    const shorter = base.replace(LEGAL_FORM, "").trim();
    if (!shorter || shorter === base) break;
    base = shorter;
  }
  if (base.length <= max) return base;
  const cut = base.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.&-]+$/, "")}…`;
}
