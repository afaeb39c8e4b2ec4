import 'server-only';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Area, ObjectStore, StoredObject } from './object-store';

// Files on local disk under UPLOADS_DIR (import files under its imports/ folder): the folder 0700, each
// file 0600 (the app's user alone) and written with `wx`, so nothing is ever overwritten.

export function diskStore(uploadsDir: string): ObjectStore {
  const dirOf = (area: Area) => (area === 'uploads' ? uploadsDir : path.join(uploadsDir, 'imports'));
  const fileOf = (area: Area, name: string) => path.join(dirOf(area), name);

  return {
    where: uploadsDir,

    async put(area, name, body) {
      await mkdir(dirOf(area), { recursive: true, mode: 0o700 });
      const file = fileOf(area, name);
      if (body instanceof Uint8Array) return writeFile(file, body, { flag: 'wx', mode: 0o600 });
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },

    get: (area, name) => createReadStream(fileOf(area, name), { highWaterMark: area === 'imports' ? 256 * 1024 : undefined }),

    size: async (area, name) => (await stat(fileOf(area, name))).size,

    remove: (area, name) => rm(fileOf(area, name), { force: true }),

    async *list(area, accept) {
      let names: string[];
      try {
        names = await readdir(dirOf(area));
      } catch {
        return; // Nothing was ever stored.
      }
      const found: StoredObject[] = [];
      for (const name of names.filter(accept)) found.push({ name, modifiedAt: (await stat(fileOf(area, name))).mtime });
      if (found.length) yield found;
    },
  };
}
