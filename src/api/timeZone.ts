/** The browser's IANA time zone ('Asia/Kolkata'), or undefined where it reports none. */
function zoneHere(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page's first Intl call loads the browser's locale data: about 30 ms of a slow phone's main
 * thread, in the middle of the first render. A throwaway worker makes that call instead, so the
 * data loads beside the page's own work, and the zone lookups and money formats after it find
 * it loaded. Settles (never fails) once the worker has answered, or at once where there is none.
 */
function loadLocaleData(): Promise<void> {
  if (typeof Worker === 'undefined' || typeof URL.createObjectURL !== 'function') {
    return Promise.resolve();
  }
  return new Promise((done) => {
    const url = URL.createObjectURL(
      new Blob(['postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone)'], {
        type: 'text/javascript',
      }),
    );
    let worker: Worker | undefined;
    const finish = () => {
      worker?.terminate();
      URL.revokeObjectURL(url);
      done();
    };
    try {
      worker = new Worker(url);
      worker.onmessage = finish;
      worker.onerror = finish;
    } catch {
      finish();
    }
  });
}

let localeData: Promise<void> | undefined;

/**
 * The browser's time zone for a call's header, read when the call is made (the user may move
 * the device's clock to another zone while the tab is open), once the locale data is in.
 */
export async function browserTimeZone(): Promise<string | undefined> {
  await (localeData ??= loadLocaleData());
  return zoneHere();
}
