import type {
  CompanyRow,
  CreateCompanyBody,
  DisplayInfoBody,
  DisplayInfoListQuery,
  DisplayInfoRow,
  EmployeeBody,
  EmployeeListQuery,
  EmployeeRow,
  FleetBody,
  FleetListQuery,
  FleetRow,
  IcCardBody,
  IcCardListQuery,
  IcCardRow,
  ListResult,
  MaxEmployeeNumber,
  OptionRow,
  OrganisationBody,
  OrganisationListQuery,
  OrganisationNode,
  OrganisationRow,
  UpdateCompanyBody,
} from '@headway/server/contract';
import { ErrorCode } from '@headway/spec';
import { http, type Query } from '../../api/client';
import { ApiError } from '../../api/errors';

export type {
  CompanyRow,
  DisplayInfoRow,
  EmployeeBody,
  EmployeeRow,
  FleetRow,
  IcCardRow,
  OptionRow,
  OrganisationNode,
  OrganisationRow,
};

// The organisation's basic data (docs/api.md "Basic data: companies, fleets, staff"). Lists take their filters as
// query parameters; saves and deletes are silent, the screens explain failures (failure.ts).

/** One list-and-edit resource: /basic/{path} with list, POST, PUT, DELETE /{id}, validator and export. */
function resource<Row, Body, ListQuery extends object>(path: string) {
  return {
    list: (query: ListQuery) => http.get<ListResult<Row>>(`/basic/${path}`, query as Query),
    create: (body: Body) => http.post<Row>(`/basic/${path}`, body, { silent: true }),
    update: (body: Body & { id: number }) => http.put<Row>(`/basic/${path}`, body, { silent: true }),
    remove: (id: number) => http.delete<null>(`/basic/${path}/${id}`, { silent: true }),
    /** false only when the server says 1106 (taken); other failures are left to the save. */
    free: (query: Query) =>
      http.get<boolean>(`/basic/${path}/validator`, query, { silent: true }).then(
        () => true,
        (error: unknown) => !(error instanceof ApiError && error.code === ErrorCode.accountRegistered),
      ),
    /** The list's export (the query bar's dropdown adds format, scope, page, limit and time zone). */
    exportPath: `/basic/${path}/export`,
  };
}

export const organisationApi = {
  ...resource<OrganisationRow, OrganisationBody, OrganisationListQuery>('organisations'),
  tree: () => http.get<OrganisationNode[]>('/basic/organisations/tree'),
};
export const companyApi = {
  ...resource<CompanyRow, CreateCompanyBody, { page?: number; limit?: number; search?: string }>('companies'),
  update: (body: UpdateCompanyBody) => http.put<CompanyRow>('/basic/companies', body, { silent: true }),
};
export const fleetApi = {
  ...resource<FleetRow, FleetBody, FleetListQuery>('fleets'),
  options: () => http.get<OptionRow[]>('/basic/fleets/options'),
};
export const employeeApi = {
  ...resource<EmployeeRow, EmployeeBody, EmployeeListQuery>('employees'),
  maxNumber: () => http.get<MaxEmployeeNumber>('/basic/employees/get-max-empid'),
  options: (search?: string) => http.get<OptionRow[]>('/basic/employees/options', { search }),
  lines: () => http.get<OptionRow[]>('/basic/employees/lines'),
};
export const icCardApi = resource<IcCardRow, IcCardBody, IcCardListQuery>('ic-cards');
export const displayInfoApi = {
  ...resource<DisplayInfoRow, DisplayInfoBody, DisplayInfoListQuery>('display-info'),
  lines: () => http.get<OptionRow[]>('/basic/display-info/lines'),
};
