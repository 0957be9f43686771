import { followedFeedFilters } from "@/lib/news/search-params";
import { isListId } from "@/lib/saved/views";
import { changeFeedLink, feedLinksAvailable, feedLinkUrl } from "@/lib/server/access/feed-link";
import type { Viewer } from "@/lib/server/access/viewer";
import { accountWrite, errorBody, handler, jsonResponse } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/**
 * GET `?list=ID`: the secret link to the feed of one of the person's named lists (null while they
 * have no link). POST: a new secret link to the person's feed (any earlier one, and every list's,
 * stops working); DELETE: none.
 */
export const GET = handler(async (request, viewer) => {
  if (!viewer.person)
    return errorBody(401, [{ message: "Sign in to have a feed link.", code: "sign_in_required" }]);
  const list = new URL(request.url).searchParams.get("list");
  if (!isListId(list))
    return errorBody(400, [{ message: "list must be the id of one of your lists.", parameter: "list" }]);
  return jsonResponse({ feedLink: await feedLinkUrl(viewer.person, followedFeedFilters(), list) });
});

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
