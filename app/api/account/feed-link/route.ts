import { followedFeedFilters } from "@/lib/news/search-params";
import { changeFeedLink, feedLinksAvailable, feedLinkUrl } from "@/lib/server/access/feed-link";
import type { Viewer } from "@/lib/server/access/viewer";
import { accountWrite, errorBody, handler, jsonResponse } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/** POST: a new secret link to the person's feed (any earlier one stops working); DELETE: none. */
export const POST = handler((request, viewer) => change(request, viewer, true));
export const DELETE = handler((request, viewer) => change(request, viewer, false));

async function change(request: Request, viewer: Viewer, make: boolean): Promise<Response> {
  if (!viewer.person)
    return errorBody(401, [{ message: "Sign in to have a feed link.", code: "sign_in_required" }]);
  if (!feedLinksAvailable())
    return errorBody(409, [
      { message: "Feed links need SESSION_SECRET, which this server is not given.", code: "unavailable" },
    ]);
  const refused = accountWrite(request);
  if (refused) return refused;
  await changeFeedLink(viewer.person, make);
  return jsonResponse({ feedLink: await feedLinkUrl(viewer.person, followedFeedFilters()) });
}
