import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export interface Entry {
  id: string;
  kind: 'jt808' | 'jt1078-rtp';
  version: string;
  hex: string;
  group?: string;
  expect: { [k: string]: Json };
}

const here = dirname(fileURLToPath(import.meta.url));
/** packages/protocol/test → repo root → ../shared (CI checks shared/ out beside the clone). */
export const CORPUS_PATH = resolve(here, '../../../../shared/protocol/jt808-frames.json');

export function loadCorpus(): Entry[] {
  return JSON.parse(readFileSync(CORPUS_PATH, 'utf8')) as Entry[];
}
