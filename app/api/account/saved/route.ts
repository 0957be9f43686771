import { mergeSaved, parseSavedFile, savedBaseOf } from "@/lib/saved/views";
import { getPeople, personId } from "@/lib/server/access/people";
import { accountBody, errorBody, handler, jsonResponse } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/**
 * The signed-in person's saved views (directory screens, news views, comparisons) and named
 * lists, kept on the server beside their following list: `views` is null until first saved. PUT
 * replaces them with entries in the export file's format, or, given `base` (the entries the browser
 * last knew here), merges what the browser changed since into what is kept (another device's
 * changes stay); it answers what is kept.
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
  const id = personId(viewer.person.email);
  // With the views it last knew here, a browser's change is merged with another device's since.
  const base = savedBaseOf(body);
  const views = base
    ? mergeSaved((await getPeople().read(id, "saved")) ?? [], parsed.views, base)
    : parsed.views;
  await getPeople().write(id, "saved", views);
  return jsonResponse({ views });
});

function signInToKeep(): Response {
  return errorBody(401, [
    { message: "Sign in to keep your saved views and lists on the server.", code: "sign_in_required" },
  ]);
}
