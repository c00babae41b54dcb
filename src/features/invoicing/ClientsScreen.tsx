import { CompanyRecordsScreen } from '../../ui/CompanyRecordsScreen';
import type { Column } from '../../ui/DataTable';
import { ClientForm } from './ClientForm';
import { clientListCalls, type Client } from './invoicingApi';
import { stateLabel } from './parts';

const COLUMNS: Column<Client, 'name'>[] = [
  { key: 'gstin', header: 'GSTIN', render: (c) => c.gstin ?? 'Unregistered' },
  { key: 'state', header: 'State', render: (c) => stateLabel(c.stateCode) },
  { key: 'email', header: 'E-mail', wrap: true, render: (c) => c.email ?? '' },
  { key: 'mobile', header: 'Mobile', render: (c) => c.mobile ?? '' },
];

/** Clients: the company's (its admin reads them), searched and paged on the server. */
export default function ClientsScreen() {
  return (
    <CompanyRecordsScreen
      title="Clients"
      noun="client"
      hint="Add the clients you invoice."
      deleteNote="A client with invoices cannot be deleted."
      {...clientListCalls}
      columns={COLUMNS}
      Form={ClientForm}
    />
  );
}
