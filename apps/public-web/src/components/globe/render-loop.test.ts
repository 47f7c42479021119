import { RenderLoop } from './render-loop.js';

/** A hand-driven requestAnimationFrame. */
function fakeFrames() {
  let next = 1;
  const pending = new Map<number, FrameRequestCallback>();
  return {
    requestFrame: (cb: FrameRequestCallback) => {
      pending.set(next, cb);
      return next++;
    },
    cancelFrame: (id: number) => void pending.delete(id),
    get pending() {
      return pending.size;
    },
    run(now: number) {
      const callbacks = [...pending.values()];
      pending.clear();
      callbacks.forEach((cb) => cb(now));
    },
  };
}

describe('RenderLoop', () => {
  it('draws frames while on screen and visible, with the time between them', () => {
    const frames = fakeFrames();
    const dts: number[] = [];
    const loop = new RenderLoop((dt) => (dts.push(dt), true), frames);
    loop.wake();
    frames.run(1000);
    frames.run(1016);
    expect(dts).toEqual([0, 0.016]);
    expect(loop.running).toBe(true);
  });

  it('pauses off screen and resumes without a jump', () => {
    const frames = fakeFrames();
    const dts: number[] = [];
    const loop = new RenderLoop((dt) => (dts.push(dt), true), frames);
    loop.wake();
    frames.run(1000);
    loop.setInView(false);
    expect(frames.pending).toBe(0);
    loop.wake();
    expect(frames.pending).toBe(0);
    loop.setInView(true);
    frames.run(9000);
    expect(dts).toEqual([0, 0]);
  });

  it('pauses while the tab is hidden', () => {
    const frames = fakeFrames();
    const loop = new RenderLoop(() => true, frames);
    loop.wake();
    loop.setPageVisible(false);
    expect(loop.running).toBe(false);
    expect(frames.pending).toBe(0);
    loop.setPageVisible(true);
    expect(loop.running).toBe(true);
  });

  it('stops asking for frames when nothing moves, until woken', () => {
    const frames = fakeFrames();
    let calls = 0;
    const loop = new RenderLoop(() => (calls++, false), frames);
    loop.wake();
    frames.run(0);
    expect(calls).toBe(1);
    expect(frames.pending).toBe(0);
    loop.wake();
    frames.run(16);
    expect(calls).toBe(2);
  });

  it('starts paused when told it is off screen', () => {
    const frames = fakeFrames();
    const loop = new RenderLoop(() => true, {
      requestFrame: frames.requestFrame,
      cancelFrame: frames.cancelFrame,
      inView: false,
    });
    loop.wake();
    expect(frames.pending).toBe(0);
    loop.stop();
  });
});
