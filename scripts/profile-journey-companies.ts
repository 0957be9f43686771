// Picks the sandbox companies the profile journeys (e2e/profile.spec.ts) run on. The universe is
// deterministic, so the keys it prints are stable; they are hard-coded in the spec.
// Usage: npx tsx scripts/profile-journey-companies.ts
import { peerCompanies } from "@/lib/sandbox/derive";
import { getUniverse } from "@/lib/sandbox/universe";

const universe = getUniverse();
const enabled = universe.enabled;
const has = (c: (typeof enabled)[number], d: string) => (c.datasets as readonly string[]).includes(d);
const summarize = (c: (typeof enabled)[number] | undefined) =>
  c
    ? {
        companyKey: c.companyKey,
        name: c.displayName,
        native: c.legalNameNative,
        hq: c.hq.code,
        cap: c.marketCapUsd,
        free: c.freePlan,
        datasets: c.datasets.join(","),
        formerKey: c.formerKey,
        peers: peerCompanies(universe, c).length,
        listings: c.listings.map(
          (l) => `${l.key} ${l.currency} ${l.security.type} ${l.security.fiscalId} ${l.status}`,
        ),
      }
    : null;

// 1. A company whose home security also trades on other venues, one of them a London pence
//    (GBX) line, with a US depositary receipt, logos, news and the full 12 peers (not free).
const rich = enabled.find((c) => {
  const primary = c.listings[0];
  if (!primary) return false;
  const sameSecurity = c.listings.filter((l) => l.security === primary.security);
  return (
    sameSecurity.length >= 3 &&
    sameSecurity.some((l) => l.exchange.code === "XLON" && l.currency === "GBX") &&
    c.listings.some((l) => l.security.type === "depositary_receipt") &&
    c.legalNameNative !== null &&
    !c.freePlan &&
    has(c, "logos") &&
    has(c, "news") &&
    peerCompanies(universe, c).length === 12
  );
});

// 2. A native-script (right-to-left) name, 3. a null market cap without logos,
// 4. a former ticker, 5. a free-plan company, 6. a company without the news dataset.
const rtl = enabled.find(
  (c) => c.legalNameNative && /[\u0590-\u08ff]/.test(c.legalNameNative) && has(c, "logos"),
);
const cjk = enabled.find((c) => c.legalNameNative && /[\u3040-\u9fff]/.test(c.legalNameNative));
const bare = enabled.find((c) => c.marketCapUsd === null && !has(c, "logos") && c.listings.length > 0);
const former = enabled.find((c) => c.formerKey && !c.freePlan && has(c, "logos"));
const free = universe.free[0];
// 7. A London pence primary line (GBX in v3, GBP in v2) for the API view.
const london = enabled.find(
  (c) => c.listings[0]?.exchange.code === "XLON" && c.listings[0].currency === "GBX" && !c.freePlan,
);
const noNews = enabled.find((c) => !has(c, "news") && c.marketCapUsd !== null);

console.log(
  JSON.stringify(
    {
      rich: summarize(rich),
      rtl: summarize(rtl),
      cjk: summarize(cjk),
      bare: summarize(bare),
      former: summarize(former),
      free: summarize(free),
      noNews: summarize(noNews),
      london: summarize(london),
    },
    null,
    2,
  ),
);
