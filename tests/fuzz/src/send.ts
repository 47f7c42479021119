/**
 * Sends a case as raw HTTP with node:http (not fetch): fetch normalises or refuses bodies,
 * methods and headers the fuzzer means to send as they are.
 */
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request node itself refuses to send (a header with a byte it will not write, say). */
export class UnsendableRequest extends Error {}

export function sendRaw(
  baseUrl: string,
  req: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer },
  timeoutMs = 30_000,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let r: http.ClientRequest;
    try {
      r = http.request({
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: {
          ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
          ...req.headers,
        },
        agent: false,
        timeout: timeoutMs,
      });
    } catch (err) {
      reject(new UnsendableRequest((err as Error).message));
      return;
    }
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', (err: NodeJS.ErrnoException) => {
      // The server may answer (413, say) and close while the body is still being written: node
      // reports the write's EPIPE/ECONNRESET after (or instead of) the response. Without a
      // response it is a real failure: the connection was dropped with no answer.
      reject(err);
    });
    if (req.body !== undefined) r.end(req.body);
    else r.end();
  });
}
