// The media server hands out URL paths (or absolute URLs). A path is on the console's own origin; a WebSocket path
// takes ws: or wss: after the page's scheme, so the signed URL works behind the same proxy as the console.

export function httpUrl(pathOrUrl: string, base: Location | URL = window.location): string {
  return new URL(pathOrUrl, base.href).href;
}

export function wsUrl(pathOrUrl: string, base: Location | URL = window.location): string {
  const url = new URL(pathOrUrl, base.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.href;
}
