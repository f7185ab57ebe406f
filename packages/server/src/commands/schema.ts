import type { Generated, Kysely } from 'kysely';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shape of the message and dispatch logs, snippets and snapshots (migration 0012-commands).

export interface MessageLogTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  vehicle_id: number | null;
  device_id: number | null;
  car_name: string;
  terminal_phone: string;
  msg: string;
  flag: number;
  target: string;
  user_id: number | null;
  account: string;
  send_time: number;
  /** COMMAND_STATES (@headway/spec). */
  send_state: number;
  reply_time: number | null;
  reply_msg: Generated<string>;
  expire_time: number | null;
}

export interface DispatchLogTable {
  id: Generated<number>;
  company_id: number;
  vehicle_id: number | null;
  device_id: number | null;
  car_name: string;
  imei: string;
  terminal_phone: string;
  user_id: number | null;
  account: string;
  command: number;
  action: string;
  request: string;
  /** A queued command's Jt808Message as JSON (commands/wire.ts), cleared once delivered. */
  payload: string | null;
  state: number;
  result: number | null;
  send_time: number;
  reply_time: number | null;
  expire_time: number | null;
}

export interface MessageSnippetsTable {
  id: Generated<number>;
  company_id: number;
  snippet: string;
  created_by: string;
  created_at: number;
}

export interface SnapshotsTable {
  id: Generated<number>;
  company_id: number;
  vehicle_id: number | null;
  device_id: number | null;
  car_name: string;
  terminal_phone: string;
  media_id: number;
  chn: number;
  event: number;
  width: number | null;
  height: number | null;
  size: number;
  lat: number | null;
  lng: number | null;
  snap_time: number;
  received_at: number;
  image: Uint8Array;
}

export type CommandTables = {
  message_log: MessageLogTable;
  dispatch_log: DispatchLogTable;
  message_snippets: MessageSnippetsTable;
  snapshots: SnapshotsTable;
};

export function commandDb(db: Kysely<Database>) {
  return db.withTables<TransitTables>().withTables<CommandTables>();
}

export type CommandDb = ReturnType<typeof commandDb>;
