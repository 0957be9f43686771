import "server-only";
// A person's secret links to the Atom feed of the companies they follow, and of each of their
// named lists: feed readers cannot sign in, so the link itself is the key. It carries the person's id and the link's id, signed with
// SESSION_SECRET; it opens the feed while that id is the one kept for them (making a new link, or
// revoking it, ends the old one at once) and while the settings still let their account in.
import { randomBytes } from "node:crypto";
import { isList } from "@/lib/saved/views";
import { getConfig, publicOrigin } from "../config";
import { getPeople, personId } from "./people";
import { sign, verify } from "./session";
import { accountAllowed, type Person } from "./viewer";

/** A link lives until it is revoked; the signature's own expiry is only a backstop. */
const LINK_LIFETIME_MS = 10 * 365 * 24 * 3600 * 1000;

/** Whether links can be made here: they are signed with SESSION_SECRET. */
export function feedLinksAvailable(): boolean {
  return Boolean(getConfig().access.sessionSecret);
}

/**
 * The address of a person's link (null when they have none), with the feed's filters `query`: to
 * the companies they follow, or with `listId` to that one named list (its own token: it opens
 * nothing else of theirs, and lives through the list's renames).
 */
export async function feedLinkUrl(person: Person, query: string, listId?: string): Promise<string | null> {
  const secret = getConfig().access.sessionSecret;
  const id = personId(person.email);
  const link = secret ? await getPeople().read(id, "feed-link") : null;
  if (!secret || !link) return null;
  const value = { p: id, l: link.id, ...(listId === undefined ? {} : { i: listId }) };
  const token = sign(secret, "feed", value, Date.now() + LINK_LIFETIME_MS);
  return `${publicOrigin()}/news/feed.xml?${query ? `${query}&` : ""}following=${token}`;
}

/** Gives a person a new link (the old one ends), or none. */
export async function changeFeedLink(person: Person, make: boolean): Promise<void> {
  const link = make
    ? { id: randomBytes(12).toString("base64url"), email: person.email, groups: person.groups ?? [] }
    : null;
  await getPeople().write(personId(person.email), "feed-link", link);
}

/**
 * What a link opens, while it is the person's and they may still sign in: the companies they
 * follow (`list` null), or those of the named list it was made for, with that list's name now;
 * null otherwise (a list deleted since included).
 */
export async function feedLinkCompanies(
  token: string,
): Promise<{ companies: string[]; list: string | null } | null> {
  const { sessionSecret: secret, oidc } = getConfig().access;
  if (!secret) return null;
  const signed = verify<{ p: string; l: string; i?: string }>(secret, "feed", token);
  if (!signed || typeof signed.p !== "string" || typeof signed.l !== "string") return null;
  const people = getPeople();
  const link = await people.read(signed.p, "feed-link");
  if (!link || link.id !== signed.l) return null;
  if (oidc && !accountAllowed(oidc, link.email, link.groups)) return null;
  if (signed.i !== undefined) {
    const list = ((await people.read(signed.p, "saved")) ?? []).find((v) => isList(v) && v.id === signed.i);
    return list && isList(list) ? { companies: list.companies, list: list.name } : null;
  }
  const followed = (await people.read(signed.p, "following")) ?? [];
  return { companies: followed.map((c) => c.companyKey), list: null };
}
