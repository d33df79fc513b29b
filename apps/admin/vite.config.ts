import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.VELLUM_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // /site: the public website, and its style sheet that the layout page's preview uses
  server: { port: 5173, proxy: { '/api': server, '/management': server, '/site': server } },
  // npm run build (scripts/build.ts) builds into a new folder under builds/ and points dist at it
  // (decision 0052); a bare `vite build` writes here, never into the build a server is serving
  build: { outDir: 'builds/direct', sourcemap: true, manifest: true },
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0') },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
