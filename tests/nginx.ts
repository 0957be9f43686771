// A real nginx (Debian's package; `node scripts/ensure-tools.mjs nginx` installs it) in front of
// an app instance, for the auth-proxy tests: its own prefix folder, pid, logs and temp paths, on
// a free loopback port, connecting to the app from 127.0.0.2 (its own address, as a proxy on
// another host would have one). It stands for a team's sign-in gateway: every request it passes
// on carries the user it names, whatever the client sent under that header.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./redis-server";

const BINARY = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find((p): p is string =>
  Boolean(p && existsSync(p)),
);

export interface RunningNginx {
  base: string;
  /** The address it connects to the app from. */
  from: string;
  stop(): Promise<void>;
}

/** nginx on a free port, proxying to `appPort` with `header: user` set on every request. */
export async function startAuthProxy(appPort: number, header: string, user: string): Promise<RunningNginx> {
  if (!BINARY) throw new Error("nginx not found: run `node scripts/ensure-tools.mjs nginx`");
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  const from = "127.0.0.2";
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_bind ${from};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header ${header} "${user}";
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(BINARY, ["-p", dir, "-c", `${dir}/nginx.conf`, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => (errors += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await fetch(base).catch(() => null);
    if (answer) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    from,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
