// The socket's peer address, as the server's request path (listener.ts) stamps it on each
// request for the layers after it, which see a web Request without a socket. The stamp carries a
// secret of this process: a client that sends the header itself (to a server run some other way, or
// through any gap) names no peer, since it cannot know the secret.
import { randomBytes } from "node:crypto";
import { processWide } from "@/lib/process-wide";

export const PEER_ADDRESS_HEADER = "x-fiscal-atlas-peer";

function secret(): string {
  return processWide("peer-secret", () => randomBytes(16).toString("hex"));
}

/** The header's value for a request from `address`. */
export function stampPeer(address: string): string {
  return `${secret()} ${address}`;
}

/** The stamped peer address of a request; undefined without a stamp of this process. */
export function stampedPeer(headers: Headers): string | undefined {
  const value = headers.get(PEER_ADDRESS_HEADER);
  if (!value) return undefined;
  const space = value.indexOf(" ");
  return space > 0 && value.slice(0, space) === secret()
    ? value.slice(space + 1).trim() || undefined
    : undefined;
}
