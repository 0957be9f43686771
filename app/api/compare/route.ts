import { companySetRoute } from "@/lib/server/http/http";
import { compareQuery } from "@/lib/server/http/query-schemas";
import { loadComparison } from "@/lib/server/pages/compare";

export const dynamic = "force-dynamic";

/** The comparison of 1 to 12 companies, as the /compare page shows it; one failing company does not fail the others. */
export const GET = companySetRoute(compareQuery, loadComparison);
