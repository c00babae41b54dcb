import { lazy, startTransition, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { startLiveUpdates } from './api/liveUpdates';
import { loadLocaleData } from './api/timeZone';
import { AppRoutes, preloadPage } from './app/router';
import { store } from './app/store';
import { startCrossTabSync } from './session/crossTab';
import './index.css';

const { token, user } = store.getState().session;

// Every call waits for it (src/api/timeZone.ts). Signed in, the page's calls follow at once;
// signed out, none comes before a click, so the worker waits for the first paint.
if (token) void loadLocaleData();
else afterFirstContentfulPaint(() => void loadLocaleData());

// A signed-in page opened directly: its shell, screen and data start loading now, side by side.
const pageCode = preloadPage(
  window.location.pathname,
  token && !user?.pending ? user?.role : undefined,
  store.dispatch,
);

setupListeners(store.dispatch);
startCrossTabSync(store);
startLiveUpdates(store, {
  // The stream stays open for good: it must never hold back the page's own requests.
  fetch: (input, init) => fetch(input, { ...init, priority: 'low' }),
});

const Toasts = lazy(() => import('./ui/Toasts').then((m) => ({ default: m.Toasts })));

/** Runs `run` once the page has painted content, so as not to compete with what it paints. */
function afterFirstContentfulPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    observer?.disconnect();
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  };
  if (
    document.visibilityState === 'visible' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing, or a tab opened in the background (it paints nothing until shown).
    go();
  }
  return () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
}

/** The toast area, which no first paint needs; a toast asked for before it is in waits. */
function DeferredToasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstContentfulPaint(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

function render() {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices of a few milliseconds with the browser free in between,
  // rather than in one long task; what it shows and when it commits are the same.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <DeferredToasts />
        </Provider>
      </StrictMode>,
    ),
  );
}
// That page renders once its code is in: a loading indicator shown meanwhile (it has
// nothing else to show) would hold it back, as React reveals what replaces a fallback no sooner
// than 300 ms after the fallback appeared.
if (pageCode) void pageCode.then(render);
else render();
