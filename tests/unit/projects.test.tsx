import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Project, ProjectAnswer, ProjectList } from '../../contract/api/projects';
import { pick, recordRequests } from './helpers';
import { CLIENT_ID, client, clientHandlers } from './invoicingFixtures';
import { server } from './msw';
import { renderAs } from './fixtures/screens';

/** The project form's Client: a client of the company fills and locks its name and number. */

const made = Project.parse({
  _id: 'pr9',
  date: '2026-11-20',
  projectName: 'Dock Repairs',
  clientName: 'Acme Traders',
  clientNumber: '+919876543210',
  duration: '2 months',
  price: 900,
  paymentStatus: 'Pending',
  status: '',
  risk: '',
  statusByPm: '',
  projectManager: '',
  projectManagerId: null,
  clientId: CLIENT_ID,
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
});

const NO_ROWS = { success: true, data: [], total: 0, page: 1, pageSize: 20 };

const handlers = () => [
  ...clientHandlers([client(), client({ _id: 'c2', name: 'Bharat Metals', mobile: null })]),
  http.get('/api/company/getcompanyallproject', () =>
    HttpResponse.json(ProjectList.parse({ ...NO_ROWS, totalAmount: 0 })),
  ),
  http.post('/api/company/createproject', () =>
    HttpResponse.json(
      ProjectAnswer.parse({ success: true, message: 'Project created successfully', data: made }),
      { status: 201 },
    ),
  ),
];

async function openForm() {
  const rendered = renderAs('company', '/app/project');
  await rendered.user.click(await screen.findByRole('button', { name: 'Add New Project' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Add New Project' }) };
}

type Opened = Awaited<ReturnType<typeof openForm>>;
type Log = ReturnType<typeof recordRequests>;

/** Types the fields, creates, and answers the body the form sent. */
async function create({ user, dialog }: Opened, log: Log, fields: [string, string][]) {
  for (const [label, value] of fields) await user.type(within(dialog).getByLabelText(label), value);
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Project created successfully')).toBeInTheDocument();
  return log.to('/api/company/createproject')[0]!.json();
}
const REST: [string, string][] = [
  ['Project Name', 'Dock Repairs'],
  ['Duration', '2 months'],
  ['Payment Status', 'Pending'],
  ['Price (₹)', '900'],
];

describe('Project form Client', () => {
  it('choosing a client fills and locks its name and number, and sends clientId', async () => {
    server.use(...handlers());
    const log = recordRequests();
    const form = await openForm();
    const { user, dialog } = form;
    await user.type(within(dialog).getByLabelText('Client Name'), 'Typed');
    // The search goes to the server as the user types.
    const box = within(dialog).getByRole('combobox', { name: 'Client' });
    await user.click(box);
    await user.type(box, 'acm');
    await waitFor(() =>
      expect(
        log.to('/api/invoicing/clients').map((r) => new URL(r.url).searchParams.get('search')),
      ).toContain('acm'),
    );
    await user.click(await screen.findByRole('option', { name: 'Acme Traders' }));
    const name = within(dialog).getByLabelText('Client Name');
    const number = within(dialog).getByLabelText('Client Number');
    expect(name).toHaveValue('Acme Traders');
    expect(number).toHaveValue('+919876543210');
    expect(name).toHaveAttribute('readonly');
    expect(number).toHaveAttribute('readonly');

    expect(await create(form, log, REST)).toMatchObject({
      projectName: 'Dock Repairs',
      clientId: CLIENT_ID,
      clientName: 'Acme Traders',
      clientNumber: '+919876543210',
    });
  });

  it('clearing the client leaves its name to edit and sends no client', async () => {
    server.use(...handlers());
    const log = recordRequests();
    const form = await openForm();
    const { user, dialog } = form;
    await pick(user, 'Client', 'Acme Traders');
    await pick(user, 'Client', 'No client (type the name)');
    const name = within(dialog).getByLabelText('Client Name');
    expect(name).toHaveValue('Acme Traders');
    expect(name).not.toHaveAttribute('readonly');
    await user.clear(name);
    const sent = await create(form, log, [
      ['Client Name', 'Walk-in'],
      ['Client Number', '98'],
      ...REST,
    ]);
    expect(sent).toMatchObject({
      clientId: null,
      clientName: 'Walk-in',
    });
  });
});
