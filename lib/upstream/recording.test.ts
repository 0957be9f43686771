import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { listenLocal } from "@/tests/local-server";
import { UpstreamClient } from "./client";
import { isUpstreamError } from "./errors";
import { folderRecorder, MAX_PER_ENDPOINT, readRecording, replayTransport } from "./recording";

const KEY = "demo-licensed";
const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A client of the sandbox recording into `dir` (a new folder by default). */
function recordingClient(dir = mkdtempSync(path.join(tmpdir(), "upstream-record-"))) {
  folders.push(dir);
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey: KEY,
    retries: 0,
    transport: (request) => sandbox(request),
    record: folderRecorder(dir, KEY),
  });
  return { client, dir };
}

describe("UPSTREAM_RECORD", () => {
  it("writes each answer, errors too, with its status and headers, and never the key", async () => {
    const { client, dir } = recordingClient();
    await client.getTopNews({ pageSize: 3 });
    await client.getProfile({ companyKey: "XSHE_300980" });
    await client.getLogo({ companyKey: "XSHE_300980" });
    await client.getProfile({ companyKey: "NOPE_NOPE" }).catch(() => undefined);
    expect(readdirSync(dir).sort()).toEqual(["v1_top-news", "v2_company_logo", "v3_company_profile"]);
    const answers = readRecording(dir);
    expect(answers.map((a) => [a.endpoint, a.status, a.encoding])).toEqual([
      ["/v1/top-news", 200, "utf8"],
      ["/v3/company/profile", 200, "utf8"],
      ["/v2/company/logo", 200, "base64"],
      ["/v3/company/profile", 404, "utf8"],
    ]);
    expect(answers[0]?.query).toBe("pageSize=3");
    expect(answers[0]?.headers["content-type"]).toContain("application/json");
    for (const folder of readdirSync(dir))
      for (const file of readdirSync(path.join(dir, folder)))
        expect(readFileSync(path.join(dir, folder, file), "utf8")).not.toContain(KEY);
  });

  it("at most MAX_PER_ENDPOINT answers an endpoint, counting what the folder held before a restart", async () => {
    const { client, dir } = recordingClient();
    for (let page = 1; page <= 20; page++) await client.getTopNews({ pageSize: 1, pageNumber: page });
    // A restart: a new recorder on the same folder.
    const again = recordingClient(dir).client;
    for (let page = 21; page <= 40; page++) await again.getTopNews({ pageSize: 1, pageNumber: page });
    expect(readdirSync(path.join(dir, "v1_top-news"))).toHaveLength(MAX_PER_ENDPOINT);
  });

  it("a recorded folder replays as the upstream over HTTP: the same answers, and 404 for one never recorded", async () => {
    const { client, dir } = recordingClient();
    const news = await client.getTopNews({ pageSize: 5, minImportance: 1, maxImportance: 2 });
    const profile = await client.getProfile({ companyKey: "XSHE_300980" });
    const logo = await client.getLogo({ companyKey: "XSHE_300980" }, "logo");
    const replay = replayTransport(readRecording(dir));
    const server = await listenLocal(async (request, response) => {
      const answer = await replay(new Request(`http://replay${request.url}`));
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    try {
      const replayed = new UpstreamClient({ baseUrl: server.base, apiKey: "any-key", retries: 0 });
      expect(await replayed.getTopNews({ pageSize: 5, minImportance: 1, maxImportance: 2 })).toEqual(news);
      expect(await replayed.getProfile({ companyKey: "XSHE_300980" })).toEqual(profile);
      expect(await replayed.getLogo({ companyKey: "XSHE_300980" }, "logo")).toEqual(logo);
      const error = await replayed.getProfile({ companyKey: "XLON_EMBE" }).catch((e: unknown) => e);
      expect(isUpstreamError(error) && error.code).toBe("not_found");
    } finally {
      await server.close();
    }
  });
});
