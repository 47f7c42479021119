/** The mail sink's settings, from the environment: the one place this package reads it. */
export interface Config {
  smtpPort: number;
  httpPort: number;
  host: string;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0-65535)`);
  return n;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    smtpPort: port(env.MAIL_SINK_SMTP_PORT, 1025, 'MAIL_SINK_SMTP_PORT'),
    httpPort: port(env.MAIL_SINK_HTTP_PORT, 8025, 'MAIL_SINK_HTTP_PORT'),
    host: env.MAIL_SINK_HOST || '127.0.0.1',
  };
}
