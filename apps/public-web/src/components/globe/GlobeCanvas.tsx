import { useComputedColorScheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import type { GlobeCity } from './cities.js';
import { GLOBE_PALETTES } from './palette.js';
import { createGlobeScene, type GlobeScene } from './scene.js';
import classes from './Globe.module.css';

export interface GlobeCanvasProps {
  cities: readonly GlobeCity[];
  links: readonly (readonly [string, string])[];
  onReady: () => void;
  onFailure: () => void;
}

/**
 * The WebGL globe: the only module that imports three.js, loaded as its own chunk by Globe.
 * Owns the scene for its lifetime and disposes of it (GPU memory, listeners, context) on unmount.
 */
export default function GlobeCanvas({ cities, links, onReady, onFailure }: GlobeCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<GlobeScene | null>(null);
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const settings = useRef({ reducedMotion, scheme, onReady, onFailure });

  useEffect(() => {
    settings.current = { reducedMotion, scheme, onReady, onFailure };
    sceneRef.current?.setPalette(GLOBE_PALETTES[scheme]);
    sceneRef.current?.setReducedMotion(reducedMotion);
  }, [reducedMotion, scheme, onReady, onFailure]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    let scene: GlobeScene;
    try {
      scene = createGlobeScene(host, {
        cities,
        links,
        palette: GLOBE_PALETTES[settings.current.scheme],
        reducedMotion: settings.current.reducedMotion,
        onReady: () => settings.current.onReady(),
        onContextLost: () => settings.current.onFailure(),
      });
    } catch {
      // No usable WebGL after all (blocked, lost or out of memory): Globe shows the still picture.
      settings.current.onFailure();
      return undefined;
    }
    sceneRef.current = scene;
    return () => {
      sceneRef.current = null;
      scene.dispose();
    };
  }, [cities, links]);

  return <div ref={hostRef} className={classes.canvasHost} />;
}
