/** The browser's IANA time zone ('Asia/Kolkata'), or undefined where it reports none. */
function zoneHere(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Past this, calls stop waiting for the worker and the page loads the data itself. */
const WORKER_WAIT_MS = 500;

let localeData: Promise<void> | undefined;

/**
 * Has the browser load its locale data off the main thread. A page's first Intl call loads it:
 * about 30 ms of a slow phone's main thread, which would fall in the middle of the first render
 * (in Chromium on the slower CI machine: 30 ms for the first Intl.NumberFormat on the page's
 * thread, 1.5-3 ms when a worker had made a call first). A throwaway worker, made from a blob
 * so that no request waits on a file, makes that call; the zone lookups and money formats after
 * it find the data loaded. Started by main.tsx, or else by the first call; settles, never fails,
 * when the worker has answered or failed, after WORKER_WAIT_MS at most, or at once where there
 * is no worker.
 */
export function loadLocaleData(): Promise<void> {
  return (localeData ??= new Promise<void>((done) => {
    if (typeof Worker === 'undefined') return done();
    let url: string | undefined;
    let worker: Worker | undefined;
    const finish = () => {
      clearTimeout(timer);
      worker?.terminate();
      if (url) URL.revokeObjectURL(url);
      done();
    };
    const timer = setTimeout(finish, WORKER_WAIT_MS);
    try {
      const source = 'postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone)';
      url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      worker = new Worker(url);
      worker.onmessage = finish;
      worker.onerror = finish;
    } catch {
      finish();
    }
  }));
}

/**
 * The browser's time zone for a call's header, read when the call is made (the user may move
 * the device to another zone while the tab is open), once the locale data is in.
 */
export async function browserTimeZone(): Promise<string | undefined> {
  await loadLocaleData();
  return zoneHere();
}
