import { ToastContainer } from 'react-toastify';

/**
 * The toast area with the settings of spec §9 (react-toastify v11 brings its own CSS).
 * Top-right, but below the app header so a toast never covers the account menu.
 */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="light"
      style={{ top: '4.5rem' }}
    />
  );
}
