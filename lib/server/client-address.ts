// The socket's peer address for route handlers. Next passes handlers a web Request with no
// socket, and keeps any X-Forwarded-For the client sent (it adds the peer only when the header is
// absent), so a client could name any address it likes. The server therefore stamps the real
// peer into a header of its own on every incoming request, replacing whatever a client sent
// under that name. Installed once per process from instrumentation.ts.
import type { IncomingMessage } from "node:http";
import { Server } from "node:http";

export const PEER_ADDRESS_HEADER = "x-fiscal-atlas-peer";

const INSTALLED = Symbol.for("company-dashboard.peer-address-stamp");
type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
type Patched = { emit: Emit; [INSTALLED]?: true };

export function installPeerAddressStamp(): void {
  const proto = Server.prototype as unknown as Patched;
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function stampPeer(this: Server, event, ...args) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}
