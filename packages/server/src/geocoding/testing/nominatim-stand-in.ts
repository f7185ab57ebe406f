import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

// A local HTTP server answering like Nominatim's /reverse and /search (jsonv2), standing in for the external
// service the resolver's last step asks. It records what it was asked, and can be told to stay silent (to prove
// the timeout) or to answer Nominatim's "Unable to geocode".

export interface StandInRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface NominatimStandIn {
  url: string;
  requests: StandInRequest[];
  /** Latitudes (as sent) at which /reverse never answers. */
  silentAt: Set<string>;
  /** Latitudes at which /reverse answers {"error": "Unable to geocode"}. */
  unknownAt: Set<string>;
  close(): Promise<void>;
}

export async function startNominatimStandIn(): Promise<NominatimStandIn> {
  const requests: StandInRequest[] = [];
  const silentAt = new Set<string>();
  const unknownAt = new Set<string>();
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = url.searchParams;
    requests.push({ path: url.pathname, query, headers: req.headers });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const lang = query.get('accept-language') ?? '';
    if (url.pathname === '/nominatim/reverse') {
      const lat = query.get('lat') ?? '';
      if (silentAt.has(lat)) {
        held.push(res);
        return;
      }
      if (unknownAt.has(lat)) return json({ error: 'Unable to geocode' });
      return json({
        place_id: 1,
        lat,
        lon: query.get('lon'),
        display_name: `${lang}: 1 Stand-in Road, Testville`,
      });
    }
    if (url.pathname === '/nominatim/search') {
      if ((query.get('q') ?? '').toLowerCase() !== 'testville') return json([]);
      return json([
        {
          place_id: 2,
          lat: '10.5',
          lon: '20.5',
          name: 'Testville',
          display_name: `Testville, Stand-in County (${lang})`,
          boundingbox: ['10.4', '10.6', '20.4', '20.6'],
        },
      ]);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/nominatim`,
    requests,
    silentAt,
    unknownAt,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
