import { useAppSelector } from '../app/hooks';
import { selectLiveStatus } from '../api/liveSlice';

const LOOKS = {
  live: {
    text: 'Live',
    title: 'Changes made elsewhere (other devices, colleagues) show here as they happen.',
    dot: 'bg-emerald-500',
  },
  reconnecting: {
    text: 'Reconnecting…',
    title: 'The connection for live changes dropped; trying again. What is shown may be behind.',
    dot: 'animate-pulse bg-amber-500',
  },
};

/**
 * Whether changes made elsewhere reach this screen: Live, or Reconnecting… A status region
 * that stays in place (empty while signed out), so a screen reader hears each change.
 */
export function LiveIndicator() {
  const status = useAppSelector(selectLiveStatus);
  const look = status === 'off' ? undefined : LOOKS[status];
  return (
    <span role="status" className="shrink-0" title={look?.title}>
      {look && (
        <span className="inline-flex items-center gap-1.5 rounded-full py-0.5 text-xs font-medium text-gray-700 ring-inset ring-gray-200 sm:px-2 sm:ring-1">
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
          {/* On a phone the dot alone: the page title needs the room. */}
          <span className="sr-only sm:not-sr-only">{look.text}</span>
        </span>
      )}
    </span>
  );
}
