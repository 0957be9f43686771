import type { Metadata } from "next";
import { PagePlaceholder } from "@/components/layout/page-placeholder";

export const metadata: Metadata = { title: "Compare" };

export default function ComparePage() {
  return (
    <PagePlaceholder title="Compare">
      <p>Compare a company with its peers side by side: pick companies from a profile or the directory.</p>
    </PagePlaceholder>
  );
}
