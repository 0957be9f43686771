// Whether a host is on a loopback, private, link-local or otherwise non-public address: where a
// redirect from the data service must not lead this server (a request forged on its behalf into
// the network it runs in).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** An IPv4 address as an unsigned 32-bit number. */
const v4 = (address: string) => address.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);

/** IPv4 ranges that are not the public internet: [first address, prefix length]. */
const PRIVATE_V4: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 3], // multicast and reserved, to 255.255.255.255
];

function privateV4(address: string): boolean {
  const n = v4(address);
  return PRIVATE_V4.some(
    ([first, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4(first) / 2 ** (32 - bits)),
  );
}

function privateV6(address: string): boolean {
  const text = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped?.[1]) return privateV4(mapped[1]);
  if (text === "::1" || text === "::") return true;
  const first = Number.parseInt(text.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** Whether an IP address is loopback, private, link-local or reserved. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  return version === 4 ? privateV4(address) : version === 6 ? privateV6(address) : false;
}

/**
 * Whether `hostname` is, or resolves to, such an address (any of its addresses). A name that does
 * not resolve is not: a call to it fails on its own.
 */
export async function resolvesToPrivate(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host);
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.some(({ address }) => isPrivateAddress(address));
}
