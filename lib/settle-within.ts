// A wait with a time limit: the page gate and the directory page stop waiting for a slow load, and
// a Redis operation for a reply that does not come.

/**
 * `promise`'s outcome, or, if `ms` pass first, `late()`'s value (or what it throws). The timer is
 * cleared either way; `promise` goes on, and its outcome is then ignored.
 */
export async function settleWithin<T, U>(promise: Promise<T>, ms: number, late: () => U): Promise<T | U> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<U>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
