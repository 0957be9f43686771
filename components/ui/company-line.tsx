import type { ReactNode } from "react";
import { CompanyLogo } from "@/components/ui/company-logo";
import { DataLink } from "@/components/ui/data-link";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { CompanyCard } from "@/lib/client/recent-companies";
import { profileHref } from "@/lib/hrefs";

const TONES = {
  /** A link among text: the brand colour, underlined on hover. */
  brand: "text-brand-700 underline-offset-2 hover:underline dark:text-sky-300",
  /** A name that heads its own line or column: text colour until hovered. */
  plain: "text-slate-900 hover:text-brand-600 hover:underline dark:text-slate-100 dark:hover:text-sky-300",
};

/** A link to a company's profile, its name rendered as upstream text; `className` adds weight and layout. */
export function ProfileLink({
  companyKey,
  name,
  tone = "plain",
  className = "",
}: {
  companyKey: string;
  name: string;
  tone?: keyof typeof TONES;
  className?: string;
}) {
  return (
    <DataLink href={profileHref(companyKey)} className={`${TONES[tone]} ${className}`}>
      <UpstreamText>{name}</UpstreamText>
    </DataLink>
  );
}

/**
 * A company as its logo, then its name over "ticker · exchange", for a flex row. With `link` the
 * name links to the profile (not in a listbox option, which is chosen rather than followed); `children`
 * follow the exchange.
 */
export function CompanyLine({
  company,
  logoSize,
  link = false,
  children,
}: {
  company: CompanyCard;
  logoSize: number;
  link?: boolean;
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
        {link ? (
          <ProfileLink companyKey={company.companyKey} name={name} className="block truncate font-medium" />
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
