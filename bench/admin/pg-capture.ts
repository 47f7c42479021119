/**
 * A loopback TCP proxy in front of PostgreSQL that records the statements a client sends, with
 * their parameters, while forwarding every byte unchanged. The benchmark points a second,
 * short-lived forms-service at it to learn the exact SQL behind each list call (whatever the
 * service's code does), then runs that SQL under EXPLAIN (ANALYZE, BUFFERS) itself.
 *
 * Only the frontend (client → server) half of the protocol is read: the startup packet (and an
 * SSLRequest or CancelRequest, which have no type byte), then typed messages. Parse ('P') maps a
 * statement name to its text; Bind ('B') names the statement and carries the parameter values;
 * Query ('Q') is a simple-protocol statement. node-postgres sends text-format parameters
 * (format 0), so values are read as UTF-8 text; binary ones are recorded as hex.
 */
import net from 'node:net';

export interface CapturedStatement {
  sql: string;
  parameters: (string | null)[];
  at: number;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSSENC_REQUEST = 80877104;

class FrontendReader {
  private buf: Buffer = Buffer.alloc(0);
  private started = false;
  private readonly statements = new Map<string, string>();

  constructor(private readonly onStatement: (s: CapturedStatement) => void) {}

  feed(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (!this.started) {
        if (this.buf.length < 8) return;
        const len = this.buf.readInt32BE(0);
        if (this.buf.length < len) return;
        const code = this.buf.readInt32BE(4);
        this.buf = this.buf.subarray(len);
        // After an SSL or GSS request the client sends its startup packet (the proxied
        // server answers 'N' on loopback without TLS); a startup packet ends the untyped part.
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST && code !== CANCEL_REQUEST) this.started = true;
        continue;
      }
      if (this.buf.length < 5) return;
      const len = this.buf.readInt32BE(1);
      if (this.buf.length < 1 + len) return;
      const type = String.fromCharCode(this.buf[0]!);
      const body = this.buf.subarray(5, 1 + len);
      this.buf = this.buf.subarray(1 + len);
      try {
        this.message(type, body);
      } catch {
        // A message we cannot read is forwarded all the same; it is just not recorded.
      }
    }
  }

  private message(type: string, body: Buffer): void {
    let pos = 0;
    const cstring = () => {
      const end = body.indexOf(0, pos);
      const s = body.toString('utf8', pos, end);
      pos = end + 1;
      return s;
    };
    if (type === 'Q') {
      this.onStatement({ sql: cstring(), parameters: [], at: Date.now() });
    } else if (type === 'P') {
      const name = cstring();
      this.statements.set(name, cstring());
    } else if (type === 'B') {
      cstring(); // portal
      const statement = cstring();
      const nFormats = body.readInt16BE(pos);
      pos += 2;
      const formats: number[] = [];
      for (let i = 0; i < nFormats; i++, pos += 2) formats.push(body.readInt16BE(pos));
      const nParams = body.readInt16BE(pos);
      pos += 2;
      const parameters: (string | null)[] = [];
      for (let i = 0; i < nParams; i++) {
        const len = body.readInt32BE(pos);
        pos += 4;
        if (len < 0) {
          parameters.push(null);
          continue;
        }
        const format = nFormats === 0 ? 0 : nFormats === 1 ? formats[0] : formats[i];
        const bytes = body.subarray(pos, pos + len);
        pos += len;
        parameters.push(format === 1 ? `\\x${bytes.toString('hex')}` : bytes.toString('utf8'));
      }
      this.onStatement({ sql: this.statements.get(statement) ?? '', parameters, at: Date.now() });
    }
  }
}

export interface CaptureProxy {
  port: number;
  /** Statements seen since the last `take()`. */
  take(): CapturedStatement[];
  close(): Promise<void>;
}

export async function startCaptureProxy(target: { host: string; port: number }): Promise<CaptureProxy> {
  let captured: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const reader = new FrontendReader((s) => captured.push(s));
    client.on('data', (chunk: Buffer) => {
      reader.feed(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    take() {
      const out = captured;
      captured = [];
      return out;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
