import { signOutCookie } from "@/lib/server/access/oidc";
import { getConfig } from "@/lib/server/config";
import { errorBody, handler, seeOther } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Ends the session (a form's POST; the cookie is SameSite=Lax, and another site's form is refused). */
export const POST = handler(
  async (request) => {
    const origin = request.headers.get("origin");
    const publicUrl = getConfig().access.publicUrl;
    if (origin && publicUrl && origin !== new URL(publicUrl).origin)
      return errorBody(403, [{ message: "Sign out from this dashboard's own page.", code: "cross_site" }]);
    return seeOther("/sign-in?signed-out=1", [signOutCookie()]);
  },
  { public: true },
);
