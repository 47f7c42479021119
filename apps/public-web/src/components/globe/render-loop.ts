/**
 * A requestAnimationFrame loop that runs only while its canvas is on screen and the tab is
 * visible, and only while the frame callback says there is more to animate.
 */
export class RenderLoop {
  private handle = 0;
  private last = 0;
  private inView: boolean;
  private pageVisible: boolean;
  private readonly requestFrame: (cb: FrameRequestCallback) => number;
  private readonly cancelFrame: (id: number) => void;

  constructor(
    /** Draws one frame after `dt` seconds; answers whether another frame is needed. */
    private readonly frame: (dt: number) => boolean,
    {
      inView = true,
      pageVisible = true,
      requestFrame = (cb: FrameRequestCallback) => window.requestAnimationFrame(cb),
      cancelFrame = (id: number) => window.cancelAnimationFrame(id),
    }: {
      inView?: boolean;
      pageVisible?: boolean;
      requestFrame?: (cb: FrameRequestCallback) => number;
      cancelFrame?: (id: number) => void;
    } = {},
  ) {
    this.inView = inView;
    this.pageVisible = pageVisible;
    this.requestFrame = requestFrame;
    this.cancelFrame = cancelFrame;
  }

  get running(): boolean {
    return this.handle !== 0;
  }

  get active(): boolean {
    return this.inView && this.pageVisible;
  }

  setInView(inView: boolean): void {
    this.inView = inView;
    this.sync();
  }

  setPageVisible(visible: boolean): void {
    this.pageVisible = visible;
    this.sync();
  }

  /** Asks for a frame (something changed); ignored while off screen or hidden. */
  wake(): void {
    if (this.active && this.handle === 0) this.handle = this.requestFrame(this.tick);
  }

  stop(): void {
    if (this.handle !== 0) this.cancelFrame(this.handle);
    this.handle = 0;
    this.last = 0;
  }

  private sync(): void {
    if (this.active) this.wake();
    else this.stop();
  }

  private readonly tick = (now: number): void => {
    this.handle = 0;
    // After a pause, start again from zero rather than jumping by the time spent away.
    const dt = this.last === 0 ? 0 : Math.min(now - this.last, 100) / 1000;
    this.last = now;
    if (this.frame(dt)) this.wake();
    else this.last = 0;
  };
}
