/**
 * The globe's rotation state, without three.js: auto-rotation unless the user is dragging (or
 * asked for reduced motion), drag to spin and tilt, and a short glide after a fling.
 */
export const AUTO_ROTATE_SPEED = 0.12; // radians per second: one turn in about 52 s
const MAX_TILT = 1.0; // radians: keeps the poles from flipping over
const GLIDE_DECAY = 3; // per second
const MIN_GLIDE = 0.02; // radians per second

export class GlobeMotion {
  spin: number;
  tilt: number;
  /** prefers-reduced-motion: no auto-rotation and no glide. */
  reducedMotion: boolean;
  /** Spin speed left over from a fling, radians per second. */
  glide = 0;
  private dragging = false;
  private lastX = 0;
  private lastY = 0;
  private lastTime = 0;

  constructor({ spin, tilt, reducedMotion }: { spin: number; tilt: number; reducedMotion: boolean }) {
    this.spin = spin;
    this.tilt = tilt;
    this.reducedMotion = reducedMotion;
  }

  get isDragging(): boolean {
    return this.dragging;
  }

  /** True while a frame could change something: rotating, dragging or gliding. */
  get animating(): boolean {
    return this.dragging || this.glide !== 0 || !this.reducedMotion;
  }

  pointerDown(x: number, y: number, time: number): void {
    this.dragging = true;
    this.glide = 0;
    this.lastX = x;
    this.lastY = y;
    this.lastTime = time;
  }

  /** Follows the pointer: dragging across `widthPx` turns the globe half a turn. */
  pointerMove(x: number, y: number, time: number, widthPx: number): void {
    if (!this.dragging) return;
    const perPixel = Math.PI / Math.max(widthPx, 1);
    const dSpin = (x - this.lastX) * perPixel;
    this.spin += dSpin;
    this.tilt = Math.min(MAX_TILT, Math.max(-MAX_TILT, this.tilt + (y - this.lastY) * perPixel));
    const dt = (time - this.lastTime) / 1000;
    if (dt > 0) this.glide = dSpin / dt;
    this.lastX = x;
    this.lastY = y;
    this.lastTime = time;
  }

  /** Ends the drag; a fling keeps spinning and slows down unless motion is reduced. */
  pointerUp(time: number): void {
    if (!this.dragging) return;
    this.dragging = false;
    // A pause before letting go means no fling.
    if (this.reducedMotion || time - this.lastTime > 100) this.glide = 0;
  }

  /** Advances by `dt` seconds. */
  step(dt: number): void {
    if (this.dragging) return;
    if (this.glide !== 0) {
      this.spin += this.glide * dt;
      this.glide *= Math.exp(-GLIDE_DECAY * dt);
      if (Math.abs(this.glide) < MIN_GLIDE) this.glide = 0;
    }
    if (!this.reducedMotion) this.spin += AUTO_ROTATE_SPEED * dt;
  }
}
