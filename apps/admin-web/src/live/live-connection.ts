/**
 * The panel's one connection to the live-updates stream (`GET <prefix>/events`, Server-Sent
 * Events through the gateway, behind the session cookie). It opens with the first subscriber and
 * closes with the last, so every component that listens shares it. Reconnecting is the browser's
 * own: EventSource waits the server's `retry:` and resumes with `Last-Event-ID`. The stream
 * never moves the session's lastActivity, and what its events trigger here are background calls.
 */
import { ADMIN_LIVE_EVENTS_PATH, LIVE_EVENT_NAMES, type LiveEventName } from '@tunnelscope/contracts';
import { adminPrefix } from '../admin-prefix.js';

export interface LiveMessage {
  event: LiveEventName;
  /** The event's JSON data, parsed ({} when it was not JSON). */
  data: Record<string, unknown>;
  id: string;
}

export type LiveSubscriber = (message: LiveMessage) => void;

const subscribers = new Set<LiveSubscriber>();
let source: EventSource | null = null;

function dispatch(event: LiveEventName, raw: MessageEvent<string>): void {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw.data);
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the event still says what happened.
  }
  const message: LiveMessage = { event, data, id: raw.lastEventId };
  for (const subscriber of [...subscribers]) subscriber(message);
}

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(`${adminPrefix()}${ADMIN_LIVE_EVENTS_PATH}`, { withCredentials: true });
  for (const name of LIVE_EVENT_NAMES) {
    source.addEventListener(name, (raw) => dispatch(name, raw as MessageEvent<string>));
  }
}

function close(): void {
  source?.close();
  source = null;
}

/** Listens to every live event until the returned function is called. */
export function subscribeLive(subscriber: LiveSubscriber): () => void {
  subscribers.add(subscriber);
  open();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) close();
  };
}

/** For tests: forget the connection (the next subscriber opens a new one). */
export function resetLiveConnection(): void {
  subscribers.clear();
  close();
}
