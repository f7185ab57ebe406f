import { type Static, Type } from 'typebox';

/** Login-page dressing of the deployment's default company (public). */
export const CompanyDisplay = Type.Object({
  companyTitle: Type.String(),
  companyName: Type.String(),
  companyLogo: Type.String(),
});
export type CompanyDisplay = Static<typeof CompanyDisplay>;
