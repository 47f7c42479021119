import { AUTO_ROTATE_SPEED, GlobeMotion } from './motion.js';

describe('GlobeMotion', () => {
  it('auto-rotates eastward while nobody drags', () => {
    const motion = new GlobeMotion({ spin: 0, tilt: 0.3, reducedMotion: false });
    motion.step(2);
    expect(motion.spin).toBeCloseTo(2 * AUTO_ROTATE_SPEED, 9);
    expect(motion.tilt).toBe(0.3);
    expect(motion.animating).toBe(true);
  });

  it('stops auto-rotating while dragged, follows the pointer, and resumes after release', () => {
    const motion = new GlobeMotion({ spin: 0, tilt: 0, reducedMotion: false });
    motion.pointerDown(100, 100, 0);
    motion.step(1);
    expect(motion.spin).toBe(0);
    motion.pointerMove(300, 100, 500, 400); // half the width: a quarter turn
    expect(motion.spin).toBeCloseTo(Math.PI / 2, 9);
    motion.step(1);
    expect(motion.spin).toBeCloseTo(Math.PI / 2, 9);
    motion.pointerUp(1000); // held still before letting go: no fling
    expect(motion.glide).toBe(0);
    motion.step(1);
    expect(motion.spin).toBeCloseTo(Math.PI / 2 + AUTO_ROTATE_SPEED, 9);
  });

  it('tilts with vertical drags, within limits', () => {
    const motion = new GlobeMotion({ spin: 0, tilt: 0, reducedMotion: false });
    motion.pointerDown(0, 0, 0);
    motion.pointerMove(0, 10_000, 10, 400);
    expect(motion.tilt).toBe(1);
    motion.pointerMove(0, -10_000, 20, 400);
    expect(motion.tilt).toBe(-1);
  });

  it('keeps spinning after a fling, slowing down to a stop', () => {
    const motion = new GlobeMotion({ spin: 0, tilt: 0, reducedMotion: false });
    motion.pointerDown(0, 0, 0);
    motion.pointerMove(40, 0, 16, 400);
    motion.pointerUp(20);
    const fling = motion.glide;
    expect(fling).toBeGreaterThan(0);
    motion.step(0.5);
    expect(Math.abs(motion.glide)).toBeLessThan(fling);
    for (let i = 0; i < 100; i += 1) motion.step(0.1);
    expect(motion.glide).toBe(0);
  });

  it('does not move by itself when reduced motion is asked for', () => {
    const motion = new GlobeMotion({ spin: 1, tilt: 0, reducedMotion: true });
    expect(motion.animating).toBe(false);
    motion.step(5);
    expect(motion.spin).toBe(1);
    motion.pointerDown(0, 0, 0);
    motion.pointerMove(40, 0, 16, 400);
    motion.pointerUp(20);
    expect(motion.glide).toBe(0);
    expect(motion.animating).toBe(false);
  });
});
