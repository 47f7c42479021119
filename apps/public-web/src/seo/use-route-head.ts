import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { runtimeConfig } from '../runtime-config.js';
import { seoFor } from './routes.js';

function setContent(selector: string, attribute: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the tab's title, the description and the canonical address true after a navigation in
 * the page (the prerendered `<head>` is right for the first route only). The canonical link keeps
 * the origin the gateway wrote (its `PUBLIC_ORIGIN`).
 */
export function useRouteHead(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { seo } = seoFor(pathname);
    document.title = seo.title(runtimeConfig.brandName);
    setContent('meta[name="description"]', 'content', seo.description(runtimeConfig.brandName));
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) {
      const url = new URL(pathname, canonical.href).href;
      canonical.href = url;
      setContent('meta[property="og:url"]', 'content', url);
    }
  }, [pathname]);
}
