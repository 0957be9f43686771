import { accessMode } from "@/lib/server/access/mode";
import { startSignIn } from "@/lib/server/access/oidc";
import { handler, seeOther } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Sends a person to the OpenID provider (sign-in's first step); without sign-in set up, to /sign-in. */
export const GET = handler(
  async (request) => {
    if (accessMode() !== "oidc") return seeOther("/sign-in");
    const { location, cookie } = await startSignIn(new URL(request.url).searchParams.get("next") ?? "/");
    return seeOther(location, [cookie]);
  },
  { public: true },
);
