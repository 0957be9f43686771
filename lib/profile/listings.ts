// How a profile's listings read as securities: lines sharing a securityFiscalIdentifier are one
// security traded on several venues; a depositary receipt is a separate security, set apart
// from the home-market stock. Plain functions (no zod): used by server and client components.
import type { Listing } from "@/lib/upstream/schemas";
import { entryOf } from "@/lib/upstream/vocabulary";

export interface ListingLine {
  listing: Listing;
  isPrimary: boolean;
}

export type SecurityGroupKind = "primary" | "other" | "depositary_receipt";

export interface SecurityGroup {
  /** Null when the API gave the line no security identifier: such a line is a group alone. */
  securityFiscalIdentifier: string | null;
  securityType: string | null;
  /**
   * `primary`: the security of the primary listing; `depositary_receipt`: a receipt (set apart
   * even when it is the primary line, as for a foreign company listed only in the US);
   * `other`: another security of the company (a preferred line, a unit).
   */
  kind: SecurityGroupKind;
  containsPrimary: boolean;
  lines: ListingLine[];
}

const isReceipt = (l: Listing) => l.securityType === "depositary_receipt";

/**
 * Groups the primary and secondary listings by security. Order: the primary listing's security
 * (its primary line first), the company's other securities, then the depositary receipts, a
 * primary receipt first; otherwise the API's order. A receipt is never shown as the home stock.
 */
/** A listing's key among a company's listings: its fscl, or its exchange and ticker. */
export function listingKey(listing: Listing): string {
  return listing.listingFiscalIdentifier ?? `${listing.exchangeCode}_${listing.ticker}`;
}

export function groupListings(primary: Listing | null, secondaries: readonly Listing[]): SecurityGroup[] {
  const lines: ListingLine[] = [
    ...(primary ? [{ listing: primary, isPrimary: true }] : []),
    ...secondaries.map((listing) => ({ listing, isPrimary: false })),
  ];
  const groups: SecurityGroup[] = [];
  const byId = new Map<string, SecurityGroup>();
  for (const line of lines) {
    const id = line.listing.securityFiscalIdentifier || null;
    const existing = id ? byId.get(id) : undefined;
    if (existing) {
      existing.lines.push(line);
      existing.containsPrimary ||= line.isPrimary;
      existing.securityType ??= line.listing.securityType ?? null;
      continue;
    }
    const group: SecurityGroup = {
      securityFiscalIdentifier: id,
      securityType: line.listing.securityType ?? null,
      kind: "other",
      containsPrimary: line.isPrimary,
      lines: [line],
    };
    groups.push(group);
    if (id) byId.set(id, group);
  }
  for (const group of groups) {
    group.kind = group.lines.some((l) => isReceipt(l.listing))
      ? "depositary_receipt"
      : group.containsPrimary
        ? "primary"
        : "other";
  }
  const rank = (g: SecurityGroup) =>
    g.containsPrimary && g.kind !== "depositary_receipt"
      ? 0
      : g.kind === "other"
        ? 1
        : g.containsPrimary
          ? 2
          : 3;
  // Array.prototype.sort is stable: equal ranks keep the API's order.
  return groups.sort((a, b) => rank(a) - rank(b));
}

/** Minor-unit currency codes used for quotes: the line trades in hundredths of the major unit. */
export const MINOR_UNITS: Readonly<Record<string, { major: string; unit: string; per: number }>> = {
  GBX: { major: "GBP", unit: "pence", per: 100 },
  ZAc: { major: "ZAR", unit: "cents", per: 100 },
  ILA: { major: "ILS", unit: "agorot", per: 100 },
};

/** "Pence: 100 GBX = 1 GBP" for a minor-unit code; null for an ordinary currency. */
export function minorUnitNote(code: string | null | undefined): string | null {
  const minor = code ? entryOf(MINOR_UNITS, code) : undefined;
  if (!minor || !code) return null;
  const unit = minor.unit.charAt(0).toUpperCase() + minor.unit.slice(1);
  return `${unit}: ${minor.per} ${code} = 1 ${minor.major}`;
}
