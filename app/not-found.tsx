import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Nothing lives at this address. Try the{" "}
        <Link className="text-brand-600 underline dark:text-brand-100" href="/companies">
          company directory
        </Link>
        .
      </p>
    </section>
  );
}
