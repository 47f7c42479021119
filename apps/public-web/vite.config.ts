import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves dist/ and injects the runtime settings into index.html; `vite` alone
// proxies the API to a running gateway (bash scripts/start.sh) for development.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: they change far less often than the pages.
        manualChunks(id) {
          if (id.includes('node_modules/three')) return 'three';
          if (id.includes('node_modules/@mantine') || id.includes('node_modules/@floating-ui'))
            return 'mantine';
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) return 'react';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
