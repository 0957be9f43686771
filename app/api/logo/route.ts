import { createHash } from "node:crypto";
import { openToEveryone } from "@/lib/server/access/mode";
import { errorBody, handler, parseQuery } from "@/lib/server/http/http";
import { logoQuery } from "@/lib/server/http/query-schemas";
import { getServices } from "@/lib/server/services/services";
import { imageType } from "@/lib/upstream/image";

export const dynamic = "force-dynamic";

/**
 * How long a request waits for the data service to send a logo no cache holds. A browser holds at most six
 * connections to a host (HTTP/1.1): a screen of rows whose logos wait on a slow data service would
 * otherwise hold all six, and the search typed meanwhile would queue behind them for seconds.
 */
const LOGO_WAIT_MS = 750;
/** When the browser may ask again for a logo still on its way (CompanyLogo asks again while it is 503). */
const LOGO_RETRY_S = 3;

/**
 * A company logo in the format the data service sent (PNG, JPEG, WebP, GIF or SVG, told by its
 * bytes), cached long by the browser and revalidated by ETag. An SVG runs no script, whether shown
 * in a page (an <img> never does) or opened at this URL (next.config.ts gives it LOGO_CSP).
 */
export const GET = handler(async (request) => {
  const { companyKey, variant } = parseQuery(request, logoQuery);
  const served = await getServices().logos.get(companyKey, variant, LOGO_WAIT_MS);
  if (served === null) {
    // The call goes on and fills the cache; meanwhile the page shows the company's initials and
    // asks again a moment later.
    return errorBody(
      503,
      [{ message: "The logo is still on its way from the data service.", code: "logo_pending" }],
      {
        "retry-after": String(LOGO_RETRY_S),
      },
    );
  }
  const { data } = served;
  const etag = `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;
  const type = imageType(data) ?? "application/octet-stream";
  const headers = {
    "content-type": type,
    // A shared cache may keep it only while everyone may see it.
    "cache-control": `${openToEveryone() ? "public" : "private"}, max-age=86400, stale-while-revalidate=604800`,
    etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(data as Uint8Array<ArrayBuffer>, { status: 200, headers });
});
