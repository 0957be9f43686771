import { accessMode } from "@/lib/server/access/mode";
import { finishSignIn } from "@/lib/server/access/oidc";
import { handler, seeOther } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/** Where the OpenID provider returns a person: the session begins, or /sign-in says why not. */
export const GET = handler(
  async (request) => {
    if (accessMode() !== "oidc") return seeOther("/sign-in");
    const outcome = await finishSignIn(request);
    if (outcome.kind === "signed-in") return seeOther(outcome.next, outcome.cookies);
    return seeOther(`/sign-in?error=${outcome.kind}`, outcome.cookies);
  },
  { public: true },
);
