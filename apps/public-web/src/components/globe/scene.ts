import {
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  Line,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  RingGeometry,
  Scene,
  SphereGeometry,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import type { GlobeCity } from './cities.js';
import { fibonacciSphere, graticule, greatCircleArc, latLonToVector3, rotationFacing } from './geo.js';
import { GlobeMotion } from './motion.js';
import { GLOBE_VIEW, MAX_PIXEL_RATIO, type GlobePalette } from './palette.js';
import { RenderLoop } from './render-loop.js';

export interface GlobeSceneOptions {
  cities: readonly GlobeCity[];
  links: readonly (readonly [string, string])[];
  palette: GlobePalette;
  reducedMotion: boolean;
  /** The first frame is on screen. */
  onReady: () => void;
  /** The GPU took the context away: show the static picture instead. */
  onContextLost: () => void;
}

export interface GlobeScene {
  setPalette(palette: GlobePalette): void;
  setReducedMotion(reduced: boolean): void;
  dispose(): void;
}

const DOT_COUNT = 1600;

/**
 * Builds the WebGL globe inside `container` (its own canvas, so a remount never reuses a context
 * that dispose() released): a shaded sphere, a dotted surface, a graticule, route arcs and one
 * marker per city. Throws when three.js cannot create a WebGL context.
 */
export function createGlobeScene(container: HTMLElement, options: GlobeSceneOptions): GlobeScene {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true, powerPreference: 'low-power' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
  try {
    return buildScene(container, renderer, options);
  } catch (error) {
    renderer.dispose();
    renderer.forceContextLoss();
    throw error;
  }
}

function buildScene(container: HTMLElement, renderer: WebGLRenderer, options: GlobeSceneOptions): GlobeScene {
  const canvas = renderer.domElement;

  const scene = new Scene();
  const camera = new PerspectiveCamera(GLOBE_VIEW.fov, 1, 0.1, 20);
  camera.position.set(0, 0, GLOBE_VIEW.cameraDistance);

  const globe = new Group();
  scene.add(globe);

  const bodyMaterial = new MeshBasicMaterial();
  globe.add(new Mesh(new SphereGeometry(0.995, 48, 32), bodyMaterial));

  const dotMaterial = new PointsMaterial({ size: 0.016, transparent: true, opacity: 0.8 });
  const dots = new BufferGeometry();
  dots.setAttribute('position', new Float32BufferAttribute(fibonacciSphere(DOT_COUNT, 1.003), 3));
  globe.add(new Points(dots, dotMaterial));

  const lineMaterial = new LineBasicMaterial({ transparent: true, opacity: 0.35 });
  const gridPositions: number[] = [];
  for (const line of graticule(30, 3)) {
    for (let i = 1; i < line.length; i += 1) {
      const a = line[i - 1]!;
      const b = line[i]!;
      gridPositions.push(...latLonToVector3(a.lat, a.lon, 1.001), ...latLonToVector3(b.lat, b.lon, 1.001));
    }
  }
  const grid = new BufferGeometry();
  grid.setAttribute('position', new Float32BufferAttribute(gridPositions, 3));
  globe.add(new LineSegments(grid, lineMaterial));

  const arcMaterial = new LineBasicMaterial({ transparent: true, opacity: 0.75 });
  const byName = new Map(options.cities.map((city) => [city.name, city]));
  for (const [from, to] of options.links) {
    const a = byName.get(from);
    const b = byName.get(to);
    if (!a || !b) continue;
    const arc = new BufferGeometry();
    arc.setAttribute(
      'position',
      new Float32BufferAttribute(greatCircleArc(a, b, 48, GLOBE_VIEW.arcLift).flat(), 3),
    );
    globe.add(new Line(arc, arcMaterial));
  }

  const markerMaterial = new MeshBasicMaterial();
  const haloMaterial = new MeshBasicMaterial({ transparent: true, opacity: 0.3, depthWrite: false });
  const markerGeometry = new SphereGeometry(0.016, 12, 8);
  const haloGeometry = new RingGeometry(0.022, 0.034, 24);
  const halos: Mesh[] = [];
  for (const city of options.cities) {
    const [x, y, z] = latLonToVector3(city.lat, city.lon, 1.005);
    const marker = new Mesh(markerGeometry, markerMaterial);
    marker.position.set(x, y, z);
    globe.add(marker);
    const halo = new Mesh(haloGeometry, haloMaterial);
    halo.position.set(x, y, z);
    halo.lookAt(x * 2, y * 2, z * 2);
    halos.push(halo);
    globe.add(halo);
  }

  const applyPalette = (palette: GlobePalette) => {
    bodyMaterial.color = new Color(palette.body);
    dotMaterial.color = new Color(palette.dot);
    lineMaterial.color = new Color(palette.line);
    arcMaterial.color = new Color(palette.arc);
    markerMaterial.color = new Color(palette.marker);
    haloMaterial.color = new Color(palette.marker);
  };
  applyPalette(options.palette);

  const motion = new GlobeMotion({
    ...rotationFacing(GLOBE_VIEW.center),
    reducedMotion: options.reducedMotion,
  });
  let elapsed = 0;
  let ready = false;

  const loop = new RenderLoop(
    (dt) => {
      motion.step(dt);
      globe.rotation.set(motion.tilt, motion.spin, 0);
      if (!motion.reducedMotion) {
        elapsed += dt;
        const pulse = 1 + 0.25 * Math.sin(elapsed * 2.5);
        for (const halo of halos) halo.scale.setScalar(pulse);
      }
      renderer.render(scene, camera);
      if (!ready) {
        ready = true;
        options.onReady();
      }
      return motion.animating;
    },
    { inView: typeof IntersectionObserver === 'undefined', pageVisible: !document.hidden },
  );

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    loop.wake();
  };
  resize();
  const resizeObserver = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resize);
  resizeObserver?.observe(container);

  const intersection =
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver((entries) => {
          const entry = entries[entries.length - 1];
          if (entry) loop.setInView(entry.isIntersecting);
        });
  intersection?.observe(container);

  const onVisibility = () => loop.setPageVisible(!document.hidden);
  document.addEventListener('visibilitychange', onVisibility);

  // Drag to spin: pointer events cover mouse, pen and touch. touch-action: pan-y (CSS) leaves
  // vertical swipes to page scrolling; the browser then cancels the pointer, ending the drag.
  let pointerId: number | undefined;
  const onPointerDown = (event: PointerEvent) => {
    if (pointerId !== undefined || (event.pointerType === 'mouse' && event.button !== 0)) return;
    pointerId = event.pointerId;
    canvas.setPointerCapture(event.pointerId);
    motion.pointerDown(event.clientX, event.clientY, event.timeStamp);
    canvas.dataset.dragging = 'true';
    loop.wake();
  };
  const onPointerMove = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    motion.pointerMove(event.clientX, event.clientY, event.timeStamp, canvas.clientWidth);
    loop.wake();
  };
  const onPointerEnd = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    pointerId = undefined;
    motion.pointerUp(event.timeStamp);
    delete canvas.dataset.dragging;
    loop.wake();
  };
  const onContextLost = (event: Event) => {
    event.preventDefault();
    loop.stop();
    options.onContextLost();
  };
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerEnd);
  canvas.addEventListener('pointercancel', onPointerEnd);
  canvas.addEventListener('lostpointercapture', onPointerEnd);
  canvas.addEventListener('webglcontextlost', onContextLost);

  container.appendChild(canvas);
  loop.wake();

  return {
    setPalette(palette) {
      applyPalette(palette);
      loop.wake();
    },
    setReducedMotion(reduced) {
      motion.reducedMotion = reduced;
      if (reduced) motion.glide = 0;
      loop.wake();
    },
    dispose() {
      loop.stop();
      resizeObserver?.disconnect();
      intersection?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerEnd);
      canvas.removeEventListener('pointercancel', onPointerEnd);
      canvas.removeEventListener('lostpointercapture', onPointerEnd);
      canvas.removeEventListener('webglcontextlost', onContextLost);
      const materials = new Set<Material>();
      scene.traverse((object: Object3D) => {
        const renderable = object as Partial<Mesh>;
        renderable.geometry?.dispose();
        const material = renderable.material;
        if (Array.isArray(material)) material.forEach((m) => materials.add(m));
        else if (material) materials.add(material);
      });
      materials.forEach((material) => material.dispose());
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
