import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VendorList } from '../../contract/api/vendors';
import type { Role } from '../../src/api/types';
import { recordRequests } from './helpers';
import { adminCompanies } from './fixtures/people';
import { server } from './msw';
import { renderAs, openDialog, refusal } from './fixtures/screens';

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

/** The Vendors screen, signed in as the test user in `role`. */
const renderVendors = (role: Role) => renderAs(role, '/app/vendors');

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
    const { user } = renderVendors('company');
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
  });

  it('an admin reads the vendors and cannot add or edit', async () => {
    server.use(listHandler(), adminCompanies());
    const { user } = renderVendors('admin');
    expect(await screen.findByText('Steel Traders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vendor' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Steel Traders' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
