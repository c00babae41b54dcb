import { vendorEndpoints } from '../../contract/api/vendors';
import { BODY, errors } from '../lib/schemas';
import { vendorRecords } from '../services/vendors';
import { signedInRoutes } from './handlers';

const READ =
  "Companies read their own, their admin reads them (read-only); another company's is not found (404).";
const WRITE =
  "Companies only (admins read, never write: 403); another company's vendor is not found (404).";

export const vendorRoutes = signedInRoutes(vendorEndpoints)((
  _app,
  { page, one, added, updated, removed },
) => {
  const tags = ['bank'];

  return {
    listVendors: {
      tags,
      summary: "The company's vendors, by name; `search` matches name or GSTIN",
      description: `${READ} An admin's list holds all its companies' vendors; \`companyId\` narrows it.`,
      answers: 'One page of the vendors',
      refusals: errors(400, 401, 403),
      handler: page(vendorRecords.list),
    },
    getVendor: {
      tags,
      summary: 'One vendor',
      description: READ,
      answers: 'The vendor',
      refusals: errors(400, 401, 403, 404),
      handler: one(vendorRecords.get),
    },
    addVendor: {
      tags,
      summary: 'A company adds a vendor',
      description: `${WRITE} A name the company has already (in any case) is a 409.`,
      answers: 'The new vendor',
      refusals: errors(...BODY, 401, 403, 409),
      handler: added('Vendor added', vendorRecords.add),
    },
    updateVendor: {
      tags,
      summary: 'A company edits a vendor, at the version read',
      description: `${WRITE} 409 when stale or the name is taken. Payments keep the name they were recorded with.`,
      answers: 'The vendor',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: updated('Vendor updated', vendorRecords.update),
    },
    deleteVendor: {
      tags,
      summary: 'Deletes a vendor that no payment names (otherwise 409)',
      description: WRITE,
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: removed('Vendor deleted', vendorRecords.remove),
    },
  };
});
