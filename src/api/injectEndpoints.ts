import type { EndpointDefinitions } from '@reduxjs/toolkit/query';
import { apiSlice } from './apiSlice';
import { withSyncedMutations } from './tags';

/** What an API file defines its endpoints with (`build.query`, `build.mutation`…). */
export type EndpointBuild = Parameters<
  Parameters<typeof apiSlice.injectEndpoints>[0]['endpoints']
>[0];

/**
 * An API file's endpoints, added to the one API slice, with its mutations registered so
 * that what a successful one invalidated here is sent to the other open tabs as well.
 */
export const injectEndpoints = <D extends EndpointDefinitions>(
  endpoints: (build: EndpointBuild) => D,
) => apiSlice.injectEndpoints({ endpoints: (build) => withSyncedMutations(endpoints(build)) });
