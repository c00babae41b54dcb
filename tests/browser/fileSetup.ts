import { afterAll } from 'vitest';
import { startFileServerEarly, stopUntakenServer } from './appServer';

// Each browser file's server starts before the file itself is imported: the seconds of its
// start-up (Node, the bundle, PGlite) pass while playwright-core and the file load.
startFileServerEarly();

// A file that never took it (no useBrowserSuite) leaves no server behind.
afterAll(stopUntakenServer);
