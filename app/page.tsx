import Link from "next/link";
import { PagePlaceholder } from "@/components/layout/page-placeholder";

export default function OverviewPage() {
  return (
    <PagePlaceholder title="Overview">
      <p>
        Company reference data and news for about 12,000 API-enabled companies (55,000 in the full universe):
        every listing with its MICs and currencies, typed peers with the reason each is a peer, and news
        ranked by importance across the market.
      </p>
      <p>
        The top stories of the day and recently updated companies will appear here. Meanwhile, browse the{" "}
        <Link className="text-brand-600 underline dark:text-brand-100" href="/companies">
          company directory
        </Link>{" "}
        or the{" "}
        <Link className="text-brand-600 underline dark:text-brand-100" href="/news">
          top-news feed
        </Link>
        .
      </p>
    </PagePlaceholder>
  );
}
