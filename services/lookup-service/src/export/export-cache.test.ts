import { describe, expect, it } from '@jest/globals';
import type { DetectionIndex } from '../index/detection-index.js';
import type { Snapshot } from '../index/snapshot.js';
import { createExportCache } from './export-cache.js';
import type { ExportFiles } from './export-files.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An index whose snapshot is only its data version, and builds the test finishes by hand. */
function setup(retryAfterFailureMs = 0) {
  let version = 1;
  const index = {
    currentSnapshot: () => ({ dataVersion: { version, date: '2026-11-25' } }) as unknown as Snapshot,
  } as DetectionIndex;
  const pending: { version: number; finish: () => void; fail: () => void }[] = [];
  let builds = 0;
  const write = (snapshot: Snapshot, dir: string) => {
    builds++;
    return new Promise<ExportFiles>((resolve, reject) => {
      const v = snapshot.dataVersion.version;
      const file = (ext: string) => ({ path: `${dir}/missing-${v}.${ext}`, bytes: v });
      pending.push({
        version: v,
        finish: () =>
          resolve({
            dataVersion: snapshot.dataVersion,
            mmdb: file('mmdb'),
            csv: file('csv'),
            networks: 1,
            buildMs: 1,
          }),
        fail: () => reject(new Error('disk full')),
      });
    });
  };
  const cache = createExportCache({ index, logger: silent, write, retryAfterFailureMs });
  return {
    cache,
    pending,
    builds: () => builds,
    bump: () => version++,
  };
}

/** Turns of the event loop until `done` holds (the cache's file-system steps take a few); bounded. */
async function until(done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 1000 && !(await done()); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(await done()).toBe(true);
}
const built = (t: ReturnType<typeof setup>, version: number) => async () => {
  const state = await t.cache.current(0);
  return state !== null && 'files' in state && state.files.dataVersion.version === version;
};

describe('the export cache', () => {
  it('says a first build is under way without files, then serves it once built', async () => {
    const t = setup();
    expect(await t.cache.current(0)).toEqual({ building: 1, previous: null });
    expect(await t.cache.current(0)).toEqual({ building: 1, previous: null });
    // The build writes once its directory exists (a file-system step that can outlast both calls
    // on a busy machine): wait for that write, then count — the second download joined the first.
    await until(() => t.pending.length === 1);
    expect(t.builds()).toBe(1);
    t.pending[0]!.finish();
    await until(built(t, 1));
    expect(t.builds()).toBe(1);
    await t.cache.close();
  });

  it('answers with the build when it finishes within the wait', async () => {
    const t = setup();
    const asked = t.cache.current(10_000);
    await until(() => t.pending.length === 1);
    t.pending[0]!.finish();
    expect(await asked).toMatchObject({ files: { dataVersion: { version: 1 } } });
    await t.cache.close();
  });

  it('serves the previous version while the next one builds, and builds each version once', async () => {
    const t = setup();
    void t.cache.current(0);
    await until(() => t.pending.length === 1);
    t.pending[0]!.finish();
    await until(built(t, 1));
    t.bump();
    expect(await t.cache.current(0)).toMatchObject({
      building: 2,
      previous: { dataVersion: { version: 1 } },
    });
    expect(await t.cache.current(0)).toMatchObject({
      building: 2,
      previous: { dataVersion: { version: 1 } },
    });
    await until(() => t.pending.length === 2);
    expect(t.builds()).toBe(2);
    t.pending[1]!.finish();
    await until(built(t, 2));
    await t.cache.close();
  });

  it('builds one version at a time: a newer version waits until the running build is done', async () => {
    const t = setup();
    void t.cache.current(0);
    await until(() => t.pending.length === 1);
    t.bump();
    expect(await t.cache.current(0)).toEqual({ building: 2, previous: null });
    expect(t.builds()).toBe(1);
    t.pending[0]!.finish();
    // The next download after version 1 is on disk starts version 2, serving 1 meanwhile.
    await until(async () => {
      const state = await t.cache.current(0);
      return state !== null && 'building' in state && state.previous?.dataVersion.version === 1;
    });
    await until(() => t.pending.length === 2);
    expect(t.builds()).toBe(2);
    expect(t.pending[1]!.version).toBe(2);
    t.pending[1]!.finish();
    await until(built(t, 2));
    await t.cache.close();
  });

  it('refuses downloads for a while after a failed build instead of building again at once', async () => {
    const t = setup(60_000);
    await t.cache.current(0);
    await until(() => t.pending.length === 1);
    t.pending[0]!.fail();
    await until(async () => {
      const state = await t.cache.current(0);
      return state !== null && 'failed' in state;
    });
    expect(await t.cache.current(0)).toEqual({ failed: 1, previous: null });
    expect(t.builds()).toBe(1);
    await t.cache.close();
  });

  it('tries again on a later download once the pause after a failed build is over', async () => {
    const t = setup(0);
    await t.cache.current(0);
    await until(() => t.pending.length === 1);
    t.pending[0]!.fail();
    // The failure is forgotten: a later download starts a second build.
    await until(async () => (await t.cache.current(0), t.builds() === 2));
    await until(() => t.pending.length === 2);
    t.pending[1]!.finish();
    await until(built(t, 1));
    await t.cache.close();
  });
});
