import type { Metadata } from "next";
import { FollowingView } from "@/components/following/following-view";
import { dataNow } from "@/lib/server/services/clock";

export const metadata: Metadata = { title: "Following", robots: { index: false } };

/** The followed companies: kept in the browser, so the page is drawn there; the server sends the frame. */
export default function FollowingPage() {
  return (
    <>
      <noscript>
        <div className="space-y-3">
          <h1 className="text-2xl font-semibold tracking-tight">Following</h1>
          <p className="max-w-2xl text-slate-700 dark:text-slate-300">
            The companies you follow and your named lists are kept in this browser, and this page needs
            JavaScript to read them. Without it, find companies in the <a href="/companies">directory</a> and
            the market&apos;s news on <a href="/news">Top news</a>.
          </p>
        </div>
      </noscript>
      <div data-needs-js="">
        <FollowingView now={dataNow()} />
      </div>
    </>
  );
}
