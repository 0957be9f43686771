/** Work under way that a clean shutdown waits for: writes started in the background. */
export class PendingWork {
  private readonly jobs = new Set<Promise<unknown>>();

  /** Tracks `job` until it settles, and hands it back. */
  track<T>(job: Promise<T>): Promise<T> {
    this.jobs.add(job);
    const forget = () => {
      this.jobs.delete(job);
    };
    job.then(forget, forget);
    return job;
  }

  /** Resolves once every job tracked so far, and any tracked meanwhile, has settled; never rejects. */
  async settled(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }
}
