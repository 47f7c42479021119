/**
 * Prometheus metrics of one service: a registry of its own (HTTP request count and latency, its
 * rate-limit refusals, whatever the service adds with `counter`/`gauge`), exposed together with
 * the process's Node metrics (event-loop lag, memory, GC), every series labelled `service`.
 * Names and labels are the deployment's contract (deploy/grafana, the alert rules): keep them.
 */
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
  type Metric,
} from 'prom-client';

/** The route label of a request no route matched (a 404): never the raw URL, which is unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Request latency buckets, in seconds: up to the gateway's upstream timeout and past it. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type HttpLabel = 'method' | 'route' | 'status_code';

/** What a service declares a metric with; the registry is always the service's own. */
type Config<C> = Omit<C, 'registers'>;

export interface ServiceMetrics {
  readonly service: string;
  readonly registry: Registry;
  readonly httpRequests: Counter<HttpLabel>;
  readonly httpDuration: Histogram<HttpLabel>;
  /** Requests refused by a rate limiter (429), by route pattern. */
  readonly rateLimitRefusals: Counter<'route'>;
  /** A counter on the service's registry (the one already there when the name is taken). */
  counter<L extends string = string>(config: Config<CounterConfiguration<L>>): Counter<L>;
  /** A gauge on the service's registry; give it `collect` to sample a value at scrape time. */
  gauge<L extends string = string>(config: Config<GaugeConfiguration<L>>): Gauge<L>;
  histogram<L extends string = string>(config: Config<HistogramConfiguration<L>>): Histogram<L>;
  /** The Prometheus text of the service's and the process's metrics. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

/**
 * Node's own metrics, once per process: each collection starts an event-loop monitor and a GC
 * observer that are never stopped, so a test process building hundreds of apps shares one set.
 * In production a process is one service, so this is that service's.
 */
let nodeRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!nodeRegistry) {
    nodeRegistry = new Registry();
    collectDefaultMetrics({ register: nodeRegistry });
  }
  return nodeRegistry;
}

function existing<M>(registry: Registry, name: string): M | undefined {
  return registry.getSingleMetric(name) as M | undefined;
}

export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const node = processMetrics();

  const counter = <L extends string>(config: Config<CounterConfiguration<L>>): Counter<L> =>
    existing<Counter<L>>(registry, config.name) ?? new Counter<L>({ ...config, registers: [registry] });
  const gauge = <L extends string>(config: Config<GaugeConfiguration<L>>): Gauge<L> =>
    existing<Gauge<L>>(registry, config.name) ?? new Gauge<L>({ ...config, registers: [registry] });
  const histogram = <L extends string>(config: Config<HistogramConfiguration<L>>): Histogram<L> =>
    existing<Histogram<L>>(registry, config.name) ?? new Histogram<L>({ ...config, registers: [registry] });

  return {
    service,
    registry,
    httpRequests: counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
    }),
    httpDuration: histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being written, in seconds',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_DURATION_BUCKETS,
    }),
    rateLimitRefusals: counter({
      name: 'tunnelscope_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limiter, by route pattern',
      labelNames: ['route'],
    }),
    counter,
    gauge,
    histogram,
    async exposition() {
      // Merged per scrape so the process's metrics carry this service's label too.
      const merged = Registry.merge([node, registry]);
      merged.setDefaultLabels({ service });
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

export type { Counter, Gauge, Histogram, Metric };
