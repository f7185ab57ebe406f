import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { ImageExtension } from './image-type.ts';

/** `HEADWAY_DATA_DIR/uploads`: beside the database and the evidence (several API nodes share it as a volume). */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** A stored picture's public path: `/upload/<company>/<kind>/<random>.<ext>`. */
export type UploadPath = string;

const NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;
const KIND = /^[a-z]{1,32}$/;

/**
 * Pictures as files under a directory, one folder per company and kind. Names are random (a UUID), never the
 * client's: they cannot collide, cannot climb out of the folder, and cannot be guessed, which is what lets an
 * `<img>` load them without a session (docs/uploads.md).
 */
export class UploadStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async save(companyId: number, kind: string, ext: ImageExtension, bytes: Uint8Array): Promise<UploadPath> {
    const name = `${randomUUID()}.${ext}`;
    const folder = join(this.root, String(companyId), kind);
    await mkdir(folder, { recursive: true });
    // Written aside and renamed: a reader never sees half a picture.
    const partial = join(folder, `.${name}.part`);
    await writeFile(partial, bytes);
    await rename(partial, join(folder, name));
    return `/upload/${companyId}/${kind}/${name}`;
  }

  /** The file behind a public path's parts, when they are well formed and it exists. */
  async open(company: string, kind: string, name: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!/^\d{1,10}$/.test(company) || !KIND.test(kind) || !NAME.test(name)) return undefined;
    const file = join(this.root, company, kind, name);
    if (!file.startsWith(this.root + sep)) return undefined;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  }
}
