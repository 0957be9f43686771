import type { Metadata } from "next";
import { PagePlaceholder } from "@/components/layout/page-placeholder";

export const metadata: Metadata = { title: "Companies" };

export default function CompaniesPage() {
  return (
    <PagePlaceholder title="Companies">
      <p>
        The searchable company directory: search by name, ticker or any identifier, filter by sector, region,
        exchange and more.
      </p>
    </PagePlaceholder>
  );
}
