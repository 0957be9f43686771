import { distinctKeys } from "@/lib/compare/set";
import { compareNews } from "@/lib/server/compare";
import { companySetRoute } from "@/lib/server/http";
import { compareQuery } from "@/lib/server/query-schemas";

export const dynamic = "force-dynamic";

/** The last 7 days' top stories across a comparison set: one upstream call per company at most. */
export const GET = companySetRoute(compareQuery, (companies) => compareNews(distinctKeys(companies)));
