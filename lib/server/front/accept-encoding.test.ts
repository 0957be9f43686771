import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./accept-encoding";

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br; q=0.0, gzip;q=0.5", "gzip"],
    ["br;q=0.1", "br"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["identity", null],
    ["gzip;q=0", null],
    ["", null],
    [undefined, null],
    [["deflate", "gzip"], "gzip"],
    ["brotli, xgzip", null],
  ] as const)("%j → %j", (header, expected) => {
    expect(preferredEncoding(header as string | string[] | undefined)).toBe(expected);
  });
});
