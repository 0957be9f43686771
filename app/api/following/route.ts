import { companySetRoute } from "@/lib/server/http/http";
import { followingQuery } from "@/lib/server/http/query-schemas";
import { loadFollowedRows } from "@/lib/server/services/following";

export const dynamic = "force-dynamic";

/** The directory rows of up to 50 followed companies in one request; one failing company does not fail the others. */
export const GET = companySetRoute(followingQuery, (companies) => loadFollowedRows(companies));
