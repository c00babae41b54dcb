import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from './msw';
import { dashboardHandler } from './helpers';
import { renderApp } from './fixtures/screens';

// The Import screen's code cannot be fetched: a dropped connection, or its chunk gone from the
// server after a newer version was installed while the tab was open.
vi.mock('../../src/features/import/ImportScreen', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a page whose code cannot load', () => {
  it('says so in the page, keeps the app around it, and another page opens', async () => {
    server.use(dashboardHandler(1, 10));
    const { user } = renderApp('/app/import');
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('This page could not be shown.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    // The menu is still there, and the next page opens.
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('View expenses')).toBeInTheDocument();
    expect(screen.queryByText('This page could not be shown.')).toBeNull();
    // React reports the error it caught; that report is expected here.
    vi.mocked(console.error).mockClear();
  });
});
