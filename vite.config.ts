import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// One config for the SPA build and the three test projects.
export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time at the best ratio; the
  // server sends the one the browser accepts (server/plugins/spa.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets scripts/size.ts tell which chunks each screen loads.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // `npm test` runs the unit files beside the server and browser ones on the same
          // cores: a screen test that takes 3 s alone can take three times that there.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
