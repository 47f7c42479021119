/** Globe colours per colour scheme (Mantine's blue and orange scales), shared by both renderings. */
export interface GlobePalette {
  body: string;
  line: string;
  dot: string;
  marker: string;
  arc: string;
}

export const GLOBE_PALETTES: Record<'light' | 'dark', GlobePalette> = {
  light: { body: '#e7f5ff', line: '#74c0fc', dot: '#339af0', marker: '#d9480f', arc: '#fd7e14' },
  dark: { body: '#0f2238', line: '#1c7ed6', dot: '#4dabf7', marker: '#ffa94d', arc: '#ff922b' },
};

/** Where the globe starts (both renderings), and the camera the WebGL one looks through. */
export const GLOBE_VIEW = {
  center: { lat: 25, lon: 30 },
  cameraDistance: 3.7,
  fov: 35,
  /** How high a half-circle route arc rises above the surface at its middle (unit radius). */
  arcLift: 0.12,
} as const;

/** Upper bound of the renderer's pixel ratio: sharper than 2x costs GPU time nobody sees. */
export const MAX_PIXEL_RATIO = 2;
