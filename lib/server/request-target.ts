// The path a request asks for. Node leaves a request line's absolute form (`GET http://host/path`,
// as a proxy may send it) in `req.url` as it came; Next routes it by its path, so every layer in
// front of Next reads the path the same way.

/** The path of a request's target, without the query: `/api/health` for `http://host/api/health?x`. */
export function requestPath(url: string | undefined): string {
  const target = url ?? "/";
  const relative = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "");
  return (relative.split("?")[0] as string) || "/";
}
