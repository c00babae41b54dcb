import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ChevronDownIcon } from './icons';
import { styles } from './styles';

/** One choice of a picker. */
export interface PickerOption {
  value: string;
  label: string;
}

/** What the server answered so far for the picker's current search. */
export interface PickerResults {
  /** The rows loaded so far, in the server's order. */
  options: ReadonlyArray<PickerOption>;
  /** How many rows match on the server, loaded or not. */
  total: number;
  /** Nothing to show yet for this search. */
  isLoading: boolean;
  /** A further page is on its way. */
  isLoadingMore: boolean;
  isError: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The waiting time after the last key before the search goes to the server. */
export const SEARCH_DELAY_MS = 250;

export interface SearchPickerProps {
  id: string;
  label: string;
  /** The chosen record's id; '' for none (or for `emptyOption`). */
  value: string;
  onChange: (value: string, option: PickerOption | null) => void;
  /** The text to search for: '' when the list opens, then what the user types (debounced). */
  onSearch: (search: string) => void;
  results: PickerResults;
  /**
   * The chosen record's label, for a value that did not come from this list (an id in the
   * address, a form's saved record): it need not be on a loaded page.
   */
  selectedLabel?: string;
  /** A first option meaning "all" or "none" (value ''), e.g. "All companies". */
  emptyOption?: string;
  placeholder?: string;
  /** What the open list says when there is no row at all (before any search). */
  noRows?: string;
  error?: string;
  className?: string;
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

/** What parts a label ("State Bank of India · Lotus Current · ••9012") are written apart by. */
const PART_SEPARATOR = ' · ';

/**
 * A label cut in two before its last part (an account's last four digits, what tells
 * like-named records apart): a narrow box shortens the first, and shows the last whole.
 */
function lastPartApart(label: string): [string, string] | null {
  const at = label.lastIndexOf(PART_SEPARATOR);
  return at > 0 ? [label.slice(0, at), label.slice(at)] : null;
}

/**
 * A combobox that searches a server list as the user types (ARIA 1.2 pattern: the input
 * keeps the focus, `aria-activedescendant` names the highlighted option). Only a page of
 * rows is loaded at a time; "Show more", scrolling to the end or ArrowDown past the last
 * row loads the next, so any row can be reached. Enter picks, Escape closes.
 */
export function SearchPicker({
  id,
  label,
  value,
  onChange,
  onSearch,
  results,
  selectedLabel,
  emptyOption,
  placeholder,
  noRows = 'No matches',
  error,
  className = '',
}: SearchPickerProps) {
  const [open, setOpen] = useState(false);
  // What the user typed since the list opened; null shows the chosen record's label.
  const [text, setText] = useState<string | null>(null);
  // The search last handed to onSearch: the list shows its answer.
  const [sent, setSent] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  // The last choice made here, so its label shows whatever page is loaded.
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const searching = text !== null && text.trim() !== '';
  const items: PickerOption[] = [
    ...(emptyOption !== undefined && !searching ? [{ value: '', label: emptyOption }] : []),
    ...results.options,
  ];
  const chosenLabel = !value
    ? ''
    : ((picked?.value === value ? picked.label : undefined) ??
      selectedLabel ??
      results.options.find((o) => o.value === value)?.label ??
      '');
  // The chosen label as the box shows it while no one types in it (the input's own text
  // would lose the label's end at the right edge).
  const shownParts = text === null ? lastPartApart(chosenLabel) : null;
  const activeId = open && items[active] ? optionId(active) : undefined;
  const pending = text !== null && text.trim() !== sent;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const search = (next: string) => {
    clearTimeout(timer.current);
    setSent(next);
    setActive(-1);
    onSearch(next);
  };
  // Opening starts a new search over every row; the chosen label stays as the placeholder.
  const openList = (highlight = -1) => {
    if (open) return;
    setOpen(true);
    setText('');
    search('');
    setActive(highlight);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setText(null);
    setActive(-1);
  };
  const choose = (option: PickerOption) => {
    setPicked(option.value ? option : null);
    close();
    onChange(option.value, option.value ? option : null);
  };
  const more = () => {
    if (results.hasMore && !results.isLoadingMore) results.loadMore();
  };

  // Escape is handled on the input itself, before a surrounding dialog's own Escape
  // listener: an open list closes, and the dialog stays.
  const onEscape = useRef<() => boolean>(() => false);
  useEffect(() => {
    onEscape.current = () => {
      if (!open && text === null) return false;
      close();
      return true;
    };
  });
  useEffect(() => {
    const node = input.current;
    const listener = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && onEscape.current()) event.stopPropagation();
    };
    node?.addEventListener('keydown', listener);
    return () => node?.removeEventListener('keydown', listener);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open)
        return openList(
          Math.max(
            0,
            items.findIndex((o) => o.value === value),
          ),
        );
      if (active < items.length - 1) setActive(active + 1);
      else more();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open)
        return openList(
          Math.max(
            0,
            items.findIndex((o) => o.value === value),
          ),
        );
      setActive(active <= 0 ? items.length - 1 : active - 1);
    } else if (event.key === 'Enter' && open) {
      // Enter picks; it does not send the surrounding form.
      event.preventDefault();
      const option = items[active];
      if (option) choose(option);
    }
  };

  let status: string;
  if (results.isError) status = 'Could not load the list.';
  else if (pending || results.isLoading || results.isLoadingMore) status = 'Loading…';
  else if (results.options.length === 0) status = sent ? 'No matches' : noRows;
  else status = `Showing ${results.options.length} of ${results.total}`;

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className={`relative ${className}`}>
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder={(open && chosenLabel) || (emptyOption ?? placeholder)}
          value={text ?? chosenLabel}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            if (!open) {
              setOpen(true);
              setActive(-1);
            }
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(next.trim()), SEARCH_DELAY_MS);
          }}
          onClick={() => openList()}
          onFocus={(event) => event.target.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={`${styles.input} pr-9 ${shownParts ? 'caret-gray-900 !text-transparent' : ''}`}
        />
        {shownParts && (
          // Its text drawn by CSS: the input's value is what is read and found.
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 right-9 flex items-center overflow-hidden pl-3 text-sm text-gray-900"
          >
            <span
              data-part={shownParts[0]}
              className="min-w-0 truncate before:content-[attr(data-part)]"
            />
            <span
              data-part={shownParts[1]}
              className="shrink-0 whitespace-pre before:content-[attr(data-part)]"
            />
          </span>
        )}
        <ChevronDownIcon className="pointer-events-none absolute right-3 top-2.5 h-4 w-4 text-gray-600" />
        {open && (
          <div
            onMouseDown={keepFocus}
            className="absolute left-0 right-0 z-30 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg"
          >
            <ul
              id={listId}
              role="listbox"
              aria-label={`${label} options`}
              onScroll={(event) => {
                const list = event.currentTarget;
                if (list.scrollTop + list.clientHeight >= list.scrollHeight - 24) more();
              }}
              className="max-h-60 overflow-y-auto py-1"
            >
              {items.map((option, i) => (
                <li
                  key={option.value || '(empty)'}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onClick={() => choose(option)}
                  onMouseMove={() => i !== active && setActive(i)}
                  className={`cursor-pointer break-words px-3 py-2 text-sm ${
                    i === active ? 'bg-indigo-50 text-indigo-900' : 'text-gray-900'
                  } ${option.value === value ? 'font-semibold' : ''}`}
                >
                  {option.label}
                </li>
              ))}
            </ul>
            <div className="flex items-center justify-between gap-2 border-t border-gray-200 px-3 py-2 text-sm">
              <span role="status" className="text-gray-700">
                {status}
              </span>
              {results.isError ? (
                <button
                  type="button"
                  tabIndex={-1}
                  onClick={results.retry}
                  className={`${styles.link} text-sm`}
                >
                  Retry
                </button>
              ) : (
                results.hasMore && (
                  <button
                    type="button"
                    tabIndex={-1}
                    onClick={more}
                    disabled={results.isLoadingMore}
                    className={`${styles.link} text-sm disabled:text-gray-600`}
                  >
                    Show more
                  </button>
                )
              )}
            </div>
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The parts of an RTK Query infinite query's result a picker reads. */
export interface InfiniteList<Row> {
  currentData?: { pages: ReadonlyArray<{ data: ReadonlyArray<Row>; total: number }> };
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** A picker's results from the pages an infinite query loaded for the current search. */
export function pickerResults<Row>(
  list: InfiniteList<Row>,
  toOption: (row: Row) => PickerOption,
): PickerResults {
  const pages = list.currentData?.pages ?? [];
  return {
    options: pages.flatMap((p) => p.data.map(toOption)),
    total: pages[0]?.total ?? 0,
    isLoading: !list.currentData && list.isFetching,
    isLoadingMore: list.isFetchingNextPage,
    isError: list.isError,
    hasMore: list.hasNextPage,
    loadMore: () => void list.fetchNextPage(),
    retry: () => void list.refetch(),
  };
}

/** Options known without asking the server, matched against the search here. */
export function fixedResults(options: ReadonlyArray<PickerOption>, search: string): PickerResults {
  const needle = search.trim().toLowerCase();
  const matching = options.filter((o) => o.label.toLowerCase().includes(needle));
  return {
    options: matching,
    total: matching.length,
    isLoading: false,
    isLoadingMore: false,
    isError: false,
    hasMore: false,
    loadMore: () => undefined,
    retry: () => undefined,
  };
}

/**
 * Several lists shown as one, in order: a list shows once every list before it is fully
 * loaded, so "Show more" always extends the end of what is on screen.
 */
export function chainResults(...lists: [PickerResults, ...PickerResults[]]): PickerResults {
  const shown: PickerResults[] = [];
  for (const list of lists) {
    shown.push(list);
    if (list.hasMore || list.isLoading || list.isError) break;
  }
  const last = shown[shown.length - 1]!;
  return {
    options: shown.flatMap((l) => l.options),
    total: lists.reduce((sum, l) => sum + l.total, 0),
    isLoading: last.isLoading,
    isLoadingMore: last.isLoadingMore,
    isError: last.isError,
    hasMore: last.hasMore,
    loadMore: last.loadMore,
    retry: last.retry,
  };
}
