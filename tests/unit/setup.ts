import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { contractProblem } from './contractCheck';
import { server } from './msw';

// Lazy screens compile on first use under Vitest, and `npm test` runs another file beside
// this one on the same two cores: give async queries longer (only a failing wait is slower).
configure({ asyncUtilTimeout: 10_000 });

let consoleError: MockInstance<typeof console.error>;

// Every answer msw gives must be one the real server could give for that call.
const fixtureProblems: string[] = [];
const checkAnswer = async ({ request, response }: { request: Request; response: Response }) => {
  const problem = await contractProblem(request, response);
  if (problem) fixtureProblems.push(problem);
};
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('response:mocked', checkAnswer);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  const problems = fixtureProblems.splice(0);
  if (problems.length > 0) throw new Error(`msw answered off-contract:\n${problems.join('\n')}`);
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  // Anything the app (or React) logs as an error fails the test that caused it.
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});

// This file runs again for each test file, while msw's server may stay loaded from the last
// (a worker that is not isolated): the file's check goes with it.
afterAll(() => {
  server.events.removeListener('response:mocked', checkAnswer);
  server.close();
});
