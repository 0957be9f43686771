import "server-only";
// A person's secret link to the Atom feed of the companies they follow: feed readers cannot sign
// in, so the link itself is the key. It carries the person's id and the link's id, signed with
// SESSION_SECRET; it opens the feed while that id is the one their record keeps, so making a new
// link, or revoking it, ends the old one at once.
import { randomBytes } from "node:crypto";
import { getConfig, publicOrigin } from "../config";
import { getPeople, type PersonRecord } from "./people";
import { sign, verify } from "./session";

/** A link lives until it is revoked; the signature's own expiry is only a backstop. */
const LINK_LIFETIME_MS = 10 * 365 * 24 * 3600 * 1000;

/** Whether links can be made here: they are signed with SESSION_SECRET. */
export function feedLinksAvailable(): boolean {
  return Boolean(getConfig().access.sessionSecret);
}

/** A fresh id for a person's link. */
export function newFeedLinkId(): string {
  return randomBytes(12).toString("base64url");
}

/** The link's address for a person's record, with the feed's filters `query` (null when they have none). */
export function feedLinkUrl(personId: string, record: PersonRecord, query: string): string | null {
  const secret = getConfig().access.sessionSecret;
  if (!secret || !record.feedLinkId) return null;
  const token = sign(secret, "feed", { p: personId, l: record.feedLinkId }, Date.now() + LINK_LIFETIME_MS);
  return `${publicOrigin()}/news/feed.xml?${query ? `${query}&` : ""}following=${token}`;
}

/** The record of the person a link belongs to, while the link is theirs; null for any other text. */
export async function feedLinkOwner(token: string): Promise<PersonRecord | null> {
  const secret = getConfig().access.sessionSecret;
  if (!secret) return null;
  const link = verify<{ p: string; l: string }>(secret, "feed", token);
  if (!link || typeof link.p !== "string" || typeof link.l !== "string") return null;
  const record = await getPeople().read(link.p);
  return record.feedLinkId === link.l ? record : null;
}
