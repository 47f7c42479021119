/**
 * Globe math shared by the WebGL scene and the static picture, free of three.js so the static
 * picture costs the landing page no 3D code. Axes follow three.js: y up (north), z toward the
 * viewer, x to the right; latitude 0, longitude 0 faces the viewer when nothing is rotated.
 */
export type Vec3 = readonly [number, number, number];

export interface LatLon {
  lat: number;
  lon: number;
}

const DEG = Math.PI / 180;

export const toRadians = (degrees: number): number => degrees * DEG;

/** A point on a sphere of `radius` at latitude/longitude in degrees. */
export function latLonToVector3(lat: number, lon: number, radius = 1): Vec3 {
  const phi = lat * DEG;
  const lambda = lon * DEG;
  return [
    radius * Math.cos(phi) * Math.sin(lambda),
    radius * Math.sin(phi),
    radius * Math.cos(phi) * Math.cos(lambda),
  ];
}

/**
 * Spins `v` by `spin` radians about the polar (y) axis, then tilts it by `tilt` radians about the
 * x axis: the order three.js applies an object's Euler rotation (x, y) to its children.
 */
export function rotate([x, y, z]: Vec3, spin: number, tilt: number): Vec3 {
  const cs = Math.cos(spin);
  const ss = Math.sin(spin);
  const x1 = x * cs + z * ss;
  const z1 = -x * ss + z * cs;
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  return [x1, y * ct - z1 * st, y * st + z1 * ct];
}

/** The rotation (spin, tilt) that turns the point at `center` toward the viewer. */
export function rotationFacing(center: LatLon): { spin: number; tilt: number } {
  return { spin: -center.lon * DEG, tilt: center.lat * DEG };
}

/**
 * Orthographic projection of a point onto the unit disc seen from the viewer, with SVG's y axis
 * (down). `front` is false for points on the far side.
 */
export function projectOrthographic(point: LatLon, center: LatLon): { x: number; y: number; front: boolean } {
  const { spin, tilt } = rotationFacing(center);
  const [x, y, z] = rotate(latLonToVector3(point.lat, point.lon), spin, tilt);
  return { x, y: -y, front: z > 0 };
}

/**
 * How large a unit sphere looks from `distance` through a perspective camera with a vertical field
 * of view of `fovDegrees`, as a fraction of half the viewport's height.
 */
export function apparentRadius(distance: number, fovDegrees: number): number {
  const angular = Math.asin(1 / distance);
  return Math.tan(angular) / Math.tan((fovDegrees / 2) * DEG);
}

/** `count` points spread evenly over a sphere (Fibonacci lattice), as x, y, z triples. */
export function fibonacciSphere(count: number, radius = 1): Float32Array {
  const out = new Float32Array(count * 3);
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < count; i += 1) {
    const y = 1 - ((i + 0.5) / count) * 2;
    const r = Math.sqrt(1 - y * y);
    const theta = golden * i;
    out[i * 3] = radius * r * Math.cos(theta);
    out[i * 3 + 1] = radius * y;
    out[i * 3 + 2] = radius * r * Math.sin(theta);
  }
  return out;
}

/**
 * The great-circle arc from `a` to `b` as `segments + 1` points, lifted off the unit sphere by up
 * to `lift` at its middle so it reads as a route rather than a scratch on the surface.
 */
export function greatCircleArc(a: LatLon, b: LatLon, segments = 32, lift = 0.15): Vec3[] {
  const p = latLonToVector3(a.lat, a.lon);
  const q = latLonToVector3(b.lat, b.lon);
  const dot = Math.min(1, Math.max(-1, p[0] * q[0] + p[1] * q[1] + p[2] * q[2]));
  const omega = Math.acos(dot);
  const sinOmega = Math.sin(omega);
  const points: Vec3[] = [];
  for (let i = 0; i <= segments; i += 1) {
    const t = i / segments;
    const [wa, wb] =
      sinOmega < 1e-6 ? [1 - t, t] : [Math.sin((1 - t) * omega) / sinOmega, Math.sin(t * omega) / sinOmega];
    const height = 1 + lift * Math.sin(Math.PI * t) * (omega / Math.PI);
    points.push([
      (wa * p[0] + wb * q[0]) * height,
      (wa * p[1] + wb * q[1]) * height,
      (wa * p[2] + wb * q[2]) * height,
    ]);
  }
  return points;
}

/** Lines of latitude and longitude every `step` degrees, each as a list of points. */
export function graticule(step = 30, resolution = 6): LatLon[][] {
  const lines: LatLon[][] = [];
  for (let lon = -180; lon < 180; lon += step) {
    const line: LatLon[] = [];
    for (let lat = -90; lat <= 90; lat += resolution) line.push({ lat, lon });
    lines.push(line);
  }
  for (let lat = -90 + step; lat < 90; lat += step) {
    const line: LatLon[] = [];
    for (let lon = -180; lon <= 180; lon += resolution) line.push({ lat, lon });
    lines.push(line);
  }
  return lines;
}
