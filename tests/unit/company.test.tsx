import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Person, PersonAnswer } from '../../contract/api/people';
import { ProjectAnswer, ProjectList } from '../../contract/api/projects';
import type { Role } from '../../src/api/types';
import { expectAmountRule, pick, recordRequests, textsOf } from './helpers';
import { adminCompanies, created, deactivates, DEACTIVATED, personPage } from './fixtures/people';
import { onePage } from './fixtures/pages';
import { riversideTower } from './fixtures/records';
import { server } from './msw';
import { openDialog, fill, refusal, renderAs, rowMenuItems } from './fixtures/screens';

const esha = Person.parse({
  _id: 'p1',
  date: '2026-01-05T10:00:00.000Z',
  name: 'Esha Nair',
  email: 'esha@example.com',
  mobile: '9000000003',
  registration_number: 'EMP-1',
  status: 'active',
  role: 'employee',
  country: 'India',
  invitePending: false,
  version: 1,
});

const project = riversideTower();

const peopleHandlers = (data = [esha]) => [
  http.get('/api/company/getcompanyallemployee', () => HttpResponse.json(personPage(data))),
  http.get('/api/company/getallpm', () =>
    HttpResponse.json(personPage([{ ...esha, _id: 'pm-1', name: 'Priya Menon', role: 'pm' }])),
  ),
  adminCompanies([
    { ...esha, _id: 'c1', name: 'Acme Builders', role: 'company', employeeCount: 1 },
  ]),
];

const projectHandler = () =>
  http.get('/api/company/getcompanyallproject', () =>
    HttpResponse.json(ProjectList.parse(onePage([project], { totalAmount: project.price }))),
  );

describe('menu by role', () => {
  const linksOf = async (role: Role) => {
    server.use(...peopleHandlers(), projectHandler());
    renderAs(role, '/app/project');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    return textsOf(nav, 'link');
  };

  it('an admin gets the company screens, Payment Mode included (to read)', async () => {
    const links = await linksOf('admin');
    expect(links).toEqual(
      expect.arrayContaining([
        'Company List',
        'Project Manager List',
        'All Bank',
        'Payment Mode',
        'Report List',
      ]),
    );
  });

  it('a company gets its people, projects, bank and Payment Mode, not the Company List', async () => {
    const links = await linksOf('company');
    expect(links).toEqual(expect.arrayContaining(['Project Manager List', 'Payment Mode']));
    expect(links).not.toContain('Company List');
  });

  it('a PM gets TLs, employees and projects only', async () => {
    const links = await linksOf('pm');
    expect(links).toEqual(expect.arrayContaining(['TL List', 'Employee List', 'Project List']));
    for (const other of ['Company List', 'Project Manager List', 'All Bank', 'Payment Mode'])
      expect(links).not.toContain(other);
  });
});

describe('people lists', () => {
  it('shows the columns: Reg.No, Country India, Phone, Status', async () => {
    server.use(...peopleHandlers([{ ...esha, mobile: '' }]));
    renderAs('company', '/app/employee');
    const row = (await screen.findByText('Esha Nair')).closest('tr')!;
    const cells = textsOf(row, 'cell');
    expect(cells.slice(0, 8)).toEqual([
      '1',
      '05/01/2026',
      'EMP-1',
      'Esha Nair',
      'India',
      '#',
      'esha@example.com',
      'Active',
    ]);
  });

  it.each([
    ['an admin reads only: no Add, and the row menu has Show alone', 'admin'],
    ['a PM reads only too', 'pm'],
  ] as const)('%s', async (_, role) => {
    server.use(...peopleHandlers());
    const { user } = renderAs(role, '/app/employee');
    await screen.findByText('Esha Nair');
    expect(screen.queryByRole('button', { name: 'Add New Employee' })).not.toBeInTheDocument();
    expect(await rowMenuItems(user, 'Esha Nair')).toEqual(['Show']);
  });

  it('a company gets Show, Edit and Deactivate', async () => {
    server.use(...peopleHandlers());
    const { user } = renderAs('company', '/app/employee');
    expect(await rowMenuItems(user, 'Esha Nair')).toEqual(['Show', 'Edit', 'Deactivate']);
  });

  it('Add New Employee creates an employee (type preset and fixed)', async () => {
    server.use(...peopleHandlers(), created('User created successfully', esha));
    const log = recordRequests();
    const { user } = renderAs('company', '/app/employee');
    await user.click(await screen.findByRole('button', { name: 'Add New Employee' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    const type = within(dialog).getByLabelText('User Type');
    expect(type).toBeDisabled();
    expect(type).toHaveValue('employee');
    expect(textsOf(type, 'option')).toEqual(['company', 'employee', 'pm', 'tl', 'team', 'Other']);
    await fill(user, dialog, { Name: 'Ravi', Email: 'ravi@example.com', Contact: '9000000009' });
    // An employee never signs in: no password, no invite.
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Registration Number'), 'EMP-9');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(await log.to('/api/user/createUser')[0]!.json()).toEqual({
      name: 'Ravi',
      email: 'ravi@example.com',
      mobile: '9000000009',
      registration_number: 'EMP-9',
      userType: 'employee',
    });
  });

  it('a refused create shows the fallback message on a server error', async () => {
    server.use(
      ...peopleHandlers(),
      http.post('/api/user/createUser', () => refusal('boom', { code: 'internal', status: 500 })),
    );
    const { user } = renderAs('company', '/app/pm');
    await user.click(await screen.findByRole('button', { name: 'Add New PM' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    expect(within(dialog).getByLabelText('User Type')).toHaveValue('pm');
    await fill(user, dialog, {
      Name: 'Ravi',
      Email: 'ravi@example.com',
      Contact: '9000000009',
      'Registration Number': 'PM-9',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create USER. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New User' })).toBeInTheDocument();
  });

  /** Opens Update User Details for `person` from the list at `route`; saving answers `person`. */
  async function openEdit(route: string, person: typeof esha) {
    server.use(
      ...peopleHandlers(),
      http.post('/api/company/edituser', () =>
        HttpResponse.json(
          PersonAnswer.parse({ success: true, message: 'User edited successfully', data: person }),
        ),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('company', route);
    await rowMenuItems(user, person.name);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    return { user, log, dialog: screen.getByRole('dialog', { name: 'Update User Details' }) };
  }

  it('Update User Details sends the status the form shows', async () => {
    const { user, log, dialog } = await openEdit('/app/employee', esha);
    // An employee does not sign in: the e-mail is a contact address the company keeps.
    expect(within(dialog).getByLabelText('Contact Email')).toHaveValue('esha@example.com');
    expect(within(dialog).getByLabelText('Contact Email')).not.toHaveAttribute('readonly');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User edited successfully')).toBeInTheDocument();
    expect(await log.to('/api/company/edituser')[0]!.json()).toEqual({
      _id: 'p1',
      version: 1,
      name: 'Esha Nair',
      email: 'esha@example.com',
      mobile: '9000000003',
      registration_number: 'EMP-1',
      status: 'inactive',
    });
  });

  it("Update User Details keeps a PM's sign-in e-mail read-only and does not send it", async () => {
    const priya = { ...esha, _id: 'pm-1', name: 'Priya Menon', role: 'pm' as const };
    const { user, log, dialog } = await openEdit('/app/pm', priya);
    const email = within(dialog).getByLabelText('Contact Email');
    expect(email).toHaveValue('esha@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      'Only they can change the e-mail they sign in with, on their Profile.',
    );
    await user.type(email, 'x');
    expect(email).toHaveValue('esha@example.com');
    await user.type(within(dialog).getByLabelText('Contact Mobile'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User edited successfully')).toBeInTheDocument();
    const sent = await log.to('/api/company/edituser')[0]!.json();
    expect(sent).toEqual({
      _id: 'pm-1',
      version: 1,
      name: 'Priya Menon',
      mobile: '90000000031',
      registration_number: 'EMP-1',
      status: 'active',
    });
  });

  it('Deactivate asks first, then deactivates', async () => {
    server.use(...peopleHandlers(), deactivates());
    const log = recordRequests();
    const { user } = renderAs('company', '/app/employee');
    await rowMenuItems(user, 'Esha Nair');
    const confirm = await openDialog(user, 'Deactivate', 'Deactivate employee');
    expect(log.to('/api/users/p1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(DEACTIVATED)).toBeInTheDocument();
    expect(log.to('/api/users/p1')).toHaveLength(1);
  });
});

describe('Project List', () => {
  it('an admin\'s Add New Project says "You can\'t Create" and opens nothing', async () => {
    server.use(...peopleHandlers(), projectHandler());
    const { user } = renderAs('admin', '/app/project');
    await screen.findByText('Riverside Tower');
    await user.click(screen.getByRole('button', { name: 'Add New Project' }));
    expect(await screen.findByText("You can't Create")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await rowMenuItems(user, 'Riverside Tower')).toEqual(['Show']);
  });

  it('shows the columns, # for an empty status, what was invoiced, and the total price', async () => {
    const invoicing = { invoiced: 11800, received: 5200.25, pending: 6599.75 };
    server.use(
      http.get('/api/company/getcompanyallproject', () =>
        HttpResponse.json(
          ProjectList.parse(onePage([{ ...project, invoicing }], { totalAmount: project.price })),
        ),
      ),
    );
    renderAs('company', '/app/project');
    const row = (await screen.findByText('Riverside Tower')).closest('tr')!;
    const cells = textsOf(row, 'cell');
    expect(cells.slice(0, 11)).toEqual([
      '1',
      '15/03/2026',
      'Kapoor Estates',
      'Riverside Tower',
      '9811122233',
      '6 months',
      'Advance paid',
      '₹12,50,000.50',
      '₹11,800.00received ₹5,200.25pending ₹6,599.75',
      '#',
      'Priya Menon',
    ]);
    expect(screen.getByText(/^Total Price:/)).toHaveTextContent('₹12,50,000.50');
  });

  it("a company's form offers its PMs and sends the PM's id", async () => {
    server.use(
      ...peopleHandlers(),
      projectHandler(),
      http.post('/api/company/createproject', () =>
        refusal('price must have at most 2 decimal places', { field: 'price' }),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/project');
    await user.click(await screen.findByRole('button', { name: 'Add New Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Project' });
    for (const [label, value] of [
      ['Project Name', 'Canal Bridge'],
      ['Client Name', 'City Works'],
      ['Client Number', '98'],
      ['Duration', '2 years'],
      ['Payment Status', 'Pending'],
      ['Price (₹)', '10.5'],
    ])
      await user.type(within(dialog).getByLabelText(label!), value!);
    await pick(user, 'Project Manager', 'Priya Menon');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // The server's 400 message, and the form stays open.
    expect(await screen.findByText('price must have at most 2 decimal places')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Price (₹)')).toHaveAccessibleDescription(
      'price must have at most 2 decimal places',
    );
    expect(screen.getByRole('dialog', { name: 'Add New Project' })).toBeInTheDocument();
    const body = await log.to('/api/company/createproject')[0]!.json();
    expect(body).toMatchObject({
      projectName: 'Canal Bridge',
      price: 10.5,
      projectManager: 'pm-1',
    });
  });

  it('sends prices of 19.99, 1.10 and 0.29; refuses 1.234, -1 and 100000000000', async () => {
    server.use(
      ...peopleHandlers(),
      projectHandler(),
      http.post('/api/company/createproject', () => refusal('Refused')),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/project');
    await user.click(await screen.findByRole('button', { name: 'Add New Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Project' });
    for (const label of [
      'Project Name',
      'Client Name',
      'Client Number',
      'Duration',
      'Payment Status',
    ])
      await user.type(within(dialog).getByLabelText(label), 'x');
    await expectAmountRule(user, dialog, log, '/api/company/createproject', {
      label: 'Price (₹)',
      key: 'price',
    });
  });

  it('the assigned PM updates Status by PM, and has no Edit', async () => {
    server.use(
      projectHandler(),
      http.post('/api/company/updateprojectstatus', () =>
        HttpResponse.json(
          ProjectAnswer.parse({
            success: true,
            message: 'Project status updated successfully',
            data: project,
          }),
        ),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('pm', '/app/project');
    await screen.findByText('Riverside Tower');
    expect(screen.queryByRole('button', { name: 'Add New Project' })).not.toBeInTheDocument();
    const dialog = await openDialog(
      user,
      'Update status of Riverside Tower',
      'Update Status by PM',
    );
    await user.type(within(dialog).getByLabelText('Status by PM'), 'Foundation done');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Project status updated successfully')).toBeInTheDocument();
    expect(await log.to('/api/company/updateprojectstatus')[0]!.json()).toEqual({
      _id: 'pr1',
      version: 1,
      statusByPm: 'Foundation done',
    });
  });
});

describe('Account Statement', () => {
  it('lists the projects of the range; a PM type needs a PM and sends its id', async () => {
    server.use(...peopleHandlers(), projectHandler());
    const log = recordRequests();
    const { user } = renderAs('company', '/app/accountstatement');
    await user.type(await screen.findByLabelText('Start Date'), '2026-03-01');
    await user.type(screen.getByLabelText('End Date'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Riverside Tower')).toBeInTheDocument();
    expect(screen.getByText(/^Total Price:/)).toHaveTextContent('₹12,50,000.50');
    const first = new URL(log.to('/api/company/getcompanyallproject')[0]!.url).searchParams;
    expect([first.get('from'), first.get('to'), first.get('projectManagerId')]).toEqual([
      '2026-03-01',
      '2026-03-31',
      null,
    ]);

    await user.selectOptions(screen.getByLabelText('Type'), 'pm');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select a project manager.')).toBeInTheDocument();
    await pick(user, 'Project Manager', 'Priya Menon', 'Pri');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(log.to('/api/company/getcompanyallproject')).toHaveLength(2));
    const second = new URL(log.to('/api/company/getcompanyallproject')[1]!.url).searchParams;
    expect(second.get('projectManagerId')).toBe('pm-1');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Riverside Tower')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('');
  });

  it('an admin must pick a company first, then reads its statement', async () => {
    server.use(...peopleHandlers(), projectHandler());
    const log = recordRequests();
    const { user } = renderAs('admin', '/app/accountstatement');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select a company.')).toBeInTheDocument();
    expect(log.to('/api/company/getcompanyallproject')).toHaveLength(0);
    await pick(user, 'Company', 'Acme Builders');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Riverside Tower')).toBeInTheDocument();
    expect(
      new URL(log.to('/api/company/getcompanyallproject')[0]!.url).searchParams.get('companyId'),
    ).toBe('c1');
  });
});
