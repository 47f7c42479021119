/**
 * A promise that settles like `promise`, or rejects once `ms` have passed, whichever comes first.
 * The timer is cleared either way, so a finished call never keeps the process alive. The promise
 * itself is not cancelled: a late answer is simply ignored.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message = `timed out after ${ms} ms`,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
