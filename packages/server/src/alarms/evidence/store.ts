import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Inclusive byte range, as HTTP Range has it. */
export interface ReadRange {
  start: number;
  end: number;
}

/**
 * Where evidence files live. Paths are relative (`<company>/<alarm_key>/<file>`, paths.ts). A file is written
 * piece by piece at its offsets while it arrives (`put`) and becomes readable only once `seal`ed, so a reader
 * never sees half a file. The local directory is the default; an object store fits the same shape.
 */
export interface EvidenceStore {
  /** Writes bytes at an offset of a file being received (creating it). */
  put(path: string, offset: number, data: Uint8Array): Promise<void>;
  /** The file is complete: publish it under its path, replacing an earlier copy. */
  seal(path: string): Promise<void>;
  /** Forgets a file being received (refused or abandoned). */
  discard(path: string): Promise<void>;
  /** A sealed file's bytes, the whole or an inclusive range. */
  read(path: string, range?: ReadRange): Readable;
  /** A sealed file's size, or undefined when there is none. */
  stat(path: string): Promise<{ size: number } | undefined>;
  /** The sealed files in a folder (names only). */
  list(folder: string): Promise<string[]>;
  /** Deletes a sealed file, and its folder once that is empty (retention). */
  remove(path: string): Promise<void>;
}

const PARTIAL = '.part';

/** Evidence as plain files under a directory (`HEADWAY_DATA_DIR/evidence` by default). */
export class LocalEvidenceStore implements EvidenceStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(path: string, offset: number, data: Uint8Array): Promise<void> {
    const file = this.partial(path);
    await mkdir(dirname(file), { recursive: true });
    // 'a' would ignore the position on Linux; open for update, creating it the first time.
    const handle = await open(file, 'r+').catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return open(file, 'w+');
      throw error;
    });
    try {
      await handle.write(data, 0, data.length, offset);
    } finally {
      await handle.close();
    }
  }

  async seal(path: string): Promise<void> {
    await rename(this.partial(path), this.file(path));
  }

  async discard(path: string): Promise<void> {
    await rm(this.partial(path), { force: true });
  }

  read(path: string, range?: ReadRange): Readable {
    return createReadStream(this.file(path), range ? { start: range.start, end: range.end } : {});
  }

  async stat(path: string): Promise<{ size: number } | undefined> {
    try {
      const s = await stat(this.file(path));
      return s.isFile() ? { size: s.size } : undefined;
    } catch {
      return undefined;
    }
  }

  async list(folder: string): Promise<string[]> {
    try {
      const entries = await readdir(this.file(folder), { withFileTypes: true });
      return entries.filter((e) => e.isFile() && !e.name.endsWith(PARTIAL)).map((e) => e.name);
    } catch {
      return [];
    }
  }

  async remove(path: string): Promise<void> {
    const file = this.file(path);
    await rm(file, { force: true });
    // The alarm's folder goes with its last file; rmdir refuses a folder still holding files or uploads.
    await rmdir(dirname(file)).catch(() => undefined);
  }

  /** Absolute path inside the root; anything resolving outside it is refused (paths.ts already prevents it). */
  private file(path: string): string {
    const full = resolve(this.root, path);
    if (full !== this.root && !full.startsWith(this.root + sep))
      throw new Error(`evidence path outside the store: ${path}`);
    return full;
  }

  private partial(path: string): string {
    return this.file(path) + PARTIAL;
  }
}

/** The default store location under the data directory. */
export function evidenceDir(dataDir: string): string {
  return join(dataDir, 'evidence');
}
