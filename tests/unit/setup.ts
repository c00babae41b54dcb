import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { server } from './msw';

// Lazy screens compile on first use under Vitest: give async queries a little longer.
configure({ asyncUtilTimeout: 4000 });

let consoleError: MockInstance<typeof console.error>;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  localStorage.clear();
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  // Anything the app (or React) logs as an error fails the test that caused it.
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});

afterAll(() => server.close());
