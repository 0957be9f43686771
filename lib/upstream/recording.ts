// Upstream answers written to a folder as they come (UPSTREAM_RECORD), for an operator to send
// when the real service sends something this app cannot read, and read back as the upstream
// (replayTransport): the test suite replays such a folder. One JSON file per answer, under a
// folder per endpoint, at most MAX_PER_ENDPOINT each. The key never reaches a file: not its header,
// not an `apiKey` parameter, not any text that carries it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface RecordedAnswer {
  /** When it came (ISO). */
  at: string;
  /** The endpoint's path, e.g. /v1/top-news. */
  endpoint: string;
  /** The query it answered, without the key, its parameters in order. */
  query: string;
  status: number;
  headers: Record<string, string>;
  /** The body as text (UTF-8), or in base64 for bytes that are not (a PNG). */
  body: string;
  encoding: "utf8" | "base64";
}

/** Answers kept per endpoint: enough to show a problem, not a copy of the service (a list page is about 2 MB). */
export const MAX_PER_ENDPOINT = 25;

/** Headers never written: the key's, and what identifies this server's session. */
const SECRET_HEADERS = new Set(["x-api-key", "authorization", "cookie", "set-cookie"]);

/** The query of `url` without the key, its parameters sorted: how a replay finds an answer. */
export function recordedQuery(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => name.toLowerCase() !== "apikey");
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
}

const slug = (endpoint: string) => endpoint.replace(/^\/+/, "").replace(/[^A-Za-z0-9._-]+/g, "_") || "root";

/**
 * A recorder into `dir`: `record(url, response, body)` for each answer the client reads. What is
 * already in the folder counts toward the bound, so a restart does not write more.
 */
export function folderRecorder(dir: string, apiKey: string) {
  const counts = new Map<string, number>();
  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[redacted]") : text);
  const countIn = (folder: string) => {
    try {
      return readdirSync(folder).filter((name) => name.endsWith(".json")).length;
    } catch {
      return 0;
    }
  };
  let sequence = 0;
  return (url: URL, response: Response, body: Uint8Array): void => {
    const endpoint = url.pathname;
    const folder = path.join(dir, slug(endpoint));
    const count = counts.get(endpoint) ?? countIn(folder);
    if (count >= MAX_PER_ENDPOINT) return;
    counts.set(endpoint, count + 1);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!SECRET_HEADERS.has(name.toLowerCase())) headers[name] = redact(value);
    });
    let text: string | null = null;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      text = null;
    }
    const answer: RecordedAnswer = {
      at: new Date().toISOString(),
      endpoint,
      query: redact(recordedQuery(url)),
      status: response.status,
      headers,
      body: text === null ? Buffer.from(body).toString("base64") : redact(text),
      encoding: text === null ? "base64" : "utf8",
    };
    try {
      mkdirSync(folder, { recursive: true });
      const name = `${answer.at.replace(/[:.]/g, "-")}-${process.pid}-${++sequence}.json`;
      writeFileSync(path.join(folder, name), `${JSON.stringify(answer, null, 2)}\n`);
    } catch (error) {
      console.warn(`upstream: could not record an answer in ${dir}: ${(error as Error).message}`);
    }
  };
}

/** Every answer recorded in `dir`, oldest first. */
export function readRecording(dir: string): RecordedAnswer[] {
  const answers: { answer: RecordedAnswer; sequence: number }[] = [];
  for (const folder of readdirSync(dir, { withFileTypes: true }))
    if (folder.isDirectory())
      for (const name of readdirSync(path.join(dir, folder.name)))
        if (name.endsWith(".json"))
          answers.push({
            answer: JSON.parse(readFileSync(path.join(dir, folder.name, name), "utf8")) as RecordedAnswer,
            // The recorder's own count, last in the name: the order within one millisecond.
            sequence: Number(/-(\d+)\.json$/.exec(name)?.[1] ?? 0),
          });
  answers.sort((a, b) =>
    a.answer.at < b.answer.at ? -1 : a.answer.at > b.answer.at ? 1 : a.sequence - b.sequence,
  );
  return answers.map(({ answer }) => answer);
}

/**
 * A recorded folder as the upstream: each request is answered with the last answer recorded for
 * its endpoint and query; one never recorded is a 404 in the service's own error style.
 */
export function replayTransport(answers: readonly RecordedAnswer[]) {
  const byRequest = new Map<string, RecordedAnswer>();
  for (const answer of answers) byRequest.set(`${answer.endpoint}?${answer.query}`, answer);
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const answer = byRequest.get(`${url.pathname}?${recordedQuery(url)}`);
    if (!answer)
      return new Response(JSON.stringify({ error: `not recorded: ${url.pathname}` }), {
        status: 404,
        headers: { "content-type": "application/json" },
      });
    const body = answer.encoding === "base64" ? Buffer.from(answer.body, "base64") : answer.body;
    const headers = new Headers(answer.headers);
    headers.delete("content-length");
    headers.delete("content-encoding");
    return new Response(body, { status: answer.status, headers });
  };
}
