import { Fragment } from "react";
import { Badge, statusTone } from "@/components/ui/badge";
import { CountryFlag } from "@/components/ui/country-flag";
import { ColumnHeaders, ScrollTable } from "@/components/ui/scroll-region";
import { UpstreamText } from "@/components/ui/upstream-text";
import { groupListings, listingKey, minorUnitNote, type SecurityGroup } from "@/lib/profile/listings";
import type { Listing } from "@/lib/upstream/schemas";
import {
  LISTING_IDENTIFIERS,
  labelOf,
  SECURITY_TYPE_LABELS,
  TRADING_STATUS_LABELS,
} from "@/lib/upstream/vocabulary";

const dash = (
  <span className="text-slate-400 dark:text-slate-500" title="Not given">
    —
  </span>
);

function Mono({ value }: { value: string | null | undefined }) {
  return value ? <span className="font-mono text-xs">{value}</span> : dash;
}

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

const HEADERS = [
  "Ticker",
  "Exchange",
  "MIC (operating / segment)",
  "Security",
  "Currency",
  "Status",
  "FIGIs",
];
const TH = "px-3 py-2 text-left align-bottom text-xs font-semibold uppercase tracking-wide";

interface LineProps {
  listing: Listing;
  isPrimary: boolean;
  licensed: { isin: boolean; cusip: boolean };
}

/** A security's lines, each drawn as a table row or as a card. */
function Lines({
  group,
  licensed,
  as: Line,
}: Pick<LineProps, "licensed"> & { group: SecurityGroup; as: (props: LineProps) => React.ReactNode }) {
  return group.lines.map((line) => (
    <Line
      key={listingKey(line.listing)}
      listing={line.listing}
      isPrimary={line.isPrimary}
      licensed={licensed}
    />
  ));
}

/** The venue's country, with its flag (kept on one line in the table; a card wraps it). */
function VenueCountry({ listing, nowrap = false }: { listing: Listing; nowrap?: boolean }) {
  if (!listing.exchangeCountryCode && !listing.exchangeCountryName) return null;
  return (
    <span className={`block text-xs text-slate-600 dark:text-slate-400 ${nowrap ? "whitespace-nowrap" : ""}`}>
      <CountryFlag code={listing.exchangeCountryCode} className="mr-1.5" />
      <UpstreamText>{listing.exchangeCountryName ?? listing.exchangeCountryCode}</UpstreamText>
    </span>
  );
}

function SegmentName({ listing }: { listing: Listing }) {
  return listing.segmentName ? (
    <UpstreamText className="block text-xs text-slate-600 dark:text-slate-400">
      {listing.segmentName}
    </UpstreamText>
  ) : null;
}

/** The trading currency, and how its prices are quoted when that is in minor units. */
function Currency({ listing }: { listing: Listing }) {
  const note = minorUnitNote(listing.tradingCurrency);
  return (
    <>
      <span className="font-mono font-medium">{listing.tradingCurrency ?? "—"}</span>
      {note && <span className="block text-xs text-amber-800 dark:text-amber-200">{note}</span>}
    </>
  );
}

function StatusBadge({ listing }: { listing: Listing }) {
  return listing.tradingStatus ? (
    <Badge tone={statusTone(listing.tradingStatus)}>
      {labelOf(TRADING_STATUS_LABELS, listing.tradingStatus)}
    </Badge>
  ) : null;
}

/** Identifiers of a table row, each under its short label. */
function IdList({ ids }: { ids: readonly (readonly [string, string | null | undefined])[] }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs">
      {ids.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd>
            <Mono value={value} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ListingRow({ listing, isPrimary, licensed }: LineProps) {
  return (
    <tr className="border-t border-slate-100 align-top dark:border-slate-800">
      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal">
        <UpstreamText className="font-mono font-semibold">{listing.ticker}</UpstreamText>
        {isPrimary && (
          <span className="ml-2">
            <Badge tone="brand">Primary</Badge>
          </span>
        )}
      </th>
      <td className="px-3 py-2">
        <UpstreamText className="font-medium">{listing.exchangeCode}</UpstreamText>
        {listing.exchangeName && (
          <UpstreamText className="block min-w-36 text-xs text-slate-600 dark:text-slate-400">
            {listing.exchangeName}
          </UpstreamText>
        )}
        <VenueCountry listing={listing} nowrap />
      </td>
      <td className="px-3 py-2">
        <span className="whitespace-nowrap font-mono text-xs" title="Operating MIC">
          {listing.operatingMic ?? "—"}
        </span>
        <span className="text-slate-400"> / </span>
        <span className="font-mono text-xs" title="Segment MIC">
          {listing.segmentMic ?? "—"}
        </span>
        <SegmentName listing={listing} />
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        {listing.securityType ? (
          listing.securityType === "depositary_receipt" ? (
            <Badge tone="info">{labelOf(SECURITY_TYPE_LABELS, listing.securityType)}</Badge>
          ) : (
            labelOf(SECURITY_TYPE_LABELS, listing.securityType)
          )
        ) : (
          dash
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        <Currency listing={listing} />
      </td>
      <td className="px-3 py-2">{listing.tradingStatus ? <StatusBadge listing={listing} /> : dash}</td>
      <td className="whitespace-nowrap px-3 py-2">
        <IdList
          ids={[
            ["Venue", listing.figi],
            ["Composite", listing.figiComposite],
            ["Share class", listing.figiShareClass],
          ]}
        />
      </td>
      {(licensed.isin || licensed.cusip) && (
        <td className="whitespace-nowrap px-3 py-2">
          <IdList
            ids={[
              ...(licensed.isin ? [["ISIN", listing.isin] as const] : []),
              ...(licensed.cusip ? [["CUSIP", listing.cusip] as const] : []),
            ]}
          />
        </td>
      )}
    </tr>
  );
}

/** A labelled value of a listing card; a word (an identifier) too long for it wraps rather than being cut. */
function CardFact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

/** One listing as a card: every field of a table row, each labelled, for narrow screens and print. */
function ListingCard({ listing, isPrimary, licensed }: LineProps) {
  return (
    <li className="break-inside-avoid rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <p className="flex flex-wrap items-center gap-2">
        <UpstreamText className="font-mono font-semibold">{listing.ticker}</UpstreamText>
        {isPrimary && <Badge tone="brand">Primary</Badge>}
        <StatusBadge listing={listing} />
      </p>
      <p className="mt-1 text-sm">
        <UpstreamText className="font-medium">{listing.exchangeCode}</UpstreamText>
        {listing.exchangeName && (
          <>
            {" · "}
            <UpstreamText>{listing.exchangeName}</UpstreamText>
          </>
        )}
        <VenueCountry listing={listing} />
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <CardFact label="Currency">
          <Currency listing={listing} />
        </CardFact>
        <CardFact label="Security">
          {listing.securityType ? labelOf(SECURITY_TYPE_LABELS, listing.securityType) : dash}
        </CardFact>
        <CardFact label="Operating / segment MIC">
          <span className="font-mono text-xs">
            {listing.operatingMic ?? "—"} / {listing.segmentMic ?? "—"}
          </span>
          <SegmentName listing={listing} />
        </CardFact>
        {LISTING_IDENTIFIERS.filter(
          // The security's identifier heads its group; ISIN and CUSIP only where the key is licensed for them.
          ([field]) =>
            field !== "securityFiscalIdentifier" &&
            (field === "isin" || field === "cusip" ? licensed[field] : true),
        ).map(([field, label]) => (
          <CardFact key={field} label={label}>
            <Mono value={listing[field]} />
          </CardFact>
        ))}
      </dl>
    </li>
  );
}

/**
 * Every listing, grouped by security, depositary receipts set apart below: a table on wide
 * screens, cards on narrow ones and in print (where a wide table would clip its identifiers).
 */
export function ListingsTable({ primary, secondaries }: { primary: Listing | null; secondaries: Listing[] }) {
  const groups = groupListings(primary, secondaries);
  if (groups.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">No listing is on file for this company.</p>
    );
  const all = [...(primary ? [primary] : []), ...secondaries];
  const licensed = { isin: all.some((l) => l.isin), cusip: all.some((l) => l.cusip) };
  const columns = HEADERS.length + (licensed.isin || licensed.cusip ? 1 : 0);
  return (
    <>
      <div className="space-y-4 sm:hidden print:block" data-testid="listing-cards">
        {groups.map((group, i) => (
          <section
            key={group.securityFiscalIdentifier ?? `line-${i}`}
            aria-label={groupCaption(group).title}
            data-security-kind={group.kind}
            className="break-inside-avoid-page"
          >
            <h3 className="text-xs">
              <GroupCaption group={group} />
            </h3>
            <ul className="mt-2 space-y-2">
              <Lines group={group} licensed={licensed} as={ListingCard} />
            </ul>
          </section>
        ))}
      </div>
      <ListingsGrid groups={groups} licensed={licensed} columns={columns} />
    </>
  );
}

function ListingsGrid({
  groups,
  licensed,
  columns,
}: {
  groups: SecurityGroup[];
  licensed: { isin: boolean; cusip: boolean };
  columns: number;
}) {
  return (
    <ScrollTable
      label="Listings (scrolls sideways)"
      className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block print:hidden dark:border-slate-800"
      caption="Every listing, grouped by security; depositary receipts last"
    >
      <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
        <tr>
          <ColumnHeaders labels={HEADERS} className={TH} />
          {(licensed.isin || licensed.cusip) && (
            <th scope="col" className={TH}>
              {[licensed.isin && "ISIN", licensed.cusip && "CUSIP"].filter(Boolean).join(" / ")}
            </th>
          )}
        </tr>
      </thead>
      {groups.map((group, i) => {
        const receipt = group.kind === "depositary_receipt";
        return (
          <tbody
            key={group.securityFiscalIdentifier ?? `line-${i}`}
            data-security-kind={group.kind}
            className={receipt ? "border-t-4 border-sky-200 dark:border-sky-900" : ""}
          >
            <tr className={receipt ? "bg-sky-50 dark:bg-sky-950/60" : "bg-slate-50/60 dark:bg-slate-900/60"}>
              <th scope="rowgroup" colSpan={columns} className="px-3 py-2 text-left text-xs font-normal">
                <GroupCaption group={group} />
              </th>
            </tr>
            <Lines group={group} licensed={licensed} as={ListingRow} />
          </tbody>
        );
      })}
    </ScrollTable>
  );
}
