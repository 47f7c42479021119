/**
 * API keys held in memory per replica, so a call costs no database round trip:
 * - a key is loaded from the database on its first call (concurrent first calls share one load)
 *   and kept for LOOKUP_KEY_CACHE_SECONDS;
 * - an unknown key is remembered as unknown for LOOKUP_KEY_NEGATIVE_CACHE_SECONDS (a new key is
 *   never in that list: its hash was never asked for, so it works at once on every replica);
 * - a revocation or rotation is published on Redis (`<prefix>:lookup:api-keys`); every replica
 *   drops the key on receipt and emits `invalidated` with its id. When the subscription
 *   reconnects after an outage the whole cache is dropped, since messages may have been missed.
 */
import { EventEmitter } from 'node:events';
import type { Clock } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ApiKeyRow, LookupDb } from '../db/schema.js';
import { findApiKeyByHash } from './api-key-repository.js';
import { networkMatcher, type NetworkMatcher } from './client-networks.js';

/** What a call needs to know about its key. */
export interface CachedKey {
  id: string;
  dailyQuota: number;
  burstPerSecond: number;
  allowExport: boolean;
  /** Null: every client may use the key. */
  allowedClient: NetworkMatcher | null;
  revoked: boolean;
  /** Set when the presented secret is the rotated-away one: valid until then. */
  graceUntil: Date | null;
}

/** Keys held per replica at most (far more than any customer base; bounds what guessing can grow). */
const MAX_ENTRIES = 100_000;

interface Entry {
  key: CachedKey | null;
  expiresAt: number;
}

export function keyChannel(redisPrefix: string): string {
  return `${redisPrefix}:lookup:api-keys`;
}

export function cachedKeyFrom(row: ApiKeyRow, hash: Buffer): CachedKey {
  const viaPrevious = !row.key_hash.equals(hash);
  return {
    id: row.id,
    dailyQuota: row.daily_quota,
    burstPerSecond: row.burst_per_second,
    allowExport: row.allow_export,
    allowedClient: networkMatcher(row.allowed_networks),
    revoked: row.revoked_at !== null,
    // A previous secret without a grace time is already over.
    graceUntil: viaPrevious ? (row.grace_until ?? new Date(0)) : null,
  };
}

export interface KeyCacheDeps {
  db: LookupDb;
  /** Publishes invalidations (the request-path client). */
  redis: Redis;
  /** A connection of its own in subscriber mode. */
  subscriber: Redis;
  redisPrefix: string;
  clock: Clock;
  ttlSeconds: number;
  negativeTtlSeconds: number;
  log: FastifyBaseLogger;
}

export class KeyCache extends EventEmitter<{ invalidated: [keyId: string]; cleared: [] }> {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedKey | null>>();
  /** Bumped by every invalidation: a load that began before one does not store its answer. */
  private generation = 0;
  private readonly channel: string;
  private subscribedOnce = false;
  /** Resolves once the first subscription is active (tests await it before revoking). */
  readonly subscribed: Promise<void>;
  private resolveSubscribed!: () => void;

  constructor(private readonly deps: KeyCacheDeps) {
    super();
    this.channel = keyChannel(deps.redisPrefix);
    this.subscribed = new Promise((resolve) => (this.resolveSubscribed = resolve));
  }

  /** Subscribes to invalidations; never throws (ioredis retries and re-subscribes on its own). */
  start(): void {
    const { subscriber, log } = this.deps;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      this.drop(message.slice(0, 64));
    });
    subscriber.on('ready', () => {
      // The first ready is the start; any later one follows an outage in which messages were lost.
      if (this.subscribedOnce) {
        this.clear();
        log.warn('key invalidation channel reconnected: key cache dropped');
      }
    });
    subscriber
      .subscribe(this.channel)
      .then(() => {
        this.subscribedOnce = true;
        this.resolveSubscribed();
      })
      .catch((err: unknown) => log.error({ err }, 'could not subscribe to key invalidations'));
  }

  /** The key whose secret hashes to `hash`, or null when there is none. */
  async resolve(hash: Buffer): Promise<CachedKey | null> {
    const id = hash.toString('hex');
    const now = this.deps.clock.now().getTime();
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > now) return entry.key;
    const pending = this.loading.get(id);
    if (pending) return pending;
    const generation = this.generation;
    const load = findApiKeyByHash(this.deps.db, hash)
      .then((row) => {
        const key = row ? cachedKeyFrom(row, hash) : null;
        if (generation === this.generation) {
          const ttl = key ? this.deps.ttlSeconds : this.deps.negativeTtlSeconds;
          const at = this.deps.clock.now().getTime();
          if (this.entries.size >= MAX_ENTRIES) this.evict(at);
          this.entries.set(id, { key, expiresAt: at + ttl * 1000 });
        }
        return key;
      })
      .finally(() => this.loading.delete(id));
    this.loading.set(id, load);
    return load;
  }

  /**
   * Keeps the map bounded: the checksum algorithm is public, so well-formed unknown keys can be
   * made at will (each costs its sender a failed attempt). Expired entries go first; if that is
   * not enough, every unknown key's entry, then everything.
   */
  private evict(now: number): void {
    for (const [hash, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(hash);
    if (this.entries.size < MAX_ENTRIES) return;
    for (const [hash, entry] of this.entries) if (!entry.key) this.entries.delete(hash);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }

  /** Drops a key on this replica only. */
  drop(keyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) {
      if (entry.key?.id === keyId) this.entries.delete(hash);
    }
    this.emit('invalidated', keyId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.emit('cleared');
  }

  /** Drops the key here and tells every other replica to drop it. */
  async invalidateEverywhere(keyId: string): Promise<void> {
    this.drop(keyId);
    try {
      await this.deps.redis.publish(this.channel, keyId);
    } catch (err) {
      this.deps.log.error(
        { err, keyId },
        'could not publish a key invalidation: other replicas drop the key when their cache entry expires',
      );
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
