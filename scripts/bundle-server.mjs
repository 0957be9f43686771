#!/usr/bin/env node
// Bundles server.ts (the app's HTTP server) into one plain JavaScript file with esbuild, the
// packages left to Node to load: `node scripts/bundle-server.mjs` (run by `npm run build`), or
// bundleServer() from scripts/start.mjs when the bundle is older than its sources.
import path from "node:path";
import { build } from "esbuild";

/** `server-only` throws outside React's server environment, which the server's own modules are not in. */
const serverOnly = {
  name: "server-only",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

export async function bundleServer(root, outfile) {
  await build({
    entryPoints: { [path.basename(outfile, ".mjs")]: path.join(root, "server.ts") },
    outdir: path.dirname(outfile),
    outExtension: { ".js": ".mjs" },
    // What the server loads only when asked (the pages' loaders) in chunks of their own, loaded then.
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@": root },
    plugins: [serverOnly],
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const { SERVER_BUNDLE } = await import("./sources.mjs");
  await bundleServer(root, SERVER_BUNDLE);
}
