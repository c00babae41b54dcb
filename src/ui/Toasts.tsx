import { ToastContainer } from 'react-toastify';

/** The toast area with the settings of spec §9 (react-toastify v11 brings its own CSS). */
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
    />
  );
}
