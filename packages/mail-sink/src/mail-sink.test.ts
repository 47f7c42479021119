import nodemailer from 'nodemailer';
import { startMailSink, type MailSink } from './mail-sink.js';

describe('startMailSink', () => {
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink({ httpPort: 0 });
  });
  afterAll(() => sink.close());

  it('keeps a sent mail and lists it as JSON over HTTP', async () => {
    const transport = nodemailer.createTransport({ url: sink.smtpUrl } as never);
    await transport.sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Hi',
      text: 'code 123456',
    });
    const [mail] = await sink.waitFor((m) => m.subject === 'Hi');
    expect(mail?.to).toEqual(['b@example.com']);
    expect(mail?.text).toContain('123456');
    const res = await fetch(`${sink.httpUrl}/api/messages`);
    expect(((await res.json()) as unknown[]).length).toBe(1);
  });

  it('rejects a wait that is not satisfied in time', async () => {
    await expect(sink.waitFor((m) => m.subject === 'never', { timeoutMs: 50 })).rejects.toThrow('0/1');
  });
});
