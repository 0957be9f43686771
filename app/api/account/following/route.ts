import { parseFollowingFile } from "@/lib/following/list";
import { followedFeedFilters } from "@/lib/news/search-params";
import { feedLinksAvailable, feedLinkUrl } from "@/lib/server/access/feed-link";
import { getPeople, personId } from "@/lib/server/access/people";
import { accountBody, errorBody, handler, jsonResponse } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/**
 * The signed-in person's following list, kept on the server (lib/server/access/people.ts):
 * `companies` is null until it is first saved. GET reads it with the feed's secret link; PUT
 * replaces it with a list in the export file's format.
 */
export const GET = handler(async (_request, viewer) => {
  if (!viewer.person) return signInToKeep();
  return jsonResponse({
    companies: await getPeople().read(personId(viewer.person.email), "following"),
    feedLink: await feedLinkUrl(viewer.person, followedFeedFilters()),
    feedLinks: feedLinksAvailable(),
  });
});

export const PUT = handler(async (request, viewer) => {
  if (!viewer.person) return signInToKeep();
  const body = await accountBody(request);
  if (typeof body !== "string") return body;
  const parsed = parseFollowingFile(body, new Date());
  if (!parsed.ok) return errorBody(400, [{ message: parsed.message, code: "invalid_list" }]);
  await getPeople().write(personId(viewer.person.email), "following", parsed.companies);
  return jsonResponse({ companies: parsed.companies, skipped: parsed.skipped });
});

function signInToKeep(): Response {
  return errorBody(401, [{ message: "Sign in to keep your list on the server.", code: "sign_in_required" }]);
}
