import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * The signed-in frame (AppShell) and the first screen of every session (the dashboard) with
 * what they import, as one chunk: unsplit, the bundler makes about a dozen files of a few
 * hundred bytes of them, and a browser on HTTP/1.1 (as `npm start` serves) fetches six at a
 * time. Modules the first script already has stay in it; the two screens' own modules and
 * the chart's styles stay in their own chunks.
 */
const FRAME_ROOTS = /src\/features\/(shell\/AppShell|dashboard\/DashboardScreen)\.tsx$/;
const OWN_CHUNK = /src\/features\/(shell\/AppShell\.tsx|dashboard\/(?!dashboardApi))|\.css$/;

/** The frame chunk's group test, from the static imports of FRAME_ROOTS once the graph is known. */
function frameChunk() {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'frame-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const stack = [...this.getModuleIds()].filter((id) => FRAME_ROOTS.test(id));
      while (stack.length) {
        const id = stack.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        const imports = this.getModuleInfo(id)?.importedIds ?? [];
        // The group takes a module's imports along with it: a screen's own module (or styles)
        // imported from shared code would load with every signed-in page.
        const own = OWN_CHUNK.test(id) ? undefined : imports.find((dep) => OWN_CHUNK.test(dep));
        if (own) this.error(`${id} imports ${own}, which would then be in the frame chunk`);
        stack.push(...imports);
      }
    },
  };
  return { plugin, test: (id: string) => modules.has(id) && !OWN_CHUNK.test(id) };
}
const frame = frameChunk();

// One config for the SPA build and the three test projects.
export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time at the best ratio; the
  // server sends the one the browser accepts (server/plugins/spa.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] }), frame.plugin],
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
            // Everything the (one) entry imports, in that script: no tiny files beside it. Its
            // priority keeps the frame (which takes its modules' imports along) from taking any.
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: 'frame',
              test: frame.test,
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
