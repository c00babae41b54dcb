import { setupServer } from 'msw/node';

/** The fake API of the unit tests; each test adds the handlers it needs with `server.use`. */
export const server = setupServer();
