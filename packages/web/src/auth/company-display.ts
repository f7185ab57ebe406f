import { useEffect, useState } from 'react';
import { authApi, type CompanyDisplay } from './api';

let request: Promise<CompanyDisplay | undefined> | null = null;

/**
 * The company dressing of the login page (title, logo, name), fetched once per page load. A plain hook rather
 * than TanStack Query: the query client comes with the shell, after sign-in (app/Shell.tsx).
 */
export function useCompanyDisplay(): CompanyDisplay | undefined {
  const [display, setDisplay] = useState<CompanyDisplay>();
  useEffect(() => {
    let mounted = true;
    request ??= authApi.companyDisplay().catch(() => {
      request = null; // try again on the next visit of the page
      return undefined;
    });
    void request.then((found) => {
      if (mounted) setDisplay(found);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return display;
}
