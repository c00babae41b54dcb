/**
 * Loads the page again: what brings back code that could not be fetched (a dropped connection,
 * or a newer version of the app on the server).
 */
export function ReloadButton({ className }: { className: string }) {
  return (
    <button type="button" onClick={() => window.location.reload()} className={className}>
      Reload the page
    </button>
  );
}
