import "server-only";
// The server state's tiers as the environment configures them: with REDIS_URL, Redis holds the
// cache entries and the index snapshots (instances share both) and CACHE_DIR keeps this
// instance's own copy of the snapshots for when Redis is down at start; without it, CACHE_DIR
// holds both; CACHE_DIR=off and no REDIS_URL: memory only. On disk, as in Redis, each upstream and
// key has its own folder: a free key's server never serves what a licensed key fetched.
import path from "node:path";
import type { SnapshotStore } from "@/lib/directory/sync";
import { processWide } from "@/lib/process-wide";
import { getConfig } from "../config";
import { FileTier, RedisTier, type SharedTier } from "./cache-tiers";
import { FileSnapshots, RedisSnapshots } from "./index-snapshots";
import { deploymentNamespace, getSharedRedis } from "./redis";

export interface SharedState {
  tier: SharedTier | null;
  snapshots: SnapshotStore | null;
}

/** Builds the tiers for a CACHE_DIR (null: off) and an optional Redis. */
export function sharedState(cacheDir: string | null, redis: ReturnType<typeof getSharedRedis>): SharedState {
  const files = cacheDir ? new FileSnapshots(cacheDir) : null;
  if (redis) return { tier: new RedisTier(redis), snapshots: new RedisSnapshots(redis, files) };
  return { tier: cacheDir ? new FileTier(cacheDir) : null, snapshots: files };
}

/** This deployment's folder in CACHE_DIR (one per upstream and key, and per sandbox that answers otherwise), or null with CACHE_DIR=off. */
export function deploymentDir(): string | null {
  const { cacheDir: root, upstream, sandbox } = getConfig();
  if (!root) return null;
  const deployment = deploymentNamespace(upstream, sandbox).split(":")[1] as string;
  return path.join(root, deployment);
}

/** The process-wide tiers. */
export function getSharedState(): SharedState {
  return processWide("shared-state", () => sharedState(deploymentDir(), getSharedRedis()));
}
