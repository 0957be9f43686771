import { beforeEach, describe, expect, it } from "vitest";
import { MAX_FOLLOWING, MAX_NAME_LENGTH } from "@/lib/following/list";
import { stubBrowserStorage } from "@/tests/browser-storage";
import {
  currentFollowNotice,
  dismissFollowNotice,
  follow,
  following,
  isFollowed,
  renameFollowed,
  toggleFollow,
  unfollow,
} from "./following";

const store = stubBrowserStorage();
const keys = () => following.read().map((c) => c.companyKey);

describe("followed companies in the browser", () => {
  beforeEach(() => {
    store.clear();
    dismissFollowNotice();
  });

  it("follows newest first, once, and toggles", () => {
    follow("NYSE_A", "A Inc.");
    follow("NYSE_B", null);
    follow("NYSE_A", "A Inc.");
    expect(keys()).toEqual(["NYSE_B", "NYSE_A"]);
    toggleFollow("NYSE_B", null);
    expect(isFollowed("NYSE_B")).toBe(false);
    toggleFollow("NYSE_B", null);
    expect(keys()).toEqual(["NYSE_B", "NYSE_A"]);
    expect(JSON.parse(store.get("fiscal-atlas:following") ?? "[]")[1]).toMatchObject({
      companyKey: "NYSE_A",
      name: "A Inc.",
    });
  });

  it("unfollows with an undo that puts the company back in its place", () => {
    for (const k of ["NYSE_C", "NYSE_B", "NYSE_A"]) follow(k, `${k} name`);
    unfollow("NYSE_B");
    expect(keys()).toEqual(["NYSE_A", "NYSE_C"]);
    const notice = currentFollowNotice();
    expect(notice?.message).toBe("Unfollowed NYSE_B name.");
    notice?.undo?.();
    expect(keys()).toEqual(["NYSE_A", "NYSE_B", "NYSE_C"]);
    expect(currentFollowNotice()).toMatchObject({
      message: "Following NYSE_B name again.",
      companyKey: "NYSE_B",
    });
  });

  it("ends a sentence once when the name ends with a full stop", () => {
    follow("NYSE_D", "Dorran Inc.");
    expect(currentFollowNotice()?.message).toBe("Following Dorran Inc.");
    unfollow("NYSE_D");
    expect(currentFollowNotice()?.message).toBe("Unfollowed Dorran Inc.");
  });

  it(`refuses a company past ${MAX_FOLLOWING} and says why`, () => {
    for (let i = 0; i < MAX_FOLLOWING; i++) follow(`NYSE_C${i}`, null);
    expect(follow("NYSE_ONE_MORE", null)).toBe(false);
    expect(keys()).toHaveLength(MAX_FOLLOWING);
    expect(currentFollowNotice()?.message).toMatch(/at most|the most one list holds/);
  });

  it("replaces a former key with the canonical one, without a duplicate", () => {
    follow("NYSE_OLD", null);
    follow("NYSE_NEW", null);
    follow("NYSE_X", null);
    renameFollowed(new Map([["NYSE_OLD", "NYSE_NEW"]]));
    expect(keys()).toEqual(["NYSE_X", "NYSE_NEW"]);
  });

  it(`keeps a company whose name is longer than ${MAX_NAME_LENGTH} characters, the name cut`, () => {
    expect(follow("NYSE_LONG", "Long ".repeat(100))).toBe(true);
    expect(isFollowed("NYSE_LONG")).toBe(true);
    expect(following.read()[0]?.name).toHaveLength(MAX_NAME_LENGTH);
    expect(currentFollowNotice()?.message).toMatch(/^Following Long Long/);
  });

  it("treats a key in any case as the same company", () => {
    follow("nyse_ibm", "IBM");
    expect(keys()).toEqual(["NYSE_IBM"]);
    expect(isFollowed("nyse_ibm")).toBe(true);
    expect(isFollowed("NYSE_IBM")).toBe(true);
    follow("NYSE_IBM", "IBM");
    expect(keys()).toEqual(["NYSE_IBM"]);
    toggleFollow("Nyse_Ibm", "IBM");
    expect(keys()).toEqual([]);
    follow("NYSE_IBM", "IBM");
    unfollow("nyse_ibm");
    expect(keys()).toEqual([]);
  });

  it("reads a company stored twice (in any case) once, where it first is", () => {
    store.set(
      "fiscal-atlas:following",
      JSON.stringify([
        { companyKey: "NYSE_IBM" },
        { companyKey: "XNAS_AAPL" },
        { companyKey: "nyse_ibm" },
        { companyKey: " NYSE_IBM" },
      ]),
    );
    expect(keys()).toEqual(["NYSE_IBM", "XNAS_AAPL"]);
    unfollow("NYSE_IBM");
    expect(keys()).toEqual(["XNAS_AAPL"]);
  });

  it("counts a company stored twice once toward the limit", () => {
    const list = Array.from({ length: MAX_FOLLOWING }, (_, i) => ({ companyKey: `NYSE_C${i % 10}` }));
    store.set("fiscal-atlas:following", JSON.stringify(list));
    expect(keys()).toHaveLength(10);
    expect(follow("NYSE_NEW", null)).toBe(true);
  });

  it("reads corrupt storage as an empty list", () => {
    store.set("fiscal-atlas:following", "[{");
    expect(following.read()).toEqual([]);
    follow("NYSE_A", null);
    expect(keys()).toEqual(["NYSE_A"]);
  });
});
