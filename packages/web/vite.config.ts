import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the three API bases and the live channel to a local Headway server.
const target = process.env.HEADWAY_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': target,
      '/prod-api': target,
      '/dispatch/api': target,
      '/dispatch/websocket': { target, ws: true },
    },
  },
});
