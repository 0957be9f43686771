// The signed-in person's list on the server (app/api/account/following): this browser's list
// (lib/client/following.ts) mirrors it. At the first sign-in, while the account has no list yet,
// the browser's own list is offered for import; after that, the account's list replaces what the
// browser holds when a page opens, and every change here is saved there. A change made before the
// account's list arrived is kept: the two are joined.
import { useSyncExternalStore } from "react";
import { FILE_FORMAT, type FollowedCompany } from "@/lib/following/list";
import { ApiError, getJson, sendJson } from "./api";
import { following } from "./following";

export type AccountState =
  | { status: "signed-out" }
  | { status: "loading" }
  | {
      status: "ready";
      /** The browser's companies offered for import (the account has no list yet); 0 when none. */
      offer: number;
      feedLink: string | null;
      /** Whether this server can make feed links (SESSION_SECRET). */
      feedLinks: boolean;
      /** The last save's failure, in words; null when saved. */
      problem: string | null;
    };

interface AccountAnswer {
  companies: FollowedCompany[] | null;
  feedLink: string | null;
  feedLinks: boolean;
}

let state: AccountState = { status: "signed-out" };
const listeners = new Set<() => void>();
function set(next: AccountState) {
  state = next;
  for (const listener of listeners) listener();
}

export function useAccount(): AccountState {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => state,
    () => ({ status: "signed-out" }) as const,
  );
}

const ROUTE = "/api/account/following";
/** Writes this module makes to the browser's list (the account's, arriving): not saved back. */
let mirroring = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function ready(patch: Partial<Extract<AccountState, { status: "ready" }>>) {
  const base =
    state.status === "ready" ? state : { offer: 0, feedLink: null, feedLinks: false, problem: null };
  set({ status: "ready", ...base, ...patch });
}

const reason = (error: unknown) =>
  error instanceof ApiError ? error.message : "the server could not be reached.";

/** Saves run one after another, so the last change made is the last one saved. */
let saving: Promise<void> = Promise.resolve();
/** Whether the account's list was read: until it is, nothing is saved over it. */
let read = false;

function save(list: readonly FollowedCompany[]): Promise<void> {
  if (!read) return saving;
  const companies = [...list];
  saving = saving.then(async () => {
    try {
      await sendJson(ROUTE, "PUT", { format: FILE_FORMAT, version: 1, companies });
      ready({ problem: null });
    } catch (error) {
      ready({ problem: `Your list could not be saved to your account: ${reason(error)}` });
    }
  });
  return saving;
}

/** Starts mirroring (once per page load): reads the account's list, then saves each change. */
export function startAccountSync(): () => void {
  let changedHere = false;
  const unsubscribe = following.subscribe(() => {
    if (mirroring) return;
    changedHere = true;
    if (state.status !== "ready" || state.offer > 0) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save(following.read()), 300);
  });
  set({ status: "loading" });
  void getJson<AccountAnswer>(ROUTE).then(
    (answer) => {
      read = true;
      const local = following.read();
      const base = { feedLink: answer.feedLink, feedLinks: answer.feedLinks, problem: null };
      if (answer.companies === null) {
        ready({ ...base, offer: local.length });
        return;
      }
      if (changedHere) {
        const keys = new Set(local.map((c) => c.companyKey));
        const joined = [...local, ...answer.companies.filter((c) => !keys.has(c.companyKey))];
        following.write(joined);
        ready({ ...base, offer: 0 });
        void save(following.read());
        return;
      }
      mirroring = true;
      following.write(answer.companies);
      mirroring = false;
      ready({ ...base, offer: 0 });
    },
    (error) => {
      // Nothing is saved over a list that could not be read; the next page tries again.
      ready({
        problem: `Your account's list could not be read, so changes here are kept in this browser only for now: ${reason(error)}`,
      });
    },
  );
  return () => {
    unsubscribe();
    clearTimeout(saveTimer);
  };
}

/** The answer to the first sign-in's offer: keep this browser's list in the account, or start it empty. */
export async function answerImportOffer(keep: boolean): Promise<void> {
  if (!keep) forgetBrowserList();
  ready({ offer: 0 });
  await save(following.read());
}

/** A new secret link to the person's feed (the old one stops working), or none (revoked). */
export async function changeFeedLink(make: boolean): Promise<void> {
  try {
    const answer = await sendJson<{ feedLink: string | null }>(
      "/api/account/feed-link",
      make ? "POST" : "DELETE",
    );
    ready({ feedLink: answer.feedLink, problem: null });
  } catch (error) {
    ready({ problem: `The feed link could not be changed: ${reason(error)}` });
  }
}

/** Empties this browser's copy of the account's list (after sign-out). */
export function forgetBrowserList(): void {
  mirroring = true;
  following.write([]);
  mirroring = false;
}
