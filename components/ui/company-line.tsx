import Link from "next/link";
import type { ReactNode } from "react";
import { CompanyLogo } from "@/components/ui/company-logo";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { CompanyCard } from "@/lib/client/recent-companies";

/**
 * A company as its logo, then its name over "ticker · exchange", for a flex row. With `href` the
 * name is a link (not in a listbox option, which is chosen rather than followed); `children`
 * follow the exchange.
 */
export function CompanyLine({
  company,
  logoSize,
  href,
  children,
}: {
  company: CompanyCard;
  logoSize: number;
  href?: string;
  children?: ReactNode;
}) {
  const name = company.displayNameEnglish || company.companyKey;
  return (
    <>
      <CompanyLogo
        companyKey={company.companyKey}
        name={name}
        hasLogo={company.availableDatasets.includes("logos")}
        size={logoSize}
      />
      <span className="min-w-0 flex-1 text-sm leading-tight">
        {href ? (
          <Link
            href={href}
            className="block truncate font-medium hover:text-brand-600 hover:underline dark:hover:text-sky-300"
          >
            <UpstreamText>{name}</UpstreamText>
          </Link>
        ) : (
          <span className="block truncate">
            <UpstreamText>{name}</UpstreamText>
          </span>
        )}
        <span className="text-xs text-slate-600 dark:text-slate-400">
          <UpstreamText className="font-mono">{company.primaryListing.ticker}</UpstreamText> ·{" "}
          <UpstreamText>{company.primaryListing.exchangeCode}</UpstreamText>
          {children}
        </span>
      </span>
    </>
  );
}
