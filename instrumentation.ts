// Runs once when a server starts. With no API_BASE_URL the app runs on the embedded sandbox:
// generate its universe right after start-up, so the first request does not pay for it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.API_BASE_URL) return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getUniverse } = await import("@/lib/sandbox/universe");
  setTimeout(() => {
    const started = performance.now();
    const universe = getUniverse();
    console.log(
      `sandbox: ${universe.companies.length} companies ready in ${Math.round(performance.now() - started)} ms`,
    );
  }, 0);
}
