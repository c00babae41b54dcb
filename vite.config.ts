import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { chunkGraph } from './vite.chunks.ts';
import { BROWSER_DATA_TEMPLATE, TEST_PGLITE_IMAGE } from './tests/setup/paths.ts';
import TwoLanes from './tests/setup/sequencer.ts';

const chunks = chunkGraph();

/** `react-router<path>` resolved to the production build's `<file>.mjs`. */
const reactRouterBuild = (path: string, file: string) => ({
  find: new RegExp(`^react-router${path}$`),
  replacement: fileURLToPath(
    new URL(`node_modules/react-router/dist/production/${file}.mjs`, import.meta.url),
  ),
});

/** The unit files that mock a module: run isolated, apart from the others (see below). */
const MOCKING_UNIT_FILES = ['tests/unit/pageFailure.test.tsx'];

// One config for the SPA build and the three test projects.
export default defineConfig(({ command }) => ({
  // Brotli and gzip copies of every text asset, made once at build time at the best ratio; the
  // server sends the one the browser accepts (server/plugins/spa.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] }), chunks.plugin],
  resolve: {
    // React Router's package points every bundler at its development build, whose warnings
    // build their messages on every render; a build takes the production one, the same code
    // without them. Both entry points, so that the app has one router and one set of contexts.
    alias:
      command === 'build'
        ? [reactRouterBuild('', 'index'), reactRouterBuild('/dom', 'dom-export')]
        : [],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets scripts/size.ts tell which chunks each screen loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : ''),
        codeSplitting: {
          // Highest priority first; see vite.chunks.ts.
          groups: [
            // Everything the (one) entry imports, in that script: no tiny files beside it.
            { name: 'index', tags: ['$initial'], priority: 4 },
            // The signed-in frame and the dashboard, the first screen of every session.
            { name: 'frame', test: chunks.inFrame, priority: 3 },
            // The toast library: the toast area (every page, after the first paint) and the
            // screens share it.
            { name: 'toastify', test: /node_modules[\\/]react-toastify[\\/]/, priority: 2 },
            // What the public pages import, so that none of them loads the screens' code.
            { name: 'public', test: chunks.inPublicPages, priority: 1 },
            // Date formatting: the notification panel needs it and no other shared code.
            {
              name: 'dates',
              test: /src[\\/]lib[\\/]dates\.ts$|node_modules[\\/]date-fns[\\/]/,
              priority: 0.5,
            },
            // What six or more lazily loaded parts (mostly screens) share: lists, forms. One
            // file, which the first of them brings and the rest find in the cache.
            { name: 'screens', test: chunks.forScreens, minShareCount: 6, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    // Two files at a time on the 2-core machine (vitest's default there is one): much of a
    // file's time is spent waiting on a server, a database thread or Chromium. The browser
    // files take turns in one lane beside the others (tests/setup/sequencer.ts).
    maxWorkers: 2,
    sequence: { sequencer: TwoLanes },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKING_UNIT_FILES],
          // A worker runs one unit file after another in the same module graph and jsdom
          // (half the project's CPU: each file imported and compiled the app's modules afresh).
          // The set-up file runs again for each and empties the page, storage and msw's
          // handlers after each test; a screen's code may already be in, so a test waits for
          // what it reads rather than for the first thing of its role on screen.
          isolate: false,
          setupFiles: ['tests/unit/setup.ts'],
          // `npm test` runs the unit files beside the server and browser ones on the same
          // cores: a screen test that takes 3 s alone can take three times that there.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // The unit files that mock a module (vi.mock), each in modules of its own: a mock
          // would stay for the files after it in a shared worker, and miss a module an earlier
          // file had loaded. `npm run test:unit` runs both unit projects.
          name: 'unit-isolated',
          environment: 'jsdom',
          include: MOCKING_UNIT_FILES,
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // A worker runs one server file after another in the same module graph rather than
          // importing the server's modules again for each (~1 s of CPU a file): each file opens
          // its own database and app, none mocks a module, and what server modules keep for the
          // process (statements per database, the hashing queue, upload turns) is no one app's.
          // A file warm from an earlier one runs its first tests within the second after its
          // server starts, when the app runs its scheduled jobs on the real date: the days a test
          // runs a job for itself come after today (2030–2099), out of that run's reach, or are
          // today only where the test expects nothing left to do.
          isolate: false,
          // Every in-memory database starts from one migrated copy made before the files run
          // (on PostgreSQL, DATABASE_URL, each file makes its own database instead).
          globalSetup: ['tests/setup/database.ts'],
          setupFiles: ['tests/setup/passwordCost.ts'],
          env: process.env.DATABASE_URL ? {} : { TEST_PGLITE_IMAGE },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          // The server bundle, a migrated data folder each file's server starts from a copy of,
          // and the run's Chromium, which each file connects to (tests/setup/browserServer.ts).
          globalSetup: ['tests/setup/browserServer.ts'],
          // Each file's server starts before the file loads.
          setupFiles: ['tests/browser/fileSetup.ts'],
          env: { TEST_BROWSER_DATA_DIR: BROWSER_DATA_TEMPLATE },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // What a test polls for (a mail in the outbox, a row in the database) can come seconds
          // after the page says so on a loaded machine: vitest's default gives up after one.
          // As long as the waits of tests/browser/helpers.ts.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
}));
