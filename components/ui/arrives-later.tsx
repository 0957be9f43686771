"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect } from "react";
import { SlowUpstreamNotice } from "./slow-upstream";

/** When a page last asked the server again for its late parts: one refresh serves them all. */
let refreshedAt = 0;
const REFRESH_AFTER_MS = 1_000;

/**
 * A part of a streamed page whose data did not come before its document had to end
 * (lib/server/pages/document-deadline.ts): says so where the data goes, and asks the server for the
 * page again, which renders the part as soon as the data has come (a refresh that finds it still
 * on its way streams it in when it comes, or ends late again and asks again). Without JavaScript
 * the notice says to reload.
 */
export function ArrivesLater({ what, renderedAt }: { what: string; renderedAt: number }) {
  const router = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each late render asks once
  useEffect(() => {
    const timer = setTimeout(() => {
      if (Date.now() - refreshedAt < REFRESH_AFTER_MS) return;
      refreshedAt = Date.now();
      startTransition(() => router.refresh());
    }, REFRESH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [router, renderedAt]);
  return <SlowUpstreamNotice what={what} />;
}
