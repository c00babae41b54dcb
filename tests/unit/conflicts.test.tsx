import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ErrorResponse } from '../../contract/api/fields';
import { PersonList } from '../../contract/api/people';
import { Project, ProjectAnswer, ProjectList } from '../../contract/api/projects';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';
import type { Role } from '../../src/api/types';
import { recordRequests, signedIn, testUser } from './helpers';
import { riversideTower } from './fixtures/records';
import { onePage } from './fixtures/pages';
import { server } from './msw';
import { renderApp, openDialog, refill } from './fixtures/screens';

/**
 * Two tabs edit one record: the second save is refused as stale (409); the form says so,
 * lists what the other tab changed beside what this one has, and keeps the typing. "Save
 * mine" saves it against the version as it is now; Reload puts that version into the form.
 */

type ProjectRow = z.output<typeof Project>;

const opened = riversideTower({ statusByPm: 'Piling' });

/**
 * The server's one project: the list (or the reload, narrowed by id) answers it as it is
 * now; an update at another version is refused, one at its version applies and moves it on.
 */
function projectServer(updatePath: string) {
  const state = { project: opened };
  const handlers = [
    http.get('/api/company/getcompanyallproject', () =>
      HttpResponse.json(
        ProjectList.parse(onePage([state.project], { totalAmount: state.project.price })),
      ),
    ),
    http.get('/api/company/getallpm', () =>
      HttpResponse.json(
        PersonList.parse({ success: true, data: [], total: 0, page: 1, pageSize: 20 }),
      ),
    ),
    http.post(updatePath, async ({ request }) => {
      const {
        _id: _ignored,
        version,
        ...fields
      } = (await request.json()) as Record<string, unknown>;
      if (version !== state.project.version)
        return HttpResponse.json(
          ErrorResponse.parse({
            success: false,
            message: STALE_RECORD_MESSAGE,
            code: 'stale_record',
          }),
          { status: 409 },
        );
      state.project = { ...state.project, ...fields, version: state.project.version + 1 };
      return HttpResponse.json(
        ProjectAnswer.parse({ success: true, message: 'Project updated', data: state.project }),
      );
    }),
  ];
  /** Another tab saves first. */
  const changeElsewhere = (fields: Partial<ProjectRow>) => {
    state.project = { ...state.project, ...fields, version: state.project.version + 1 };
  };
  return { handlers, changeElsewhere, state };
}

function renderAs(role: Role) {
  return renderApp(
    '/app/project',
    signedIn({
      ...testUser,
      _id: role === 'pm' ? 'pm-1' : 'c-1',
      role,
      position: role === 'pm' ? 3 : 2,
    }),
  );
}

/**
 * Retypes `values` in `dialog` and sends Update, which the server refuses because the record
 * changed meanwhile: the alert that says so, in the dialog.
 */
async function updateRefusedAsStale(
  user: ReturnType<typeof renderAs>['user'],
  dialog: HTMLElement,
  values: Record<string, string>,
) {
  await refill(user, dialog, values);
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(STALE_RECORD_MESSAGE);
  return alert;
}

/**
 * The company opens the project's edit form; another tab saves `elsewhere` meanwhile; this
 * one types a Duration of 8 months and presses Update, which is refused as stale.
 */
async function staleCompanyEdit(elsewhere: Partial<ProjectRow>) {
  const api = projectServer('/api/company/updateproject');
  server.use(...api.handlers);
  const log = recordRequests();
  const { user } = renderAs('company');
  await user.click(await screen.findByRole('button', { name: 'Actions for Riverside Tower' }));
  const dialog = await openDialog(user, 'Edit', 'Edit Project');

  api.changeElsewhere(elsewhere);
  const alert = await updateRefusedAsStale(user, dialog, { Duration: '8 months' });
  return { api, log, user, dialog, alert };
}

describe('an edit made stale by another tab', () => {
  it("company: shows the message, Reload brings the other tab's values, then saves", async () => {
    const { api, log, user, dialog, alert } = await staleCompanyEdit({
      projectName: 'Riverside Tower II',
      clientName: 'Kapoor Group',
    });
    // Nothing was overwritten: the server kept the other tab's project.
    expect(api.state.project).toMatchObject({ projectName: 'Riverside Tower II', version: 2 });
    expect(await log.to('/api/company/updateproject')[0]!.json()).toMatchObject({
      _id: 'pr1',
      version: 1,
      duration: '8 months',
    });

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Project Name')).toHaveValue('Riverside Tower II');
    expect(within(dialog).getByLabelText('Client Name')).toHaveValue('Kapoor Group');
    expect(within(dialog).getByLabelText('Duration')).toHaveValue('6 months');
    // The list behind it shows the project as it is now too.
    expect(
      await screen.findByRole('button', { name: 'Actions for Riverside Tower II' }),
    ).toBeInTheDocument();

    await refill(user, dialog, { Duration: '8 months' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Project' })).not.toBeInTheDocument(),
    );
    const second = await log.to('/api/company/updateproject')[1]!.json();
    expect(second).toMatchObject({
      _id: 'pr1',
      version: 2,
      projectName: 'Riverside Tower II',
      duration: '8 months',
    });
    expect(api.state.project).toMatchObject({ duration: '8 months', version: 3 });
  });

  it("company: keeps the typing beside the other tab's changes; Save mine saves over them", async () => {
    const { api, log, user, dialog, alert } = await staleCompanyEdit({
      clientName: 'Kapoor Group',
      duration: '7 months',
    });
    // What they changed, each beside this form's value; the typing stays in the form.
    await within(alert).findByText('They changed:');
    const changes = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(changes).toEqual([
      'Client Name: now “Kapoor Group” (was “Kapoor Estates”) · yours: “Kapoor Estates”',
      'Duration: now “7 months” (was “6 months”) · yours: “8 months”',
    ]);
    expect(within(dialog).getByLabelText('Duration')).toHaveValue('8 months');
    expect(within(dialog).getByLabelText('Client Name')).toHaveValue('Kapoor Estates');

    // Saving again without confirming still carries the old version: refused, nothing lost.
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(log.to('/api/company/updateproject')).toHaveLength(2));
    expect(await log.to('/api/company/updateproject')[1]!.json()).toMatchObject({ version: 1 });
    expect(api.state.project).toMatchObject({ duration: '7 months', version: 2 });

    // Confirmed: the typed duration goes over theirs; the client name, left alone, is theirs.
    await user.click(await within(dialog).findByRole('button', { name: 'Save mine' }));
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    const sent = await log.to('/api/company/updateproject').at(-1)!.json();
    expect(sent).toMatchObject({
      version: 2,
      duration: '8 months',
      projectName: 'Riverside Tower',
    });
    expect(api.state.project).toMatchObject({
      clientName: 'Kapoor Group',
      duration: '8 months',
      version: 3,
    });
  });

  it('PM: sends only its status and version, and reloads the current status', async () => {
    const api = projectServer('/api/company/updateprojectstatus');
    server.use(...api.handlers);
    const log = recordRequests();
    const { user } = renderAs('pm');
    await user.click(
      await screen.findByRole('button', { name: 'Update status of Riverside Tower' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Update Status by PM' });

    // The company edits the project meanwhile.
    api.changeElsewhere({ price: 1300000, statusByPm: 'Piling done' });
    const alert = await updateRefusedAsStale(user, dialog, { 'Status by PM': 'Slab cast' });

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Status by PM')).toHaveValue('Piling done'),
    );
    await refill(user, dialog, { 'Status by PM': 'Slab cast' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Project updated')).toBeInTheDocument();

    const sent = await Promise.all(log.to('/api/company/updateprojectstatus').map((r) => r.json()));
    expect(sent).toEqual([
      { _id: 'pr1', version: 1, statusByPm: 'Slab cast' },
      { _id: 'pr1', version: 2, statusByPm: 'Slab cast' },
    ]);
    // The company's price stays: the PM's save sent nothing else.
    expect(api.state.project).toMatchObject({ price: 1300000, statusByPm: 'Slab cast' });
  });
});
