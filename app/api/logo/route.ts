import { createHash } from "node:crypto";
import { handler, parseQuery } from "@/lib/server/http";
import { logoQuery } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/** A company logo as PNG, cached long by the browser and revalidated by ETag. */
export const GET = handler(async (request) => {
  const { companyKey, variant } = parseQuery(request, logoQuery);
  const { data } = await getServices().logo(companyKey, variant);
  const etag = `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "content-type": "image/png",
    "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
    etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(data as Uint8Array<ArrayBuffer>, { status: 200, headers });
});
