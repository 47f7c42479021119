import { useComputedColorScheme } from '@mantine/core';
import { Component, lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { GLOBE_CITIES, GLOBE_LINKS, type GlobeCity } from './cities.js';
import { GlobeStatic } from './GlobeStatic.js';
import { GLOBE_PALETTES } from './palette.js';
import { isWebGLAvailable } from './webgl.js';
import { useHydrated } from '../../prerender/use-hydrated.js';
import classes from './Globe.module.css';

// three.js lives only in this chunk; the landing page's initial JavaScript never carries it.
const GlobeCanvas = lazy(() => import('./GlobeCanvas.js'));

/** 'pending': still picture until we know; 'webgl': 3D globe (picture stays until its first frame). */
type GlobeMode = 'pending' | 'webgl' | 'static';

/** Catches a 3D chunk that fails to load or render, so the still picture takes over. */
class GlobeBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function globeLabel(cities: readonly GlobeCity[]): string {
  return `Globe marking ${cities.length} cities where VPN servers cluster: ${cities.map((c) => c.name).join(', ')}.`;
}

/**
 * The network globe: a three.js globe that auto-rotates and spins when dragged, loaded when it
 * comes near the viewport; a still SVG picture of the same globe where WebGL is missing or fails.
 */
export function Globe({
  cities = GLOBE_CITIES,
  links = GLOBE_LINKS,
}: {
  cities?: readonly GlobeCity[];
  links?: readonly (readonly [string, string])[];
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<GlobeMode>('pending');
  const [ready, setReady] = useState(false);
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The prerendered picture is the light one; the visitor's scheme applies once hydration is done.
  const scheme = useHydrated() ? computed : 'light';

  useEffect(() => {
    if (!isWebGLAvailable()) {
      setMode('static');
      return undefined;
    }
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') {
      setMode('webgl');
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setMode('webgl');
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  const handleReady = useCallback(() => setReady(true), []);
  const handleFailure = useCallback(() => {
    setReady(false);
    setMode('static');
  }, []);

  return (
    <div className={classes.root}>
      <div
        ref={frameRef}
        role="img"
        aria-label={globeLabel(cities)}
        className={classes.frame}
        data-mode={mode}
      >
        {!ready && <GlobeStatic cities={cities} links={links} palette={GLOBE_PALETTES[scheme]} />}
        {mode === 'webgl' && (
          <GlobeBoundary onError={handleFailure}>
            <Suspense fallback={null}>
              <GlobeCanvas cities={cities} links={links} onReady={handleReady} onFailure={handleFailure} />
            </Suspense>
          </GlobeBoundary>
        )}
      </div>
      <div className={classes.legend}>
        <span className={classes.legendItem}>
          <span className={classes.swatchDot} aria-hidden="true" />
          VPN server hub
        </span>
        <span className={classes.legendItem}>
          <span className={classes.swatchLine} aria-hidden="true" />
          Backbone route
        </span>
        {mode !== 'static' && <span>Drag to spin</span>}
      </div>
    </div>
  );
}
