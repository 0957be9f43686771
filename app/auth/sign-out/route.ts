import { signOutCookie } from "@/lib/server/access/oidc";
import { accountWrite, handler, seeOther } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/** Ends the session (a form's POST; the cookie is SameSite=Lax, and another site's form is refused). */
export const POST = handler(
  (request) => accountWrite(request) ?? seeOther("/sign-in?signed-out=1", [signOutCookie()]),
  {
    public: true,
  },
);
