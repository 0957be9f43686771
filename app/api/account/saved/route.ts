import { parseSavedFile } from "@/lib/saved/views";
import { getPeople, personId } from "@/lib/server/access/people";
import { accountBody, errorBody, handler, jsonResponse } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/**
 * The signed-in person's saved views (directory screens, news views, comparisons), kept on the
 * server beside their following list: `views` is null until first saved. PUT replaces them with
 * views in the export file's format.
 */
export const GET = handler(async (_request, viewer) => {
  if (!viewer.person) return signInToKeep();
  return jsonResponse({ views: await getPeople().read(personId(viewer.person.email), "saved") });
});

export const PUT = handler(async (request, viewer) => {
  if (!viewer.person) return signInToKeep();
  const body = await accountBody(request);
  if (typeof body !== "string") return body;
  const parsed = parseSavedFile(body);
  if (!parsed.ok) return errorBody(400, [{ message: parsed.message, code: "invalid_views" }]);
  await getPeople().write(personId(viewer.person.email), "saved", parsed.views);
  return jsonResponse({ views: parsed.views });
});

function signInToKeep(): Response {
  return errorBody(401, [
    { message: "Sign in to keep your saved views on the server.", code: "sign_in_required" },
  ]);
}
