import { accessMode } from "@/lib/server/access/mode";
import { startSignIn } from "@/lib/server/access/oidc";
import { handler, seeOther } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

/** Sends a person to the OpenID provider (sign-in's first step); without sign-in set up, to /sign-in. */
export const GET = handler(
  async (request) => {
    if (accessMode() !== "oidc") return seeOther("/sign-in");
    try {
      const { location, cookie } = await startSignIn(new URL(request.url).searchParams.get("next") ?? "/");
      return seeOther(location, [cookie]);
    } catch (error) {
      // The provider cannot be reached (its discovery failed): say so on the sign-in page.
      console.warn(
        `sign-in: the provider cannot be reached (${error instanceof Error ? error.message.slice(0, 200) : "unknown"})`,
      );
      return seeOther("/sign-in?error=unavailable");
    }
  },
  { public: true },
);
