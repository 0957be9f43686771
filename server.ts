// The app's HTTP server: Next's documented custom server (`next()` and `getRequestHandler()`), the one
// way the app is served, by `npm start` and `npm run dev` alike (scripts/start.mjs bundles this file
// and runs it). What a request meets before Next is lib/server/front/listener.ts, in one file.
//
//   node <bundle> [--dev] [-p PORT] [-H HOSTNAME] [--keep-alive-timeout MS]
//
// PORT defaults to the PORT variable, else 3000. On SIGTERM or SIGINT it stops taking connections,
// lets the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS, default 25 s), runs the app's
// own shutdown work and exits (lib/server/front/shutdown.ts).
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import next from "next";
import { getConfig } from "@/lib/server/config";
import { Front } from "@/lib/server/front/listener";
import { front as pageFront } from "@/lib/server/front/page-front";
import { installShutdown } from "@/lib/server/front/shutdown";
import { StaticFront } from "@/lib/server/front/static-front";

const { values } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    "keep-alive-timeout": { type: "string" },
  },
});
const dev = values.dev ?? false;
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
// The app's folder: scripts/start.mjs runs the server from there.
const root = process.cwd();

process.env.NEXT_TELEMETRY_DISABLED = "1";
const app = next({ dev, dir: root, hostname, port });
// Runs instrumentation.ts: the configuration checked (a mistake stops here), the first sync started.
await app.prepare();
const config = getConfig();

const front = new Front({
  next: app.getRequestHandler(),
  // Not under `next dev`, whose files change under the same names.
  files: dev ? null : new StaticFront(path.join(config.distDir, "static"), path.join(root, "public")),
  pages: pageFront({ keepMs: config.pageCacheMs, renders: config.pageRenderLimit }),
});
const inside = await front.listenInside();
const server = createServer(front.outside);
if (values["keep-alive-timeout"]) server.keepAliveTimeout = Number(values["keep-alive-timeout"]);
// `next dev` reloads the browser's modules over a WebSocket.
if (dev) server.on("upgrade", app.getUpgradeHandler());
await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
console.log(`Ready on http://${hostname ?? "localhost"}:${port}${dev ? " (development)" : ""}`);

installShutdown({
  drainMs: Number(process.env.SHUTDOWN_TIMEOUT_MS) || 25_000,
  drain: async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Connections kept alive between requests are closed as soon as they are idle.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.once("close", () => clearInterval(idle));
      server.closeIdleConnections();
    });
    await inside.stop();
    await app.close();
  },
});
