// Serves a sandbox handler over real HTTP on a loopback port, mounted at /sandbox exactly as
// the app mounts it, for contract tests and benchmarks.
import type { IncomingMessage } from "node:http";
import { createSandboxHandler, type SandboxOptions } from "@/lib/sandbox/handler";
import { mountSandbox } from "@/lib/sandbox/mount";
import { listenLocal } from "./local-server";

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:41234/sandbox */
  baseUrl: string;
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers });
}

export async function startSandboxServer(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const handler = mountSandbox(createSandboxHandler(options));
  const server = await listenLocal(async (req, res) => {
    const response = await handler(toRequest(req, "http://127.0.0.1"));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return { baseUrl: `${server.base}/sandbox`, close: server.close };
}
