/** A small ZIP reader for tests: central directory, Zip64 fields, stored entries with their CRC checked. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Reads a ZIP through its central directory and checks each stored entry's CRC. */
export function readZip(buf: ArrayBuffer): { name: string; data: Uint8Array }[] {
  const bytes = new Uint8Array(buf);
  const view = new DataView(buf);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= 0; i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new Error("no end of central directory");
  let count = view.getUint16(eocd + 10, true);
  let cd = view.getUint32(eocd + 16, true);
  if (cd === 0xffffffff || count === 0xffff) {
    // Zip64 end-of-central-directory record, pointed at by its locator just before the EOCD.
    const z64 = Number(view.getBigUint64(eocd - 20 + 8, true));
    count = Number(view.getBigUint64(z64 + 32, true));
    cd = Number(view.getBigUint64(z64 + 48, true));
  }
  const out: { name: string; data: Uint8Array }[] = [];
  for (let k = 0, p = cd; k < count; k++) {
    if (view.getUint32(p, true) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    let size = view.getUint32(p + 20, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let local = view.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen));
    // Zip64 extra field (client-zip may write sizes/offsets there).
    for (let e = p + 46 + nameLen; e < p + 46 + nameLen + extraLen; ) {
      const id = view.getUint16(e, true);
      const len = view.getUint16(e + 2, true);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === 0xffffffff) {
          view.getBigUint64(q, true);
          q += 8;
          size = Number(view.getBigUint64(q, true));
          q += 8;
        }
        if (local === 0xffffffff) local = Number(view.getBigUint64(q, true));
      }
      e += 4 + len;
    }
    if (method !== 0) throw new Error(`entry ${name} is compressed (${method})`);
    const lNameLen = view.getUint16(local + 26, true);
    const lExtraLen = view.getUint16(local + 28, true);
    const start = local + 30 + lNameLen + lExtraLen;
    const data = bytes.slice(start, start + size);
    if (crc32(data) !== crc) throw new Error(`CRC mismatch in ${name}`);
    out.push({ name, data });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
