// The change log's rows, as plain server-rendered HTML: /changes shows every company's, a
// profile's History section one company's (without the company column).
import { Badge, statusTone, type Tone } from "@/components/ui/badge";
import { ProfileLink } from "@/components/ui/company-line";
import { UpstreamText } from "@/components/ui/upstream-text";
import {
  CHANGE_KIND_LABELS,
  type ChangeKind,
  type ShownChange,
  type Standing,
} from "@/lib/directory/changes";
import { formatSince, formatUtc } from "@/lib/format";
import {
  COMPANY_STATUS_LABELS,
  labelOf,
  statusPhrase,
  TRADING_STATUS_LABELS,
} from "@/lib/upstream/vocabulary";

const TONE: Record<ChangeKind, Tone> = {
  new: "good",
  removed: "bad",
  name: "info",
  ticker: "info",
  exchange: "info",
  trading_status: "warn",
  company_status: "warn",
  listing_added: "good",
  listing_removed: "bad",
  dataset_added: "good",
  dataset_removed: "bad",
  identifier: "neutral",
};

function Value({ children }: { children: string | null }) {
  return children === null ? (
    <span className="text-slate-500 dark:text-slate-400">none</span>
  ) : (
    <UpstreamText className="font-medium">{children}</UpstreamText>
  );
}

/**
 * A status change with its subject and values in the words of the profile's badges ("Primary
 * listing: Trading → Delisted", not "Trading status: active → delisted").
 */
const STATUS_WORDS: Partial<Record<ChangeKind, [subject: string, Readonly<Record<string, string>>]>> = {
  trading_status: ["Primary listing", TRADING_STATUS_LABELS],
  company_status: ["Company", COMPANY_STATUS_LABELS],
};

/**
 * Where a company that left the API-enabled set stands now, in the words of its profile's header
 * (its company status, and its primary listing's trading status).
 */
function StandingText({ standing }: { standing: Standing | undefined }) {
  if (!standing || standing.in === "unknown") return null;
  if (standing.in === "nowhere") return <> Not in the whole universe either: the company is gone.</>;
  // Its statuses as the badges of its profile's header word them.
  return (
    <>
      {" "}
      Still in the whole universe as <Value>{standing.line}</Value>
      {standing.companyStatus || standing.tradingStatus ? ": " : "."}
      {standing.companyStatus && (
        <Badge tone={statusTone(standing.companyStatus)}>
          {statusPhrase("company", standing.companyStatus)}
        </Badge>
      )}{" "}
      {standing.tradingStatus && (
        <Badge tone={statusTone(standing.tradingStatus)}>
          {statusPhrase("primary listing", standing.tradingStatus)}
        </Badge>
      )}
    </>
  );
}

/** What changed, in words: "Ticker: T1 → NEW", "Listed: T3 on Nasdaq". */
function ChangeText({ change }: { change: ShownChange }) {
  const { kind, field } = change;
  const [subject, words] = STATUS_WORDS[kind] ?? [];
  const [before, after] = [change.before, change.after].map((v) => (v && words ? labelOf(words, v) : v)) as [
    string | null,
    string | null,
  ];
  if (kind === "new")
    return (
      <>
        Joined the API-enabled set: <Value>{after}</Value>
      </>
    );
  if (kind === "removed")
    return (
      <>
        Left the API-enabled set (was <Value>{before}</Value>).
        <StandingText standing={change.standing} />
      </>
    );
  if (kind === "dataset_added" || kind === "listing_added")
    return (
      <>
        Added{field ? ` (${field})` : ""}: <Value>{after}</Value>
      </>
    );
  if (kind === "dataset_removed" || kind === "listing_removed")
    return (
      <>
        Removed{field ? ` (${field})` : ""}: <Value>{before}</Value>
      </>
    );
  const label = field
    ? field.charAt(0).toUpperCase() + field.slice(1)
    : (subject ?? CHANGE_KIND_LABELS[kind]);
  return (
    <>
      {label}: <Value>{before}</Value> <span aria-hidden="true">→</span>
      <span className="sr-only">changed to</span> <Value>{after}</Value>
    </>
  );
}

export function ChangeList({
  changes,
  nowMs,
  showCompany = true,
}: {
  changes: readonly ShownChange[];
  nowMs: number;
  showCompany?: boolean;
}) {
  return (
    <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {changes.map((change) => (
        <li
          // The log has no ids: a change is its company, kind, field and values at one sync.
          key={`${change.detectedAt}:${change.companyFiscalIdentifier ?? change.companyKey}:${change.kind}:${change.field}:${change.before}:${change.after}`}
          className="grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4"
        >
          <div className="text-slate-600 dark:text-slate-300">
            <time dateTime={new Date(change.detectedAt).toISOString()} title={formatUtc(change.detectedAt)}>
              {formatUtc(change.detectedAt)}
            </time>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {formatSince(change.detectedAt, nowMs)}
            </span>
          </div>
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge tone={TONE[change.kind]}>{CHANGE_KIND_LABELS[change.kind]}</Badge>
              {showCompany && (
                <>
                  <ProfileLink
                    companyKey={change.companyKey}
                    name={change.companyName}
                    tone="brand"
                    className="font-medium"
                  />
                  <code className="font-mono text-xs text-slate-600 dark:text-slate-300">
                    {change.companyKey}
                  </code>
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    {[change.sector, change.countryName].filter(Boolean).join(" · ")}
                  </span>
                </>
              )}
            </div>
            <p className="text-slate-800 dark:text-slate-100">
              <ChangeText change={change} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
