import { vendorListCalls, type Vendor } from '../../api/vendorsApi';
import { CompanyRecordsScreen } from '../../ui/CompanyRecordsScreen';
import type { Column } from '../../ui/DataTable';
import { VendorForm } from './VendorForm';

const COLUMNS: Column<Vendor, 'name'>[] = [
  { key: 'gstin', header: 'GSTIN', render: (v) => v.gstin ?? 'Unregistered' },
  { key: 'email', header: 'E-mail', wrap: true, render: (v) => v.email ?? '' },
  { key: 'mobile', header: 'Mobile', render: (v) => v.mobile ?? '' },
  { key: 'address', header: 'Address', wrap: true, render: (v) => v.address },
];

/**
 * Vendors: whom the company pays, named as a payment's party. The company's own (its admin
 * reads them), searched and paged on the server, by name.
 */
export default function VendorsScreen() {
  return (
    <CompanyRecordsScreen
      title="Vendors"
      noun="vendor"
      hint="Add the vendors you pay."
      deleteNote="A vendor that payments name cannot be deleted."
      {...vendorListCalls}
      columns={COLUMNS}
      Form={VendorForm}
    />
  );
}
