import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Moves between the invoice list, an invoice and the editor within the Invoices screen, in
 * the address (`?invoice=<id>`, `?edit=<id>|new`); an admin's chosen company stays.
 */
export function useInvoiceNav() {
  const [, setUrl] = useSearchParams();
  const go = useCallback(
    (key?: 'invoice' | 'edit', id?: string) =>
      setUrl((current) => {
        const next = new URLSearchParams();
        const companyId = current.get('companyId');
        if (companyId) next.set('companyId', companyId);
        if (key && id) next.set(key, id);
        return next;
      }),
    [setUrl],
  );
  return {
    list: useCallback(() => go(), [go]),
    view: useCallback((id: string) => go('invoice', id), [go]),
    edit: useCallback((id: string) => go('edit', id), [go]),
  };
}
