"use client";

import { useEffect } from "react";
import { type CompanyCard, rememberVisit } from "@/lib/client/recent-companies";

/** Adds the profile on screen to the recently viewed companies (the header search's empty list). */
export function RememberVisit({ card }: { card: CompanyCard }) {
  const { companyKey, displayNameEnglish, marketCapUsd } = card;
  const { ticker, exchangeCode } = card.primaryListing;
  const datasets = card.availableDatasets.join(",");
  useEffect(() => {
    rememberVisit({
      companyKey,
      displayNameEnglish,
      primaryListing: { ticker, exchangeCode },
      availableDatasets: datasets ? datasets.split(",") : [],
      marketCapUsd,
    });
  }, [companyKey, displayNameEnglish, ticker, exchangeCode, datasets, marketCapUsd]);
  return null;
}
