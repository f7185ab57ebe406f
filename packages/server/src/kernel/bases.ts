// The API is served under three bases with the same handlers (docs/api.md "Bases").
export const API_BASES = ['/api', '/prod-api', '/dispatch/api'] as const;

export function isApiPath(url: string): boolean {
  return API_BASES.some((base) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`));
}
