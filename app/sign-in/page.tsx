import type { Metadata } from "next";
import Link from "next/link";
import { ForgetBrowserList } from "@/components/following/account-sync";
import { SignOutButton } from "@/components/layout/account-bar";
import { accessMode } from "@/lib/server/access/mode";
import { safeNext } from "@/lib/server/access/oidc";
import { pageViewer } from "@/lib/server/access/page-viewer";
import { getConfig } from "@/lib/server/config";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

const button =
  "inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Sign-in, and what anyone not let in sees instead of the page they asked for (proxy.ts rewrites
 * to it with 401): how to get in, in the way this server is set up.
 */
export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(one(params.next));
  const error = one(params.error);
  const viewer = await pageViewer();
  const mode = accessMode();
  const issuer = getConfig().access.oidc?.issuer;
  return (
    <section className="max-w-xl space-y-4" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="text-2xl font-semibold">
        {viewer.person ? "Signed in" : "Sign in"}
      </h1>
      {one(params["signed-out"]) && !viewer.person && (
        <p role="status" className="text-slate-700 dark:text-slate-200">
          You are signed out.
        </p>
      )}
      {error === "refused" && (
        <p
          role="alert"
          className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-950 dark:border-rose-900 dark:bg-rose-950 dark:text-rose-100"
        >
          The account you signed in with is not one this dashboard lets in. Ask whoever runs it to add your
          address, your domain or your group, or sign in with another account.
        </p>
      )}
      {error === "failed" && (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          The sign-in did not complete: it took longer than ten minutes, was started in another browser, or
          the provider&apos;s answer could not be checked. Try again.
        </p>
      )}
      {error === "unavailable" && (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Your team&apos;s sign-in provider cannot be reached just now. Try again in a minute.
        </p>
      )}
      {one(params["signed-out"]) && !viewer.person && <ForgetBrowserList />}
      {viewer.person ? (
        <>
          <p className="text-slate-700 dark:text-slate-200">
            You are signed in as <span className="font-medium">{viewer.person.email}</span>.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href={next} className={button}>
              Go on
            </Link>
            {viewer.person.via === "session" && <SignOutButton />}
          </div>
        </>
      ) : mode === "oidc" ? (
        <>
          <p className="text-slate-700 dark:text-slate-200">
            This dashboard serves its team on a licensed data key. Sign in with your team&apos;s account to
            use it; ISIN and CUSIP are shown only to people signed in.
          </p>
          <a href={`/auth/sign-in?next=${encodeURIComponent(next)}`} className={button}>
            Sign in with {issuer ? new URL(issuer).host : "your provider"}
          </a>
        </>
      ) : mode === "proxy" ? (
        <p className="text-slate-700 dark:text-slate-200">
          This dashboard serves its team through its sign-in gateway, and this request did not come through
          it. Open the dashboard at the address your team uses.
        </p>
      ) : (
        <p className="text-slate-700 dark:text-slate-200">
          This dashboard runs on a licensed data key and serves only the machine it runs on. Whoever runs it
          can set up sign-in for the team (OpenID Connect, or an auth proxy), or open it to everyone.
        </p>
      )}
    </section>
  );
}
