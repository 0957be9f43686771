import { companySetRoute } from "@/lib/server/http/http";
import { followingQuery } from "@/lib/server/http/query-schemas";
import { compareNews } from "@/lib/server/pages/compare";

export const dynamic = "force-dynamic";

/** The followed companies' stories of the last 7 days, most material first: one cached top-news call per company. */
export const GET = companySetRoute(followingQuery, (companies) => compareNews(companies));
