/** A clock a test moves by hand: services take `{ now(): Date }`, so expiry and lockouts are tested without waiting. */
export class TestClock {
  private current = Date.now();
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

let ipCounter = 0;
/** A client address of its own for each call, so per-address limits never leak between tests. */
export function nextIp(): string {
  ipCounter++;
  return `198.51.100.${ipCounter % 250}`;
}
