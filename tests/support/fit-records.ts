// A reading of FIT files written apart from the importer (and from Garmin's SDK), for the tests' expected
// figures: it walks the records by the FIT protocol (docs: developer.garmin.com/fit/protocol) — file header,
// definition messages, data messages, compressed-timestamp headers — and gives each data message's fields raw,
// by field number, as the FIT profile numbers them. Nothing is scaled or named here; the tests do that from the
// profile (e.g. weight_scale 30: field 0 weight, scale 100 kg).

/** FIT's epoch, 1989-12-31T00:00:00Z, in Unix seconds. */
export const FIT_EPOCH_S = 631_065_600;

export type FitRecord = {
  /** The global message number (the profile's: 3 user_profile, 30 weight_scale, 55 monitoring, 103 monitoring_info). */
  global: number;
  /** Raw values by field number: integers (one per element), invalid values left as they are. */
  fields: Map<number, number[]>;
  /** Whether the record came with a compressed-timestamp header. */
  compressed: boolean;
  /** Its timestamp in FIT seconds: field 253, or the one rebuilt from a compressed header. */
  timestamp: number | null;
};

const SIZES: Record<number, number> = { 0x00: 1, 0x01: 1, 0x02: 1, 0x07: 1, 0x0a: 1, 0x0d: 1, 0x83: 2, 0x84: 2, 0x8b: 2, 0x85: 4, 0x86: 4, 0x88: 4, 0x8c: 4, 0x89: 8, 0x8e: 8, 0x8f: 8, 0x90: 8 };
const SIGNED = new Set([0x01, 0x83, 0x85, 0x8e]);

type Definition = { global: number; little: boolean; fields: { num: number; size: number; base: number }[]; devSize: number };

/** Every data message of every FIT file chained in `bytes`, in file order. */
export function fitRecords(bytes: Uint8Array): FitRecord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: FitRecord[] = [];
  let start = 0;
  while (start < bytes.length) {
    const headerSize = bytes[start]!;
    const dataSize = view.getUint32(start + 4, true);
    const end = start + headerSize + dataSize;
    const definitions: Definition[] = [];
    let last: number | null = null;
    let at = start + headerSize;
    while (at < end) {
      const header = bytes[at]!;
      at += 1;
      if ((header & 0x80) === 0 && header & 0x40) {
        const little = bytes[at + 1] === 0;
        const global = view.getUint16(at + 2, little);
        const count = bytes[at + 4]!;
        at += 5;
        const fields = [];
        for (let i = 0; i < count; i += 1, at += 3) fields.push({ num: bytes[at]!, size: bytes[at + 1]!, base: bytes[at + 2]! & 0x9f });
        let devSize = 0;
        if (header & 0x20) {
          const devCount = bytes[at]!;
          at += 1;
          for (let i = 0; i < devCount; i += 1, at += 3) devSize += bytes[at + 1]!;
        }
        definitions[header & 0x0f] = { global, little, fields, devSize };
        continue;
      }
      const compressed = (header & 0x80) !== 0;
      const definition = definitions[compressed ? (header >> 5) & 0x03 : header & 0x0f];
      if (!definition) throw new Error(`data message before its definition at byte ${at - 1}`);
      const fields = new Map<number, number[]>();
      for (const field of definition.fields) {
        const size = SIZES[field.base] ?? 1;
        const values: number[] = [];
        for (let o = 0; o + size <= field.size; o += size) {
          const p = at + o;
          if (size === 1) values.push(SIGNED.has(field.base) ? view.getInt8(p) : bytes[p]!);
          else if (size === 2) values.push(SIGNED.has(field.base) ? view.getInt16(p, definition.little) : view.getUint16(p, definition.little));
          else if (size === 4) values.push(field.base === 0x88 ? view.getFloat32(p, definition.little) : SIGNED.has(field.base) ? view.getInt32(p, definition.little) : view.getUint32(p, definition.little));
          else values.push(Number(SIGNED.has(field.base) ? view.getBigInt64(p, definition.little) : view.getBigUint64(p, definition.little)));
        }
        fields.set(field.num, values);
        at += field.size;
      }
      at += definition.devSize;
      let timestamp: number | null = null;
      if (compressed) {
        // Protocol: the 5-bit offset replaces the last timestamp's low 5 bits, rolling over when it is smaller.
        if (last === null) throw new Error('compressed timestamp before any full timestamp');
        const offset = header & 0x1f;
        timestamp = (last & ~0x1f) + offset + (offset < (last & 0x1f) ? 0x20 : 0);
        if (timestamp < 0) timestamp += 2 ** 32;
        last = timestamp;
      } else if (fields.get(253)?.[0] !== undefined && fields.get(253)![0] !== 0xffffffff) {
        timestamp = fields.get(253)![0]!;
        last = timestamp;
      }
      records.push({ global: definition.global, fields, compressed, timestamp });
    }
    start = end + 2;
  }
  return records;
}

/** A FIT time (seconds since FIT's epoch) as a Date. */
export const fitDate = (seconds: number) => new Date((seconds + FIT_EPOCH_S) * 1000);
