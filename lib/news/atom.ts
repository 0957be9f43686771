// An Atom 1.0 document (RFC 4287) of top-news stories. Text is XML-escaped with the characters
// XML 1.0 forbids removed, and a story's source link is kept only when it is http(s).

import { createHash } from "node:crypto";
import { safeHttpUrl } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import type { TopNewsArticle } from "@/lib/upstream/schemas";
import { EVENT_TYPE_LABELS, IMPORTANCE_LABELS, labelOf } from "@/lib/upstream/vocabulary";

// XML 1.0 allows tab, LF, CR and U+0020 up, except lone surrogates and U+FFFE/U+FFFF.
const xmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  cp >= 0x10000;

/** Text as XML character data or an attribute value. */
export function xmlText(value: string): string {
  return Array.from(value)
    .filter((ch) => xmlChar(ch.codePointAt(0) ?? 0))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * A stable entry id: the same story (company, day, title, source) keeps it across fetches, across
 * a ticker change (the company is its fiscal identifier where the article carries one), and from
 * every instance and host name (a reader that reaches two does not show a story twice): a name-based
 * UUID (version 8, RFC 9562's for a hash other than SHA-1: here SHA-256) with no host in it.
 */
function entryId(article: TopNewsArticle): string {
  const company = article.companyFiscalIdentifier || article.companyKey || "";
  const hex = createHash("sha256")
    .update([company, article.date, article.title, article.sourceUrl].join("\u0000"))
    .digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** When the story was collected; else the start of its day; else (neither is a time) `fallback`. */
const isoTime = (article: TopNewsArticle, fallback: number): string => {
  const time = [Date.parse(article.collectedAt), Date.parse(`${article.date}T00:00:00Z`)].find(
    (ms) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15,
  );
  return new Date(time ?? fallback).toISOString();
};

export interface AtomFeed {
  /** Absolute URL of this feed (the self link and the feed id). */
  selfUrl: string;
  /** Absolute URL of the page the feed mirrors. */
  pageUrl: string;
  origin: string;
  title: string;
  /** The feed's time when it has no entries. */
  now: number;
  articles: readonly TopNewsArticle[];
}

export function atomFeed(feed: AtomFeed): string {
  const times = feed.articles.map((article) => isoTime(article, feed.now));
  // The newest story's time (ISO strings sort as times), or now for an empty feed.
  const updated = times.length > 0 ? [...times].sort().at(-1) : new Date(feed.now).toISOString();
  const entries = feed.articles.map((article, index) => {
    const company = article.displayNameEnglish || article.companyKey || "";
    const title = company ? `${company}: ${article.title}` : article.title;
    const source = safeHttpUrl(article.sourceUrl);
    const profile = article.companyKey ? `${feed.origin}${profileHref(article.companyKey)}` : null;
    const time = times[index];
    return [
      "  <entry>",
      `    <id>${xmlText(entryId(article))}</id>`,
      `    <title>${xmlText(title)}</title>`,
      `    <updated>${time}</updated>`,
      `    <published>${time}</published>`,
      `    <summary>${xmlText(article.summary || article.description || article.title)}</summary>`,
      // Its event type and its importance, each a term with its readable label (RFC 4287, 4.2.2).
      `    <category term="${xmlText(String(article.eventType))}" label="${xmlText(labelOf(EVENT_TYPE_LABELS, String(article.eventType)))}"/>`,
      `    <category term="importance-${article.importance}" label="Importance ${article.importance}: ${xmlText(labelOf(IMPORTANCE_LABELS, String(article.importance)))}"/>`,
      // An entry needs an alternate link or content (RFC 4287, 4.1.1): without an http(s) source,
      // the company's profile (else the page the feed mirrors) is the story's page here.
      source
        ? `    <link rel="alternate" type="text/html" href="${xmlText(source)}"/>`
        : `    <link rel="alternate" type="text/html" href="${xmlText(profile ?? feed.pageUrl)}"/>`,
      source && profile
        ? `    <link rel="related" type="text/html" href="${xmlText(profile)}" title="${xmlText(company)}"/>`
        : "",
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.selfUrl)}</id>`,
    `  <title>${xmlText(feed.title)}</title>`,
    `  <updated>${updated}</updated>`,
    "  <author><name>Fiscal Atlas</name></author>",
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
