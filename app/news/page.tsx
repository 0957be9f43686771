import type { Metadata } from "next";
import { PagePlaceholder } from "@/components/layout/page-placeholder";

export const metadata: Metadata = { title: "Top news" };

export default function NewsPage() {
  return (
    <PagePlaceholder title="Top news">
      <p>The market&apos;s news ranked by importance, with every filter the API offers.</p>
    </PagePlaceholder>
  );
}
