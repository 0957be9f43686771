"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { changeFeedLink, useAccount } from "@/lib/client/account";

const BUTTON =
  "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * A signed-in person's secret link to the Atom feed of the companies they follow: feed readers
 * cannot sign in, so the link is the key. A new link ends the old one; so does revoking it.
 */
export function FeedLinkPanel() {
  const account = useAccount();
  if (account.status !== "ready") return null;
  if (!account.feedLinks)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Feed links need SESSION_SECRET, which this server is not given.
      </p>
    );
  return (
    <section aria-labelledby="feed-link-title" className="space-y-2">
      <h2 id="feed-link-title" className="text-base font-semibold">
        Your feed&apos;s secret link
      </h2>
      <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-300">
        Feed readers cannot sign in, so this link lets anyone who has it read the news of the companies you
        follow. Keep it to yourself; a new link, or revoking it, ends the old one at once.
      </p>
      {account.feedLink ? (
        <div className="flex flex-wrap items-center gap-2">
          <code className="max-w-full truncate rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-800">
            {account.feedLink}
          </code>
          <CopyButton value={account.feedLink} label="your feed's secret link" />
          <button type="button" className={BUTTON} onClick={() => void changeFeedLink(true)}>
            New link
          </button>
          <button type="button" className={BUTTON} onClick={() => void changeFeedLink(false)}>
            Revoke
          </button>
        </div>
      ) : (
        <button type="button" className={BUTTON} onClick={() => void changeFeedLink(true)}>
          Make a secret feed link
        </button>
      )}
    </section>
  );
}
