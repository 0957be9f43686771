import Link from "next/link";
import { getServices } from "@/lib/server/services/services";

/**
 * On every page while the day's allowance of data-service calls is spent (the service's daily cap,
 * or this server's UPSTREAM_DAILY_LIMIT): what is shown comes from the cache, each part with its
 * age, and pages not cached wait for 00:00 UTC. A page without this banner is fetching as usual.
 */
export function AllowanceBanner() {
  if (getServices().client.pauseCause() !== "daily_allowance") return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p role="status" className="mx-auto max-w-screen-2xl px-4 py-2 text-sm">
        <span className="font-semibold">Today&apos;s data-service allowance is spent.</span> What you see
        comes from this server&apos;s cache, and each part says how old it is; pages not cached yet can be
        loaded again after the allowance resets at 00:00 UTC.{" "}
        <Link href="/status" className="font-medium underline">
          Details
        </Link>
      </p>
    </div>
  );
}
