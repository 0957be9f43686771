import { distinctKeys } from "@/lib/compare/set";
import { companySetRoute } from "@/lib/server/http/http";
import { compareQuery } from "@/lib/server/http/query-schemas";
import { compareNews } from "@/lib/server/pages/compare";

export const dynamic = "force-dynamic";

/** The last 7 days' top stories across a comparison set: one upstream call per company at most. */
export const GET = companySetRoute(compareQuery, (companies) => compareNews(distinctKeys(companies)));
