/**
 * Whether this browser can give the globe a WebGL 2 context (three.js needs WebGL 2). Tries to
 * create one on a scratch canvas, then releases it at once.
 */
export function isWebGLAvailable(): boolean {
  try {
    if (typeof window === 'undefined' || typeof window.WebGL2RenderingContext === 'undefined') return false;
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
