import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readDate } from '../../src/ui/dateFormat';
import { DateField } from '../../src/ui/DateField';
import { renderWithProviders } from './helpers';

/** A form of one date field, as a screen at `route` has it; Save hands the wire value on. */
function renderForm(route: string, initial: string) {
  const saved: string[] = [];
  function Form() {
    const [date, setDate] = useState(initial);
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          saved.push(date);
        }}
      >
        <DateField
          id="d"
          label="Date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <button type="submit">Save</button>
      </form>
    );
  }
  return { ...renderWithProviders(<Form />, { route }), saved };
}

describe('a date field in an English (US) browser', () => {
  afterEach(() => vi.restoreAllMocks());
  const usBrowser = () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  };

  // DD/MM/YYYY as the lists write dates, and a typed 11/03 is 11 March (not 3 November: the
  // day comes first, whatever the browser's language); YYYY-MM-DD on the expense, lend and
  // borrowed screens.
  it.each([
    ['DD/MM/YYYY', '/app/project', '26/11/2026', '11/03/2026', '2026-03-11'],
    ['YYYY-MM-DD', '/app/expenses', '2026-11-26', '2026-01-05', '2026-01-05'],
  ])(
    'writes %s on %s, takes it typed, and sends YYYY-MM-DD',
    async (pattern, route, shown, typed, sent) => {
      usBrowser();
      const { user, saved } = renderForm(route, '2026-11-26');
      const field = screen.getByLabelText('Date');
      expect(field).toHaveValue(shown);
      expect(field).toHaveAttribute('placeholder', pattern);
      expect(field).toHaveAccessibleDescription(pattern);
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(saved).toEqual([sent]);
      // The calendar is still there, beside the field.
      expect(screen.getByRole('button', { name: 'Pick from a calendar' })).toBeEnabled();
    },
  );

  it('says under the field when the text is no date, and the form is not sent with it', async () => {
    usBrowser();
    const { user, saved } = renderForm('/app/project', '2026-11-26');
    const field = screen.getByLabelText('Date');
    await user.clear(field);
    await user.type(field, '31/02/2026');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the date as DD/MM/YYYY.');
    expect(field).toHaveAccessibleDescription('Enter the date as DD/MM/YYYY.');
    expect(field).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);
  });

  it('reads a day first or a year first, never a month first', () => {
    expect(readDate('5/1/2026')).toBe('2026-01-05');
    expect(readDate('2026-1-5')).toBe('2026-01-05');
    expect(readDate('29/02/2028')).toBe('2028-02-29');
    for (const no of ['29/02/2027', '13/13/2026', '2026/31/01', '1/2/26', 'today'])
      expect(readDate(no)).toBeNull();
  });
});
