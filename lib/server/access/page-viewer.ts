import "server-only";
// The viewer of the page being rendered (viewer.ts), for server components.
import { headers } from "next/headers";
import { type Viewer, viewerOf } from "./viewer";

export async function pageViewer(): Promise<Viewer> {
  return viewerOf(await headers());
}
