/** The stand-in's settings, from the environment: the one place this package reads it. */
export interface Config {
  port: number;
  host: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw = env.TURNSTILE_STANDIN_PORT;
  const port = raw === undefined || raw === '' ? 8788 : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error('TURNSTILE_STANDIN_PORT must be a port number (0-65535)');
  }
  return { port, host: env.TURNSTILE_STANDIN_HOST || '127.0.0.1' };
}
