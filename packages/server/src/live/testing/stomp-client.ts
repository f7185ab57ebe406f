import { Client, type IFrame, type IMessage, type StompConfig } from '@stomp/stompjs';
import { WebSocket } from 'ws';

// The real browser client library (@stomp/stompjs) driven from Node over `ws`, for tests and the bench.

export interface Connected {
  client: Client;
  connected: IFrame;
}

export type Refused = { refused: IFrame | undefined; closeCode: number | undefined };

/** Connects and resolves on CONNECTED, or with the ERROR frame / close when the server refuses. */
export function connectStomp(url: string, token: string, config: StompConfig = {}): Promise<Connected | Refused> {
  return new Promise((resolve) => {
    let error: IFrame | undefined;
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
      connectHeaders: { token },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      ...config,
      onConnect: (connected) => resolve({ client, connected }),
      onStompError: (frame) => {
        error = frame;
      },
      onWebSocketClose: (event) => resolve({ refused: error, closeCode: (event as { code?: number }).code }),
    });
    client.activate();
  });
}

export async function mustConnect(url: string, token: string, config: StompConfig = {}): Promise<Client> {
  const result = await connectStomp(url, token, config);
  if ('refused' in result) throw new Error(`refused: ${result.refused?.headers.message ?? result.closeCode}`);
  return result.client;
}

/** Collects the messages of one subscription. */
export function collect(client: Client, destination: string): { messages: IMessage[]; bodies(): unknown[] } {
  const messages: IMessage[] = [];
  client.subscribe(destination, (message) => messages.push(message));
  return { messages, bodies: () => messages.map((m) => JSON.parse(m.body) as unknown) };
}

/** Resolves once the socket closes, with the ERROR frame seen before, if any. */
export function closed(client: Client): Promise<IFrame | undefined> {
  return new Promise((resolve) => {
    let error: IFrame | undefined;
    client.onStompError = (frame) => {
      error = frame;
    };
    client.onWebSocketClose = () => resolve(error);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
