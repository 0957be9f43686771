/**
 * The two company lists of the contract, in the words every page uses: the API-enabled set (the
 * list's default, about 12,000 companies with data from the API) and the whole universe (about
 * 55,000, where a plan includes it).
 */
export type CompanySetName = "default" | "all";

/** A company of the whole universe outside the API-enabled set: reference data, no datasets. */
export const NOT_API_ENABLED = "not API-enabled";

export const SET_LABELS: Record<CompanySetName, string> = {
  default: "API-enabled",
  all: "Full universe",
};

/** What each set is, in a line. */
export const SET_DESCRIPTIONS: Record<CompanySetName, string> = {
  default: "Companies with data from the API: profiles, peers, news and datasets.",
  all: "Every company the API lists, those with reference data only included.",
};
