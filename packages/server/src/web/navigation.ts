/** Hashed build output; a miss there is a stale or broken reference, never a page. */
const ASSET_PREFIX = '/assets/';
/** A last path segment with an extension (`alarm.mp3`, `app.js`, `favicon.ico`) names a file, not a screen. */
const FILE_LIKE = /\.[A-Za-z0-9]+$/;

/**
 * Whether a GET the static files did not answer is a browser navigation to a console screen (answer index.html)
 * or a request for a missing file (answer 404). The console's screens are extension-less paths (/system/user,
 * /monitoring/map); a request that says it wants something other than HTML is not a navigation either.
 */
export function isNavigation(url: string, accept: string | undefined): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  if (path.startsWith(ASSET_PREFIX) || FILE_LIKE.test(path)) return false;
  if (!accept) return true;
  return /text\/html|\*\/\*/i.test(accept);
}
