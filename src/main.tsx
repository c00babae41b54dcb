import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { startLiveUpdates } from './api/liveUpdates';
import { AppRoutes } from './app/router';
import { store } from './app/store';
import { startCrossTabSync } from './session/crossTab';
import { Toasts } from './ui/Toasts';
import './index.css';

setupListeners(store.dispatch);
startCrossTabSync(store);
startLiveUpdates(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toasts />
    </Provider>
  </StrictMode>,
);
