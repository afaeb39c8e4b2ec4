// Prisma's schema engine compiled to WebAssembly: it diffs datamodels offline,
// where the native engine binary cannot be downloaded.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';

const require = createRequire(import.meta.url);
let loaded: Promise<void> | null = null;

function loadWasm(): Promise<void> {
  loaded ??= (async () => {
    const wasmPath = require.resolve('@prisma/schema-engine-wasm').replace(/schema_engine\.js$/, 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': engineBindings as unknown as WebAssembly.ModuleImports,
    });
    engineBindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  })();
  return loaded;
}

type Datamodel = { path: string; content: string } | null;

/**
 * The SQL that takes a database from `from` to `to` (null = empty database).
 * The engine wants a live connection even for a datamodel diff; `databaseUrl` provides it.
 */
export async function diffDatamodels(from: Datamodel, to: Datamodel, databaseUrl: string): Promise<string> {
  await loadWasm();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: databaseUrl, max: 1 }));
  const engine = await engineBindings.SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
  try {
    const target = (dm: Datamodel) => (dm ? { tag: 'schemaDatamodel' as const, files: [dm] } : { tag: 'empty' as const });
    const result = await engine.diff({
      from: target(from),
      to: target(to),
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
