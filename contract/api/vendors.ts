import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { Message, id, optionalText, text, version } from './fields';
import {
  optionalEmail,
  optionalGstin,
  optionalMobile,
  recordAnswer,
  recordList,
  recordListQuery,
} from './invoices';

/**
 * A company's vendors: whom it pays (suppliers, landlords, contractors). Payments may name one
 * as their party, as they may name a client, an employee or a free name.
 */

const vendorShape = {
  name: text(200),
  /** Empty for an unregistered vendor. */
  gstin: optionalGstin,
  email: optionalEmail,
  mobile: optionalMobile,
  address: optionalText(500).default(''),
};

export const VendorFields = z.object(vendorShape);
/** A vendor's fields as edited, at the version they were read at. */
export const VendorUpdate = z.object({ ...vendorShape, version });

const nullableString = z.string().nullable();
export const VendorData = z.object({
  _id: z.string(),
  name: z.string(),
  gstin: nullableString,
  email: nullableString,
  mobile: nullableString,
  address: z.string(),
  version: z.number(),
  createdAt: z.string(),
});
export const VendorAnswer = recordAnswer(VendorData);
export const VendorListQuery = recordListQuery();
export const VendorList = recordList(VendorData);
export const VendorIdParams = z.object({ id });

export const vendorEndpoints = {
  listVendors: { method: 'GET', path: '/vendors', query: VendorListQuery, answer: VendorList },
  getVendor: { method: 'GET', path: '/vendors/:id', params: VendorIdParams, answer: VendorAnswer },
  addVendor: {
    method: 'POST',
    path: '/vendors',
    body: VendorFields,
    status: 201,
    answer: VendorAnswer,
  },
  updateVendor: {
    method: 'PUT',
    path: '/vendors/:id',
    params: VendorIdParams,
    body: VendorUpdate,
    answer: VendorAnswer,
  },
  deleteVendor: { method: 'DELETE', path: '/vendors/:id', params: VendorIdParams, answer: Message },
} as const satisfies Record<string, Endpoint>;
