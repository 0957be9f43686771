import Link from "next/link";
import { AccountSync } from "@/components/following/account-sync";
import { accessMode } from "@/lib/server/access/mode";
import { pageViewer } from "@/lib/server/access/page-viewer";

/** Ends the session: a form, so it works without JavaScript. */
export function SignOutButton({ compact = false }: { compact?: boolean }) {
  return (
    <form method="post" action="/auth/sign-out">
      <button
        type="submit"
        className={
          compact
            ? "font-medium text-sky-700 underline hover:no-underline dark:text-sky-300"
            : "inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
        }
      >
        Sign out
      </button>
    </form>
  );
}

/**
 * Under the header while people sign in to this dashboard: who is signed in, with sign-out, or a
 * way to sign in for a visitor let in without (from this machine, or with ALLOW_ANONYMOUS).
 */
export async function AccountBar() {
  if (accessMode() === "none") return null;
  const { person } = await pageViewer();
  return (
    <section
      aria-label="Your account"
      className="border-b border-slate-200 text-sm dark:border-slate-800 print:hidden"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center justify-end gap-x-3 px-4 py-1 text-slate-600 dark:text-slate-300">
        {person ? (
          <>
            <span>
              Signed in as{" "}
              <span className="font-medium text-slate-900 dark:text-slate-100">{person.email}</span>
            </span>
            {person.via === "session" && <SignOutButton compact />}
          </>
        ) : (
          accessMode() === "oidc" && (
            <Link
              href="/sign-in"
              className="font-medium text-sky-700 underline hover:no-underline dark:text-sky-300"
            >
              Sign in
            </Link>
          )
        )}
      </div>
      {person && <AccountSync email={person.email} />}
    </section>
  );
}
