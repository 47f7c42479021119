import { useDocumentTitle } from '@mantine/hooks';
import { useLayoutEffect } from 'react';
import { runtimeConfig } from '../../runtime-config.js';

/**
 * Names the browser tab '{page} | {brand}' while the page shows, and gives the previous title back
 * when the visitor leaves (useDocumentTitle only ever sets it).
 */
export function usePageTitle(page: string): void {
  // Declared first: layout effects run in order, so this one reads the title before it changes.
  useLayoutEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useDocumentTitle(`${page} | ${runtimeConfig.brandName}`);
}
