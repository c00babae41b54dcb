import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../src/ui/DataTable';
import { DetailsModal } from '../../src/ui/DetailsModal';
import { Modal } from '../../src/ui/Modal';
import { PagedTable } from '../../src/ui/PagedTable';
import { Pagination } from '../../src/ui/Pagination';
import { RowMenu } from '../../src/ui/RowMenu';

describe('DetailsModal', () => {
  const record = {
    _id: 'x1',
    user: 'u1',
    Admin: 'a',
    Pm: 'p',
    Company: 'c',
    CreatedById: 'cb',
    CompanyId: 'ci',
    password: 'secret',
    createdAt: '2024-01-01T00:00:00.000Z',
    __v: 0,
    holder_name: 'Ravi Kumar',
    issueDate: '2024-03-05',
    tags: ['rent', 'office'],
  };

  it('hides the internal fields, formats dates DD/MM/YYYY and joins arrays', () => {
    render(<DetailsModal record={record} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Data Details' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (const hidden of ['x1', 'u1', 'secret', 'cb', 'ci']) {
      expect(screen.queryByText(hidden)).not.toBeInTheDocument();
    }
    for (const label of ['Admin', 'Pm', 'Company', 'Created At', 'Password', 'V']) {
      expect(screen.queryByText(label)).not.toBeInTheDocument();
    }
    expect(screen.getByText('Holder Name')).toBeInTheDocument();
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Issue Date')).toBeInTheDocument();
    expect(screen.getByText('05/03/2024')).toBeInTheDocument();
    expect(screen.getByText('rent, office')).toBeInTheDocument();
  });

  it('is closed without a record', () => {
    render(<DetailsModal record={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Modal', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open it</button>
        <Modal open={open} title="Edit thing" onClose={() => setOpen(false)}>
          <form>
            <label htmlFor="f">Field</label>
            <input id="f" />
          </form>
        </Modal>
      </>
    );
  }

  it('moves focus in, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Field')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open it' })).toHaveFocus();
  });
});

describe('RowMenu', () => {
  it('offers Show, Edit and Delete, and only Show without write access', async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    const { rerender } = render(
      <RowMenu label="Row 1" onShow={onShow} onEdit={() => {}} onDelete={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Row 1' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onShow).toHaveBeenCalledOnce();

    rerender(
      <RowMenu
        label="Row 1"
        onShow={onShow}
        onEdit={() => {}}
        onDelete={() => {}}
        canWrite={false}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Row 1' }));
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('RowMenu placement', () => {
  // jsdom's window is 1024 x 768; the toggle is put where a row would be.
  async function openAt(top: number) {
    const user = userEvent.setup();
    render(<RowMenu label="Row 1" onShow={() => {}} onEdit={() => {}} onDelete={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Actions for Row 1' });
    toggle.getBoundingClientRect = () => new DOMRect(900, top, 40, 30);
    await user.click(toggle);
    return document.getElementById(toggle.getAttribute('aria-controls')!)!;
  }

  it('opens under a row with room below it', async () => {
    const panel = await openAt(100);
    expect(panel.style.top).toBe('134px');
    expect(panel.style.bottom).toBe('');
  });

  it('opens above a row near the bottom of the screen, so every action can be reached', async () => {
    const panel = await openAt(700);
    expect(panel.style.top).toBe('');
    expect(panel.style.bottom).toBe(`${768 - 700 + 4}px`);
  });

  it('is placed by its drawn height (large text), not only by the guess', async () => {
    // Drawn 300 px tall, where four items are guessed at 154: no room below a row at 500.
    const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!;
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        return this.id ? 300 : 0;
      },
    });
    try {
      const panel = await openAt(500);
      expect(panel.style.top).toBe('');
      expect(panel.style.bottom).toBe(`${768 - 500 + 4}px`);
    } finally {
      Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
    }
  });
});

describe('RowMenu as a disclosure', () => {
  function renderInScroller() {
    render(
      <div>
        <div data-testid="table-scroller" style={{ overflowX: 'auto' }}>
          <RowMenu label="Row 1" onShow={() => {}} onEdit={() => {}} onDelete={() => {}} />
        </div>
        <p>Elsewhere</p>
      </div>,
    );
    return screen.getByRole('button', { name: 'Actions for Row 1' });
  }

  it('says what it controls: aria-expanded and aria-controls on the panel, no aria-haspopup', async () => {
    const user = userEvent.setup();
    const toggle = renderInScroller();
    expect(toggle).not.toHaveAttribute('aria-haspopup');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Show', 'Edit', 'Delete']);
    expect(within(panel).getByRole('button', { name: 'Show' })).toHaveFocus();
  });

  it('stays open while its own table scrolls (sideways or with the page)', async () => {
    const user = userEvent.setup();
    const toggle = renderInScroller();
    await user.click(toggle);
    fireEvent.scroll(screen.getByTestId('table-scroller'));
    fireEvent.scroll(document);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('closes on Escape (focus back on the button) and on a click outside', async () => {
    const user = userEvent.setup();
    const toggle = renderInScroller();
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('DataTable density and pinned actions', () => {
  const columns = ['a', 'b', 'actions'].map((key) => ({
    key,
    header: key,
    render: (row: { id: string }) => `${key}-${row.id}`,
  }));

  it('compact density and the last column sticky on the right, on a background', () => {
    render(
      <DataTable
        caption="Wide"
        columns={columns}
        rows={[{ id: '1' }]}
        rowKey={(r) => r.id}
        density="compact"
        pinLastColumn
      />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('data-density', 'compact');
    const header = screen.getByRole('columnheader', { name: 'actions' });
    const cell = screen.getByRole('cell', { name: 'actions-1' });
    for (const pinned of [header, cell]) expect(pinned).toHaveClass('sticky', 'right-0');
    expect(header).toHaveClass('bg-gray-50');
    expect(cell).toHaveClass('bg-white');
    expect(screen.getByRole('cell', { name: 'a-1' })).not.toHaveClass('sticky');
  });
});

describe('Pagination', () => {
  it("shows 'Page X of Y' and moves between pages", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageSize={20} total={45} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

describe('PagedTable', () => {
  interface Row {
    id: number;
    name: string;
  }
  const columns = [
    { key: 'sno', header: 'S.no', render: (_: Row, n: number) => n },
    { key: 'name', header: 'Name', render: (r: Row) => r.name },
  ];
  const rowsOf = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Row ${from + i}` }));
  const query = (page: { data: Row[]; total: number } | undefined, loading = false) => ({
    data: page,
    currentData: loading ? undefined : page,
    isLoading: false,
    isFetching: loading,
    isError: false,
    refetch: () => {},
  });

  /** A table on page `start`, whose answer the test changes with `answer`. */
  function Harness({
    start,
    total,
    answer,
  }: {
    start: number;
    total: number;
    answer: (page: number) => Row[];
  }) {
    const [page, setPage] = useState(start);
    const rows = answer(page);
    return (
      <PagedTable
        caption="Things"
        columns={columns}
        rowKey={(r) => String(r.id)}
        list={{ params: { page, pageSize: 20 }, setPage }}
        query={query({ data: rows, total })}
        leadRows={
          <tr>
            <th scope="row">Opening</th>
          </tr>
        }
        footRows={
          <tr>
            <th scope="row">Closing</th>
          </tr>
        }
        emptyText="Nothing on this page"
      />
    );
  }

  it('numbers rows across pages and frames them with the lead and foot rows', () => {
    render(<Harness start={2} total={41} answer={(page) => rowsOf((page - 1) * 20 + 1, 20)} />);
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Opening');
    expect(rows[2]).toHaveTextContent('21Row 21');
    expect(rows.at(-1)).toHaveTextContent('Closing');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('steps back to the last page that still exists when its last row goes', () => {
    // Page 3 held the 41st row; it was deleted, so 40 rows are left: two pages.
    render(<Harness start={3} total={40} answer={(page) => (page === 3 ? [] : rowsOf(21, 20))} />);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Row 21')).toBeInTheDocument();
  });

  it('says the empty text between the lead and foot rows, and shows neither while loading', () => {
    const { rerender } = render(
      <PagedTable
        caption="Things"
        columns={columns}
        rowKey={(r) => String(r.id)}
        list={{ params: { page: 1, pageSize: 20 }, setPage: () => {} }}
        query={query({ data: [], total: 0 })}
        leadRows={
          <tr>
            <th scope="row">Opening</th>
          </tr>
        }
        emptyText="No payments in this period"
      />,
    );
    expect(screen.getByText('No payments in this period')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Opening' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    rerender(
      <PagedTable
        caption="Things"
        columns={columns}
        rowKey={(r) => String(r.id)}
        list={{ params: { page: 1, pageSize: 20 }, setPage: () => {} }}
        query={query({ data: [], total: 0 }, true)}
        leadRows={
          <tr>
            <th scope="row">Opening</th>
          </tr>
        }
      />,
    );
    expect(screen.queryByRole('rowheader', { name: 'Opening' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading…');
  });
});
