import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorEndpoints } from '../../contract/api/vendors';
import { registerRoutes } from '../lib/registerRoutes';
import { BODY, errors } from '../lib/schemas';
import { callerOf } from '../plugins/auth';
import * as vendors from '../services/vendors';

const READ =
  "Companies read their own, their admin reads them (read-only); another company's is not found (404).";
const WRITE =
  "Companies only (admins read, never write: 403); another company's vendor is not found (404).";

export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['bank'];

  registerRoutes(app, vendorEndpoints, {
    listVendors: {
      tags,
      summary: "The company's vendors, by name; `search` matches name or GSTIN",
      description: `${READ} An admin's list holds all its companies' vendors; \`companyId\` narrows it.`,
      answers: 'One page of the vendors',
      refusals: errors(400, 401, 403),
      handler: async (request) => ({
        success: true,
        ...(await vendors.listVendors(app.db, callerOf(request), request.query)),
      }),
    },
    getVendor: {
      tags,
      summary: 'One vendor',
      description: READ,
      answers: 'The vendor',
      refusals: errors(400, 401, 403, 404),
      handler: async (request) => ({
        success: true,
        data: await vendors.getVendor(app.db, callerOf(request), request.params.id),
      }),
    },
    addVendor: {
      tags,
      summary: 'A company adds a vendor',
      description: `${WRITE} A name the company has already (in any case) is a 409.`,
      answers: 'The new vendor',
      refusals: errors(...BODY, 401, 403, 409),
      handler: async (request) => ({
        success: true,
        message: 'Vendor added',
        data: await vendors.addVendor(app.db, callerOf(request), request.body),
      }),
    },
    updateVendor: {
      tags,
      summary: 'A company edits a vendor, at the version read',
      description: `${WRITE} 409 when stale or the name is taken. Payments keep the name they were recorded with.`,
      answers: 'The vendor',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => ({
        success: true,
        message: 'Vendor updated',
        data: await vendors.updateVendor(
          app.db,
          callerOf(request),
          request.params.id,
          request.body,
        ),
      }),
    },
    deleteVendor: {
      tags,
      summary: 'Deletes a vendor that no payment names (otherwise 409)',
      description: WRITE,
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => {
        await vendors.deleteVendor(app.db, callerOf(request), request.params.id);
        return { success: true, message: 'Vendor deleted' };
      },
    },
  });
};
