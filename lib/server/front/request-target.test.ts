import { describe, expect, it } from "vitest";
import { originForm, requestPath } from "./request-target";

describe("requestPath", () => {
  it("reads the path of the origin form and of the absolute form alike", () => {
    expect(requestPath("/api/health?x=1")).toBe("/api/health");
    expect(requestPath("http://host:3000/api/health?x=1")).toBe("/api/health");
    expect(requestPath("HTTPS://host/companies/XLON_EMBE")).toBe("/companies/XLON_EMBE");
    expect(requestPath("http://host")).toBe("/");
    expect(requestPath("http://host?q=1")).toBe("/");
    expect(requestPath(undefined)).toBe("/");
  });
});

describe("originForm", () => {
  it("drops the authority of an absolute-form target, and leaves an origin-form one alone", () => {
    expect(originForm("http://evil.example/companies/?q=1")).toBe("/companies/?q=1");
    expect(originForm("HTTPS://evil.example")).toBe("/");
    expect(originForm("http://evil.example?q")).toBe("/?q");
    expect(originForm("/news?x=http://a.example/")).toBe("/news?x=http://a.example/");
    expect(originForm(undefined)).toBe("/");
  });
});
