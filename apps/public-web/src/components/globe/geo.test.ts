import {
  apparentRadius,
  fibonacciSphere,
  graticule,
  greatCircleArc,
  latLonToVector3,
  projectOrthographic,
  rotate,
  rotationFacing,
  type Vec3,
} from './geo.js';

const length = ([x, y, z]: Vec3) => Math.hypot(x, y, z);
const expectVector = (actual: Vec3, expected: Vec3) =>
  actual.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 6));

describe('latLonToVector3', () => {
  it('puts 0°N 0°E toward the viewer, the north pole up and the east to the right', () => {
    expectVector(latLonToVector3(0, 0), [0, 0, 1]);
    expectVector(latLonToVector3(90, 0), [0, 1, 0]);
    expectVector(latLonToVector3(-90, 45), [0, -1, 0]);
    expectVector(latLonToVector3(0, 90), [1, 0, 0]);
    expectVector(latLonToVector3(0, -90), [-1, 0, 0]);
    expectVector(latLonToVector3(0, 180), [0, 0, -1]);
  });

  it('lands on the sphere of the given radius', () => {
    for (const [lat, lon] of [
      [51.5, -0.13],
      [-33.87, 151.21],
      [40.71, -74.01],
    ] as const) {
      expect(length(latLonToVector3(lat, lon))).toBeCloseTo(1, 9);
      expect(length(latLonToVector3(lat, lon, 2.5))).toBeCloseTo(2.5, 9);
    }
  });

  it('matches a hand-computed point (45°N 45°E)', () => {
    expectVector(latLonToVector3(45, 45), [0.5, Math.SQRT1_2, 0.5]);
  });
});

describe('rotate and rotationFacing', () => {
  it('turns any centre toward the viewer', () => {
    for (const center of [
      { lat: 25, lon: 30 },
      { lat: -33.87, lon: 151.21 },
      { lat: 60, lon: -120 },
    ]) {
      const { spin, tilt } = rotationFacing(center);
      expectVector(rotate(latLonToVector3(center.lat, center.lon), spin, tilt), [0, 0, 1]);
    }
  });

  it('keeps lengths (a rotation)', () => {
    expect(length(rotate([0.3, -0.4, 0.5], 1.2, -0.7))).toBeCloseTo(length([0.3, -0.4, 0.5]), 9);
  });

  it('spins eastward with a positive spin', () => {
    const [x] = rotate(latLonToVector3(0, 0), Math.PI / 2, 0);
    expect(x).toBeCloseTo(1, 9);
  });
});

describe('projectOrthographic', () => {
  it('projects the centre to the middle of the disc and north upward (SVG y down)', () => {
    const center = { lat: 25, lon: 30 };
    const middle = projectOrthographic(center, center);
    expect(middle.x).toBeCloseTo(0, 9);
    expect(middle.y).toBeCloseTo(0, 9);
    expect(middle.front).toBe(true);
    expect(projectOrthographic({ lat: 40, lon: 30 }, center).y).toBeLessThan(0);
  });

  it('hides the antipode', () => {
    expect(projectOrthographic({ lat: -25, lon: -150 }, { lat: 25, lon: 30 }).front).toBe(false);
  });
});

describe('apparentRadius', () => {
  it('fills the view when the camera sits where the sphere just fits', () => {
    // A camera at distance 1/sin(fov/2) sees the sphere touch the top and bottom edges.
    const fov = 35;
    const fitting = 1 / Math.sin(((fov / 2) * Math.PI) / 180);
    expect(apparentRadius(fitting, fov)).toBeCloseTo(1, 9);
    expect(apparentRadius(fitting * 1.5, fov)).toBeLessThan(1);
  });
});

describe('fibonacciSphere', () => {
  it('makes count points on the sphere, spread over both hemispheres', () => {
    const points = fibonacciSphere(500, 2);
    expect(points).toHaveLength(1500);
    let north = 0;
    for (let i = 0; i < 500; i += 1) {
      const p: Vec3 = [points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!];
      expect(length(p)).toBeCloseTo(2, 4);
      if (p[1] > 0) north += 1;
    }
    expect(north).toBe(250);
  });
});

describe('greatCircleArc', () => {
  const london = { lat: 51.5074, lon: -0.1278 };
  const newYork = { lat: 40.7128, lon: -74.006 };

  it('starts and ends on the cities and bulges outward in between', () => {
    const arc = greatCircleArc(london, newYork, 20, 0.2);
    expect(arc).toHaveLength(21);
    expectVector(arc[0]!, latLonToVector3(london.lat, london.lon));
    expectVector(arc[20]!, latLonToVector3(newYork.lat, newYork.lon));
    expect(length(arc[10]!)).toBeGreaterThan(1);
    expect(length(arc[10]!)).toBeLessThanOrEqual(1.2);
  });

  it('copes with a zero-length arc', () => {
    for (const p of greatCircleArc(london, london, 4))
      expectVector(p, latLonToVector3(london.lat, london.lon));
  });
});

describe('graticule', () => {
  it('draws 12 meridians and 5 parallels every 30°', () => {
    const lines = graticule(30, 6);
    expect(lines).toHaveLength(17);
    expect(lines[0]![0]).toEqual({ lat: -90, lon: -180 });
    expect(lines.at(-1)!.every((p) => p.lat === 60)).toBe(true);
  });
});
