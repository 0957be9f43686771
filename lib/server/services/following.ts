import "server-only";
// The rows of the followed companies for /following, in one request: from the directory index
// (no upstream call) and, for a company the index does not hold (its first sync still running, or
// outside the API-enabled set), from the cached profile. Each company fails on its own: an upstream
// error, or a profile that is no directory row (the contract allows one without a primary listing).
import type { DirectoryRow, FollowedRow, FollowedRows } from "@/lib/api-types";
import { type Company, companySchema } from "@/lib/upstream/schemas";
import { setFailureOf } from "./notices";
import { getServices, type Services } from "./services";

const rowOf = (company: Company): DirectoryRow => ({ ...company, match: null });

export async function loadFollowedRows(
  keys: readonly string[],
  services: Services = getServices(),
): Promise<FollowedRows> {
  let warning: string | undefined;
  const companies = await Promise.all(
    keys.map(async (requested): Promise<FollowedRow> => {
      const indexed = services.companies.row(requested);
      if (indexed) return { requested, ok: true, row: rowOf(indexed) };
      try {
        const served = await services.profiles.get(requested);
        warning ??= served.warning;
        // The profile is a company row with more fields: the row's fields only.
        const company = companySchema.safeParse(served.data);
        if (!company.success)
          return {
            requested,
            ok: false,
            reason: "unavailable",
            message: "The data service sent this company in a shape this page cannot show.",
          };
        return { requested, ok: true, row: rowOf(company.data) };
      } catch (error) {
        const { reason, message } = setFailureOf(error, requested);
        return { requested, ok: false, reason, message };
      }
    }),
  );
  return { companies, ...(warning ? { warning } : {}) };
}
