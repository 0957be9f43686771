import type { NextConfig } from "next";
import { API_CSP, HSTS_HEADER, LOGO_CSP, SECURITY_HEADERS } from "./lib/security/headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A second build beside the main one (the key-secrecy check builds into its own directory).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // That second build skips Next's type check: `npm test` runs `tsc --noEmit` before building.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
      { source: "/sandbox/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
      // After the two above: the last rule to set a header wins.
      { source: "/api/logo", headers: [{ key: "Content-Security-Policy", value: LOGO_CSP }] },
      { source: "/sandbox/v2/company/logo", headers: [{ key: "Content-Security-Policy", value: LOGO_CSP }] },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [HSTS_HEADER],
      },
    ];
  },
};

export default nextConfig;
