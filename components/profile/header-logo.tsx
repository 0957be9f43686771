"use client";

import { CompanyLogo, DARK_SCHEME, useImageFailed } from "@/components/ui/company-logo";
import { logoSrc } from "@/lib/hrefs";

/**
 * The wide logomark: the `logo` variant on light surfaces, `logo-dark` on dark ones (chosen by
 * the browser from the colour scheme); the initials tile when there is no logo or it fails.
 */
export function HeaderLogo({
  companyKey,
  name,
  hasLogo,
}: {
  companyKey: string;
  name: string;
  hasLogo: boolean;
}) {
  const { failed, ref, onError } = useImageFailed(
    logoSrc(companyKey, "logo"),
    logoSrc(companyKey, "logo-dark"),
  );
  if (!hasLogo || failed)
    return <CompanyLogo companyKey={companyKey} name={name} hasLogo={false} size={56} />;
  return (
    <picture className="shrink-0">
      <source srcSet={logoSrc(companyKey, "logo-dark")} media={DARK_SCHEME} />
      <img
        src={logoSrc(companyKey, "logo")}
        alt=""
        width={210}
        height={56}
        decoding="async"
        ref={ref}
        onError={onError}
        className="h-14 w-auto max-w-[210px] object-contain object-left"
      />
    </picture>
  );
}
