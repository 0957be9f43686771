import { Badge, statusTone } from "@/components/ui/badge";
import { CountryFlag } from "@/components/ui/country-flag";
import { ColumnHeaders, ScrollTable } from "@/components/ui/scroll-region";
import { UpstreamText } from "@/components/ui/upstream-text";
import {
  groupListings,
  type ListingLine,
  listingKey,
  minorUnitNote,
  type SecurityGroup,
} from "@/lib/profile/listings";
import type { Listing } from "@/lib/upstream/schemas";
import { labelOf, SECURITY_TYPE_LABELS, TRADING_STATUS_LABELS } from "@/lib/upstream/vocabulary";

const dash = (
  <span className="text-slate-400 dark:text-slate-500" title="Not given">
    —
  </span>
);

function groupCaption(group: SecurityGroup): { title: string; detail: string } {
  const venues = group.lines.length;
  const type = group.securityType ? labelOf(SECURITY_TYPE_LABELS, group.securityType) : "Security";
  // Listed, not traded: a line may be delisted, suspended or not yet trading (its status is in the
  // table). A line of no or another status is not counted out.
  const trading = group.lines.filter(
    (l) => !["delisted", "suspended", "pre_ipo"].includes(l.listing.tradingStatus ?? ""),
  ).length;
  const now =
    trading === venues ? "" : trading === 0 ? ", trading on none now" : `, trading on ${trading} now`;
  const where = `${venues > 1 ? `one security listed on ${venues} venues` : "listed on one venue"}${now}`;
  if (group.kind === "depositary_receipt")
    return {
      title: "Depositary receipt",
      detail: `A separate security representing shares of the home-market stock; ${where}.`,
    };
  if (group.kind === "primary")
    return {
      title: `${type} (primary listing's security)`,
      detail: `${where[0]?.toUpperCase()}${where.slice(1)}.`,
    };
  return { title: type, detail: `Another security of the company; ${where}.` };
}

/** A security's heading: what it is, where, and its fscl. */
function GroupCaption({ group }: { group: SecurityGroup }) {
  const caption = groupCaption(group);
  return (
    <>
      <span className="font-semibold text-slate-900 dark:text-white">{caption.title}</span>
      <span className="text-slate-600 dark:text-slate-300"> · {caption.detail}</span>
      {group.securityFiscalIdentifier && (
        <span className="ml-1 font-mono text-slate-600 wrap-anywhere dark:text-slate-300">
          {group.securityFiscalIdentifier}
        </span>
      )}
    </>
  );
}

const HEADERS = ["Ticker", "Exchange", "MIC (operating / segment)", "Security", "Currency", "Status"];
const TH = "px-3 py-2 text-left align-bottom text-xs font-semibold uppercase tracking-wide";

/** The venue's country, with its flag: on one line in the table, wrapped in a card. */
function VenueCountry({ listing }: { listing: Listing }) {
  if (!listing.exchangeCountryCode && !listing.exchangeCountryName) return null;
  return (
    <span className="block text-xs text-slate-600 sm:whitespace-nowrap print:whitespace-normal dark:text-slate-400">
      <CountryFlag code={listing.exchangeCountryCode} className="mr-1.5" />
      <UpstreamText>{listing.exchangeCountryName ?? listing.exchangeCountryCode}</UpstreamText>
    </span>
  );
}

/** One listing: a table row on wide screens, a card of labelled values on narrow ones and on paper. */
function ListingRow({ listing, isPrimary }: ListingLine) {
  const note = minorUnitNote(listing.tradingCurrency);
  return (
    <tr role="row" data-card="" className="border-t border-slate-100 align-top dark:border-slate-800">
      <th
        scope="row"
        role="rowheader"
        data-span=""
        className="whitespace-nowrap px-3 py-2 text-left font-normal"
      >
        <UpstreamText className="font-mono font-semibold">{listing.ticker}</UpstreamText>
        {isPrimary && (
          <span className="ml-2">
            <Badge tone="brand">Primary</Badge>
          </span>
        )}
      </th>
      <td role="cell" data-span="" className="px-3 py-2">
        <UpstreamText className="font-medium">{listing.exchangeCode}</UpstreamText>
        {listing.exchangeName && (
          <UpstreamText className="block min-w-36 text-xs text-slate-600 dark:text-slate-400">
            {listing.exchangeName}
          </UpstreamText>
        )}
        <VenueCountry listing={listing} />
      </td>
      <td role="cell" data-label="Operating / segment MIC" className="px-3 py-2">
        <span className="whitespace-nowrap font-mono text-xs" title="Operating MIC / segment MIC">
          {listing.operatingMic ?? "—"} / {listing.segmentMic ?? "—"}
        </span>
        {listing.segmentName && (
          <UpstreamText className="block text-xs text-slate-600 dark:text-slate-400">
            {listing.segmentName}
          </UpstreamText>
        )}
      </td>
      <td role="cell" data-label="Security" className="whitespace-nowrap px-3 py-2">
        {listing.securityType === "depositary_receipt" ? (
          <Badge tone="info">{labelOf(SECURITY_TYPE_LABELS, listing.securityType)}</Badge>
        ) : listing.securityType ? (
          labelOf(SECURITY_TYPE_LABELS, listing.securityType)
        ) : (
          dash
        )}
      </td>
      <td role="cell" data-label="Currency" className="whitespace-nowrap px-3 py-2">
        <span className="font-mono font-medium">{listing.tradingCurrency ?? "—"}</span>
        {/* How its prices are quoted when that is in minor units. */}
        {note && <span className="block text-xs text-amber-800 dark:text-amber-200">{note}</span>}
      </td>
      <td role="cell" data-label="Status" className="px-3 py-2">
        {listing.tradingStatus ? (
          <Badge tone={statusTone(listing.tradingStatus)}>
            {labelOf(TRADING_STATUS_LABELS, listing.tradingStatus)}
          </Badge>
        ) : (
          dash
        )}
      </td>
    </tr>
  );
}

/**
 * Every listing, grouped by security, depositary receipts set apart below. One table, drawn as
 * cards on narrow screens and on paper (`data-stack`, globals.css); each listing's identifiers are
 * in the Identifiers section, where each copies.
 */
export function ListingsTable({ primary, secondaries }: { primary: Listing | null; secondaries: Listing[] }) {
  const groups = groupListings(primary, secondaries);
  if (groups.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">No listing is on file for this company.</p>
    );
  return (
    <ScrollTable
      label="Listings"
      stack
      caption="Every listing, grouped by security; depositary receipts last"
    >
      <thead role="rowgroup" className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
        <tr role="row">
          <ColumnHeaders labels={HEADERS} className={TH} roles />
        </tr>
      </thead>
      {groups.map((group, i) => {
        const receipt = group.kind === "depositary_receipt";
        return (
          <tbody
            role="rowgroup"
            key={group.securityFiscalIdentifier ?? `line-${i}`}
            data-security-kind={group.kind}
            className={receipt ? "border-t-4 border-sky-200 dark:border-sky-900" : ""}
          >
            <tr
              role="row"
              className={receipt ? "bg-sky-50 dark:bg-sky-950/60" : "bg-slate-50/60 dark:bg-slate-900/60"}
            >
              <th
                scope="rowgroup"
                role="rowheader"
                colSpan={HEADERS.length}
                className="px-3 py-2 text-left text-xs font-normal"
              >
                <GroupCaption group={group} />
              </th>
            </tr>
            {group.lines.map((line) => (
              <ListingRow key={listingKey(line.listing)} {...line} />
            ))}
          </tbody>
        );
      })}
    </ScrollTable>
  );
}
