/**
 * A stand-in for the browser's EventSource in jsdom (which has none): tests install it, then
 * `emit` live events on the panel's one connection.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  closed = false;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(name: string, listener: (ev: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(name: string, data: unknown = {}, id = `${Date.now()}-0`): void {
    const ev = { data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    for (const listener of this.listeners.get(name) ?? []) listener(ev);
  }

  /** The connection open now (the last one not closed). */
  static current(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => !s.closed);
    if (open.length !== 1) throw new Error(`expected one open EventSource, found ${open.length}`);
    return open[0]!;
  }
}

export function installFakeEventSource(): void {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
}
