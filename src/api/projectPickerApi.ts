import type { z } from 'zod';
import type { ProjectList } from '../../contract/api/projects';
import { apiSlice } from './apiSlice';
import { pickerEndpoint, type PickerSearch } from './picker';

/**
 * The company's projects as pickers search them, by name: a payment's project, a statement's
 * filter, an invoice's optional project.
 */
export const projectPickerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    searchProjects: build.infiniteQuery<z.output<typeof ProjectList>, PickerSearch, number>(
      pickerEndpoint('listProjects', [{ type: 'project', id: 'LIST' }], () => ({
        sort: 'projectName',
        order: 'asc',
      })),
    ),
  }),
});

export const { useSearchProjectsInfiniteQuery } = projectPickerApi;
