import { useMemo } from 'react';
import type { GlobeCity } from './cities.js';
import {
  apparentRadius,
  graticule,
  greatCircleArc,
  projectOrthographic,
  rotate,
  rotationFacing,
  type Vec3,
} from './geo.js';
import { GLOBE_VIEW, type GlobePalette } from './palette.js';
import classes from './Globe.module.css';

const SIZE = 200;
const HALF = SIZE / 2;
/** The same size as the WebGL globe through its camera, so swapping one for the other is seamless. */
const RADIUS = HALF * apparentRadius(GLOBE_VIEW.cameraDistance, GLOBE_VIEW.fov);

const round = (n: number) => Math.round(n * 10) / 10;

/** An SVG path through the points on the near side, lifting the pen where a line goes behind. */
function pathThrough(points: { x: number; y: number; front: boolean }[]): string {
  let d = '';
  let penDown = false;
  for (const p of points) {
    if (!p.front) {
      penDown = false;
      continue;
    }
    d += `${penDown ? 'L' : 'M'}${round(HALF + p.x * RADIUS)} ${round(HALF + p.y * RADIUS)}`;
    penDown = true;
  }
  return d;
}

function projectVector(v: Vec3) {
  const { spin, tilt } = rotationFacing(GLOBE_VIEW.center);
  const [x, y, z] = rotate(v, spin, tilt);
  return { x, y: -y, front: z > 0 };
}

/**
 * The globe as a still picture, drawn from the same math as the WebGL one: shown while the 3D
 * chunk loads, and instead of it where WebGL is unavailable. Markers on the far side show faintly.
 */
export function GlobeStatic({
  cities,
  links,
  palette,
}: {
  cities: readonly GlobeCity[];
  links: readonly (readonly [string, string])[];
  palette: GlobePalette;
}) {
  const drawing = useMemo(() => {
    const grid = graticule(30, 6)
      .map((line) => pathThrough(line.map((p) => projectOrthographic(p, GLOBE_VIEW.center))))
      .join('');
    const byName = new Map(cities.map((city) => [city.name, city]));
    const arcs = links
      .map(([from, to]) => {
        const a = byName.get(from);
        const b = byName.get(to);
        return a && b ? pathThrough(greatCircleArc(a, b, 32, GLOBE_VIEW.arcLift).map(projectVector)) : '';
      })
      .join('');
    const markers = cities.map((city) => {
      const p = projectOrthographic(city, GLOBE_VIEW.center);
      return {
        name: city.name,
        cx: round(HALF + p.x * RADIUS),
        cy: round(HALF + p.y * RADIUS),
        front: p.front,
      };
    });
    return { grid, arcs, markers };
  }, [cities, links]);

  return (
    <svg
      className={classes.picture}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      aria-hidden="true"
      focusable="false"
      data-testid="globe-static"
    >
      <circle cx={HALF} cy={HALF} r={RADIUS} fill={palette.body} />
      <path d={drawing.grid} fill="none" stroke={palette.line} strokeOpacity={0.55} strokeWidth={0.5} />
      <circle
        cx={HALF}
        cy={HALF}
        r={RADIUS}
        fill="none"
        stroke={palette.line}
        strokeOpacity={0.6}
        strokeWidth={0.6}
      />
      {drawing.markers
        .filter((m) => !m.front)
        .map((m) => (
          <circle
            key={m.name}
            data-city={m.name}
            cx={m.cx}
            cy={m.cy}
            r={1.6}
            fill={palette.marker}
            opacity={0.3}
          />
        ))}
      <path d={drawing.arcs} fill="none" stroke={palette.arc} strokeOpacity={0.8} strokeWidth={0.9} />
      {drawing.markers
        .filter((m) => m.front)
        .map((m) => (
          <g key={m.name} data-city={m.name}>
            <circle cx={m.cx} cy={m.cy} r={3.6} fill={palette.marker} opacity={0.25} />
            <circle cx={m.cx} cy={m.cy} r={1.8} fill={palette.marker} />
          </g>
        ))}
    </svg>
  );
}
