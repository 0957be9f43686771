// A plain HTTP server on a free loopback port, for tests that need real sockets.
import { createServer, type RequestListener } from "node:http";
import { type AddressInfo, connect } from "node:net";

export interface LocalServer {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  port: number;
  close(): Promise<void>;
}

export async function listenLocal(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    // Open connections too (a stalled answer's): close() alone waits for them.
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Sends `head` (a request line and headers, as written; `Connection: close` is added) over a new
 * socket and resolves with the whole answer as text: for request lines fetch() cannot send, such
 * as the absolute form (`GET http://host/path`).
 */
export function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(`${head.trimEnd()}\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (chunk) => {
      text += String(chunk);
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}
