import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VendorList } from '../../contract/api/vendors';
import type { Role } from '../../src/api/types';
import { recordRequests, signedIn, testUser } from './helpers';
import { server } from './msw';
import { renderApp, openDialog, refusal } from './fixtures/screens';

const vendor = {
  _id: 'v1',
  name: 'Steel Traders',
  gstin: null,
  email: null,
  mobile: '+919876543210',
  address: 'Pune',
  version: 1,
  createdAt: '2026-02-01T09:00:00.000Z',
};

const listHandler = () =>
  http.get('/api/vendors', () =>
    HttpResponse.json(
      VendorList.parse({ success: true, data: [vendor], total: 1, page: 1, pageSize: 20 }),
    ),
  );

function renderAs(role: Role) {
  return renderApp(
    '/app/vendors',
    signedIn({ ...testUser, role, position: role === 'admin' ? 1 : 2 }),
  );
}

describe('Vendors', () => {
  it('lists the vendors by name from the server and adds one, showing a refusal under its field', async () => {
    server.use(
      listHandler(),
      http.post('/api/vendors', () =>
        refusal('You have a vendor of that name already', {
          code: 'duplicate',
          field: 'name',
          status: 409,
        }),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('company');
    expect(await screen.findByText('Steel Traders')).toBeInTheDocument();
    const asked = new URL(log.to('/api/vendors')[0]!.url).searchParams;
    expect(asked.get('order')).toBe('asc');
    const dialog = await openDialog(user, 'Add vendor');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Steel Traders');
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(
        'You have a vendor of that name already',
      ),
    );
    expect(
      await log
        .to('/api/vendors')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toMatchObject({
      name: 'Steel Traders',
    });
    log.stop();
  });

  it('an admin reads the vendors and cannot add or edit', async () => {
    server.use(
      listHandler(),
      http.get('/api/user/getadminallcompany', () =>
        HttpResponse.json({ success: true, data: [], total: 0, page: 1, pageSize: 100 }),
      ),
    );
    const { user } = renderAs('admin');
    expect(await screen.findByText('Steel Traders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vendor' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Steel Traders' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
