import { messageIdFor } from './mail-worker.js';

describe('messageIdFor', () => {
  it('is the same for every attempt of a job', () => {
    const job = { id: '42', timestamp: 1_790_000_000_000 };
    expect(messageIdFor(job, 'tunnelscope.example')).toBe('<mail.1790000000000.42@tunnelscope.example>');
    expect(messageIdFor({ ...job }, 'tunnelscope.example')).toBe(messageIdFor(job, 'tunnelscope.example'));
  });

  it('differs when job ids start again after Redis lost its data', () => {
    expect(messageIdFor({ id: '1', timestamp: 1000 }, 'x.example')).not.toBe(
      messageIdFor({ id: '1', timestamp: 2000 }, 'x.example'),
    );
  });

  it('hashes a custom job id that is not safe in a Message-ID', () => {
    const id = messageIdFor({ id: 'contact:ack <a@b> x', timestamp: 1000 }, 'x.example');
    expect(id).toMatch(/^<mail\.1000\.h\.[0-9a-f]{32}@x\.example>$/);
    expect(messageIdFor({ id: 'contact:ack <a@b> y', timestamp: 1000 }, 'x.example')).not.toBe(id);
  });
});
