// A real OpenID provider for the sign-in tests: the `oidc-provider` package (a certified
// implementation) on a free port of this machine, with its development sign-in form (any login
// name, any password), one confidential client and accounts whose e-mail is their login name.
import type { Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./redis-server";

export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** Starts a provider that returns people to `redirectUri`. */
export async function startOidcProvider(redirectUri: string): Promise<RunningProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "fiscal-atlas";
  const clientSecret = "a-test-client-secret-of-some-length";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id, email_verified: true, name: id.split("@")[0] };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["a-test-cookie-key-of-some-length"] },
  });
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
