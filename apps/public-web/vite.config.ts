import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `pnpm build` also prerenders every route into dist/.pages (src/prerender); the gateway serves
// those pages with the runtime settings filled in. `vite` alone renders on the client and proxies
// the API to a running gateway (bash scripts/start.sh) for development.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Read by the prerender (src/prerender): which CSS and chunks each route's page needs.
    manifest: true,
    rollupOptions: {
      output: {
        // React is a long-lived vendor chunk (it changes far less often than the pages). Mantine is
        // left to the bundler on purpose: one Mantine chunk would make the landing page preload the
        // components of every other page (selects, popovers, floating-ui).
        manualChunks(id) {
          if (id.includes('node_modules/three')) return 'three';
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) return 'react';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
