import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves dist/ under /admin-<hex>/ and writes `<base href="/admin-<hex>/">` into
// index.html, so every asset URL is relative (`base: './'`) and no build knows the hex.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // React is a long-lived vendor chunk. recharts is left to the bundler on purpose: a named
        // chunk for it would also take shared helpers the entry needs, and load on the first page.
        manualChunks(id) {
          if (/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(?:react|react-dom|scheduler)\//.test(id))
            return 'react';
          return undefined;
        },
      },
    },
  },
});
