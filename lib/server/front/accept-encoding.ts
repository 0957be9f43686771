// Which compression a client takes, from its Accept-Encoding: brotli, else gzip, else none. Both
// fronts use it (kept pages, lib/server/front/page-front.ts; static files, lib/server/front/static-front.ts).

export type Encoding = "br" | "gzip";

/** The encoding to send: "br" or "gzip" when accepted (a q of 0 refuses one; `*` takes any), else null. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}
