/** What `ipdb:generate` takes from the environment: the one place this package reads it. */
import { DEFAULT_IPDB_URL } from '@tunnelscope/service-kit';

export interface Config {
  /** The IP database, unless `--url` names another. */
  ipdbUrl: string;
  /** In production the generator refuses to replace the data without `--force`. */
  production: boolean;
  /** Where to write the generation report as JSON (benchmarks read it), if anywhere. */
  reportPath: string | undefined;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    ipdbUrl: env.IPDB_URL || DEFAULT_IPDB_URL,
    production: env.NODE_ENV === 'production',
    reportPath: env.IPDB_GENERATE_REPORT || undefined,
  };
}
