import type { Metadata } from "next";
import { PagePlaceholder } from "@/components/layout/page-placeholder";

export const metadata: Metadata = { title: "Company profile" };

export default async function CompanyPage({ params }: { params: Promise<{ companyKey: string }> }) {
  const { companyKey } = await params;
  return (
    <PagePlaceholder title={`Company ${companyKey}`}>
      <p>The company profile: identity, every listing, identifiers, peers, datasets and news.</p>
    </PagePlaceholder>
  );
}
