"use client";

import { useEffect } from "react";
import { answerImportOffer, forgetBrowserList, startAccountSync, useAccount } from "@/lib/client/account";
import { forgetSavedViews, startSavedSync } from "@/lib/client/saved";

const BUTTON =
  "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * For a signed-in person: keeps this browser's following list and their account's together
 * (lib/client/account.ts), and at their first sign-in offers this browser's list to their account.
 */
export function AccountSync({ email }: { email: string }) {
  useEffect(() => startAccountSync(), []);
  useEffect(() => startSavedSync(email), [email]);
  const account = useAccount();
  if (account.status !== "ready" || account.offer === 0) return null;
  const n = account.offer;
  return (
    <section
      aria-label="Your following list"
      className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-3 px-4 py-2 text-sm"
    >
      <p>
        This browser follows {n} {n === 1 ? "company" : "companies"}. Keep {n === 1 ? "it" : "them"} in your
        account, so that your list follows you to any browser you sign in on?
      </p>
      <button type="button" className={BUTTON} onClick={() => void answerImportOffer(true)}>
        Keep {n === 1 ? "it" : "them"} in my account
      </button>
      <button type="button" className={BUTTON} onClick={() => void answerImportOffer(false)}>
        Start my account&apos;s list empty
      </button>
    </section>
  );
}

/** After sign-out: the account's list and saved views leave this browser, so the next person here is not offered them. */
export function ForgetBrowserList() {
  useEffect(() => {
    forgetBrowserList();
    forgetSavedViews();
  }, []);
  return null;
}
