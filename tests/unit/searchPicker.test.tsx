import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PersonList } from '../../contract/api/people';
import type { Person } from '../../src/api/peopleApi';
import { useScope } from '../../src/session/scope';
import { CompanyPicker } from '../../src/ui/CompanyPicker';
import { Modal } from '../../src/ui/Modal';
import {
  chainResults,
  fixedResults,
  SearchPicker,
  type PickerResults,
} from '../../src/ui/SearchPicker';
import { recordRequests, renderWithProviders, signedIn, textsOf } from './helpers';
import { server } from './msw';

const LIST = '/api/user/getadminallcompany';

/** 150 companies, "Company 001" to "Company 150", in name order. */
const companies: Person[] = Array.from({ length: 150 }, (_, i) => {
  const n = String(i + 1).padStart(3, '0');
  return {
    _id: `c${n}`,
    date: '2026-01-05T10:00:00.000Z',
    name: `Company ${n}`,
    email: `company${n}@example.com`,
    mobile: '9000000000',
    registration_number: `R-${n}`,
    status: 'active',
    role: 'company',
    country: 'India',
    employeeCount: 0,
    invitePending: false,
    version: 1,
  };
});

/** The admin's company list as the server pages it: search, companyId, page, pageSize. */
function companiesHandler() {
  server.use(
    http.get(LIST, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const search = (q.get('search') ?? '').toLowerCase();
      const companyId = q.get('companyId');
      const page = Number(q.get('page') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 20);
      const rows = companies.filter(
        (c) => (!companyId || c._id === companyId) && c.name.toLowerCase().includes(search),
      );
      return HttpResponse.json(
        PersonList.parse({
          success: true,
          data: rows.slice((page - 1) * pageSize, page * pageSize),
          total: rows.length,
          page,
          pageSize,
        }),
      );
    }),
  );
}

function Picker() {
  return <CompanyPicker scope={useScope()} />;
}

function renderPicker(route = '/') {
  companiesHandler();
  const rec = recordRequests();
  const view = renderWithProviders(<Picker />, { route, preloadedState: signedIn() });
  const box = screen.getByRole('combobox', { name: 'Company' });
  const sent = () => rec.to(LIST).map((r) => Object.fromEntries(new URL(r.url).searchParams));
  const listbox = () => screen.getByRole('listbox', { name: 'Company options' });
  const optionNames = () => textsOf(listbox(), 'option');
  return { ...view, box, sent, listbox, optionNames };
}

describe('SearchPicker', () => {
  it('asks nothing until opened, then lists the first page by name with "All companies"', async () => {
    const { user, box, sent, optionNames } = renderPicker();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('placeholder', 'All companies');
    expect(sent()).toHaveLength(0);
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(await screen.findByText('Showing 20 of 150')).toBeInTheDocument();
    expect(optionNames()).toEqual(['All companies', ...companies.slice(0, 20).map((c) => c.name)]);
    expect(sent()).toEqual([{ page: '1', pageSize: '20', sort: 'name', order: 'asc' }]);
  });

  it('typing searches the server once the typing stops, and says when nothing matches', async () => {
    const { user, box, sent, optionNames } = renderPicker();
    await user.click(box);
    await screen.findByText('Showing 20 of 150');
    await user.type(box, 'company 14');
    expect(await screen.findByText('Showing 10 of 10')).toBeInTheDocument();
    // The search option list has no "All companies": it is a choice, not a match.
    expect(optionNames()).toEqual(companies.slice(139, 149).map((c) => c.name));
    // One search for the whole text, not one a key.
    expect(sent().map((q) => q.search)).toEqual([undefined, 'company 14']);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows "Loading…" while the search is on its way', async () => {
    companiesHandler();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(LIST, async () => {
        await gate;
        return HttpResponse.json(
          PersonList.parse({ success: true, data: [], total: 0, page: 1, pageSize: 20 }),
        );
      }),
    );
    const { user } = renderWithProviders(<Picker />, { preloadedState: signedIn() });
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it('picks with the keyboard: arrows move the active option, Enter picks, Escape closes', async () => {
    const { user, box, location } = renderPicker();
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await screen.findByText('Showing 20 of 150');
    // Opened on the current choice ("All companies"), then down to the first company.
    expect(box).toHaveAttribute('aria-activedescendant', 'company-picker-option-0');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!)!;
    expect(active).toHaveTextContent('Company 002');
    expect(active).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Company 001');
    expect(new URLSearchParams(location().search).get('companyId')).toBe('c001');

    // Escape closes without changing the choice, and the label comes back.
    await user.keyboard('{ArrowDown}');
    await user.type(box, 'Company 09');
    await screen.findByText('Showing 10 of 10');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Company 001');
    expect(new URLSearchParams(location().search).get('companyId')).toBe('c001');
  });

  it('ArrowDown past the last loaded row loads the next page', async () => {
    const { user, box, sent } = renderPicker();
    box.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByText('Showing 20 of 150');
    await user.keyboard('{ArrowDown}'.repeat(21));
    expect(await screen.findByText('Showing 40 of 150')).toBeInTheDocument();
    expect(sent().map((q) => q.page)).toEqual(['1', '2']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Company 021');
  });

  it('"Show more" reaches the last of 150 companies, page by page', async () => {
    const { user, box, sent, location } = renderPicker();
    await user.click(box);
    await screen.findByText('Showing 20 of 150');
    for (let loaded = 40; loaded <= 160; loaded += 20) {
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      expect(
        await screen.findByText(`Showing ${Math.min(loaded, 150)} of 150`),
      ).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(sent().map((q) => q.page)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    // The list stayed open (the input kept the focus) through every click.
    expect(box).toHaveFocus();
    await user.click(screen.getByRole('option', { name: 'Company 150' }));
    expect(box).toHaveValue('Company 150');
    expect(new URLSearchParams(location().search).get('companyId')).toBe('c150');
  });

  it("shows the chosen company's name though it is on no loaded page", async () => {
    const { box, sent } = renderPicker('/?companyId=c150');
    await waitFor(() => expect(box).toHaveValue('Company 150'));
    // Looked up by its id alone.
    expect(sent()).toEqual([expect.objectContaining({ companyId: 'c150', pageSize: '1' })]);
  });

  it("says so when the address names a company that is not the admin's", async () => {
    const { box } = renderPicker('/?companyId=someone-elses');
    await waitFor(() => expect(box).toHaveValue('Unknown company'));
  });

  it('"All companies" takes the choice back', async () => {
    const { user, box, location } = renderPicker('/?companyId=c002');
    await waitFor(() => expect(box).toHaveValue('Company 002'));
    await user.click(box);
    await user.click(await screen.findByRole('option', { name: 'All companies' }));
    expect(box).toHaveValue('');
    expect(location().search).toBe('');
  });

  it("shows the caller's label of a saved choice; in a dialog, Escape closes the list only, Enter does not submit", async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const options = [
      { value: 'p1', label: 'Priya Menon' },
      { value: 'p2', label: 'Rahul Iyer' },
    ];
    function InDialog() {
      // A saved record's PM, on no page of the list: its label comes from the caller.
      const [value, setValue] = useState('p9');
      const [search, setSearch] = useState('');
      return (
        <Modal open title="Pick" onClose={onClose}>
          <form onSubmit={onSubmit}>
            <SearchPicker
              id="pm"
              label="Project Manager"
              value={value}
              selectedLabel="Someone saved"
              onChange={setValue}
              onSearch={setSearch}
              results={fixedResults(options, search)}
            />
          </form>
        </Modal>
      );
    }
    const { user } = renderWithProviders(<InDialog />);
    const box = screen.getByRole('combobox', { name: 'Project Manager' });
    expect(box).toHaveValue('Someone saved');
    await user.click(box);
    await user.type(box, 'rah');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Rahul Iyer']),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue('Rahul Iyer');
    await user.click(box);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    // Closed, Escape is the dialog's again.
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("keeps a chosen label's last part (an account's last four) whole, the rest cut first", async () => {
    const options = [{ value: 'a1', label: 'State Bank of India · Lotus Current · ••9012' }];
    function Accounts() {
      const [value, setValue] = useState('a1');
      const [search, setSearch] = useState('');
      return (
        <SearchPicker
          id="account"
          label="Bank Account"
          value={value}
          onChange={setValue}
          onSearch={setSearch}
          results={fixedResults(options, search)}
        />
      );
    }
    const { user, container } = renderWithProviders(<Accounts />);
    const box = screen.getByRole('combobox', { name: 'Bank Account' });
    expect(box).toHaveValue('State Bank of India · Lotus Current · ••9012');
    // Drawn beside the box, apart: the first part may shorten, the last one may not.
    const parts = () =>
      [...container.querySelectorAll('[data-part]')].map((p) => p.getAttribute('data-part'));
    expect(parts()).toEqual(['State Bank of India · Lotus Current', ' · ••9012']);
    // While the user types, the box shows what is typed, and nothing over it.
    await user.click(box);
    await user.type(box, 'lot');
    expect(parts()).toEqual([]);
    await user.keyboard('{Escape}');
    expect(parts()).toEqual(['State Bank of India · Lotus Current', ' · ••9012']);
  });

  it('several lists show as one: a list shows once the lists before it are fully loaded', () => {
    const list = (label: string, hasMore: boolean, total = 1): PickerResults => ({
      ...fixedResults([{ value: label, label }], ''),
      total,
      hasMore,
      loadMore: vi.fn(),
    });
    const you = fixedResults([{ value: 'me', label: 'Asha (you)' }], '');
    const companies = list('Acme (Company)', true, 30);
    const pms = list('Priya (PM)', false);
    const both = chainResults(you, companies, pms);
    expect(both.options.map((o) => o.label)).toEqual(['Asha (you)', 'Acme (Company)']);
    expect([both.total, both.hasMore]).toEqual([32, true]);
    both.loadMore();
    expect(companies.loadMore).toHaveBeenCalledTimes(1);
    expect(pms.loadMore).not.toHaveBeenCalled();
    const done = chainResults(you, list('Acme (Company)', false), pms);
    expect(done.options.map((o) => o.label)).toEqual([
      'Asha (you)',
      'Acme (Company)',
      'Priya (PM)',
    ]);
    expect(done.hasMore).toBe(false);
  });
});
