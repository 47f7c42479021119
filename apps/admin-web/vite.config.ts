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
        manualChunks(id) {
          if (id.includes('node_modules/recharts') || id.includes('node_modules/d3-')) return 'charts';
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) return 'react';
          return undefined;
        },
      },
    },
  },
});
