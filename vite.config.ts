import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * The signed-in frame (AppShell) and the first screen of every session (the dashboard) with
 * what they import, as one chunk: left to itself the bundler cuts them into a dozen files of
 * a few hundred bytes, and a browser on HTTP/1.1 (as `npm start` serves) fetches six at a
 * time. Modules the first script already has stay in it; the two screens' own modules and
 * the chart's styles stay in their own chunks.
 */
const FRAME_ROOTS = /src\/features\/(shell\/AppShell|dashboard\/DashboardScreen)\.tsx$/;
const OWN_CHUNK = /src\/features\/(shell\/AppShell\.tsx|dashboard\/(?!dashboardApi))|\.css$/;
const frameModules = new Set<string>();

/** Fills `frameModules` with the static imports of FRAME_ROOTS, once the graph is known. */
function frameChunk(): Plugin {
  return {
    name: 'frame-chunk',
    apply: 'build',
    buildEnd() {
      const stack = [...this.getModuleIds()].filter((id) => FRAME_ROOTS.test(id));
      while (stack.length) {
        const id = stack.pop()!;
        if (frameModules.has(id)) continue;
        frameModules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

// One config for the SPA build and the three test projects.
export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time at the best ratio; the
  // server sends the one the browser accepts (server/plugins/spa.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] }), frameChunk()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets scripts/size.ts tell which chunks each screen loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first script imports, in that script: no tiny files beside it. Its
            // priority keeps the frame (which takes its modules' imports along) from taking any.
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: 'frame',
              test: (id) => frameModules.has(id) && !OWN_CHUNK.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
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
