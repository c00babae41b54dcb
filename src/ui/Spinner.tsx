/** A loading indicator announced to screen readers. */
export function Spinner({
  label = 'Loading…',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-gray-700 ${className}`}>
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-gray-300 border-t-indigo-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
