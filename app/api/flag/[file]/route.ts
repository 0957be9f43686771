import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// Country flags as SVG from the flag-icons package, written out at build time (one static file
// per flag): the browser loads them from this origin, so the page's `img-src 'self'` holds.
const FLAG_DIR = path.join(process.cwd(), "node_modules", "flag-icons", "flags", "4x3");
const FLAG_FILE = /^[a-z]{2}\.svg$/;

export const dynamic = "force-static";
// A name that is no flag gets the site's 404 page, not the JSON error of the other API routes:
// with dynamic params Next would keep each unknown name's answer on disk (tried: one cache entry
// per made-up name, without bound).
export const dynamicParams = false;

export async function generateStaticParams() {
  const files = await readdir(FLAG_DIR);
  return files.filter((file) => FLAG_FILE.test(file)).map((file) => ({ file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!FLAG_FILE.test(file)) return new Response(null, { status: 404 });
  const svg = await readFile(path.join(FLAG_DIR, file));
  return new Response(svg, {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=604800, immutable" },
  });
}
