import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { type ReactNode, Suspense } from "react";
import { FollowNotice } from "@/components/following/follow-notice";
import { AccountBar } from "@/components/layout/account-bar";
import { AllowanceBanner } from "@/components/layout/allowance-banner";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { RouteFocus } from "@/components/layout/route-focus";
import { SiteHeader } from "@/components/layout/site-header";
import { Announcer } from "@/components/ui/announcer";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Fiscal Atlas", template: "%s · Fiscal Atlas" },
  description: "Company reference data and news: every listing, typed peers, and news ranked by importance.",
  // A plain file from public/: Next serves it without a route of its own (app/icon.svg was one,
  // at about twice the server CPU of any other static file).
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which
  // a page prerendered at build time could not.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <Providers>
          <SiteHeader />
          <AccountBar />
          <AllowanceBanner />
          <main id="main" className="mx-auto max-w-screen-2xl px-4 py-8">
            {children}
          </main>
          <FollowNotice />
          <Announcer />
          <Suspense>
            <NavigationProgress />
          </Suspense>
          <RouteFocus />
        </Providers>
      </body>
    </html>
  );
}
