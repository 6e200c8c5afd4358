import { inflateRawSync } from 'node:zlib';
import { checkedMetadata, METADATA_MAX_BYTES, parseCoreMetadata, type CoreMetadata } from './coreMetadata.js';
import { refused, unreachable } from './indexErrors.js';
import type { IndexSession } from './indexSession.js';
import type { IndexFile } from './simplePage.js';

// An index without PEP 658 metadata (most mirrors): the wheel's own *.dist-info/METADATA is read through three byte
// ranges (the zip's end, its central directory, the one member), as pip's lazy wheel does, never the whole wheel.

/** The end-of-central-directory record with the longest comment, plus the zip64 locator and record before it. */
const TAIL_BYTES = 66_000 + 20 + 56;
/** torch's wheel lists ~13,000 files (~2 MB of directory); a directory past this is not a wheel's. */
const DIRECTORY_MAX_BYTES = 16 << 20;
/** Room for the member's local header (its extra field may differ from the directory's). */
const LOCAL_HEADER_SLACK = 64 << 10;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function notAWheel(file: IndexFile, what: string): Error {
  return refused('badMetadata', `${file.filename.slice(0, 120)} is not a readable wheel (${what})`);
}

/** One byte range, which must come back as that range (206 with a Content-Range that says so). */
async function range(session: IndexSession, file: IndexFile, spec: string, maxBytes: number): Promise<{ body: Buffer; start: number; size: number }> {
  const answer = await session.getRange(new URL(file.url), `bytes=${spec}`, maxBytes);
  if (answer.status === 200) throw unreachable('status', 'the index serves no core metadata and no byte ranges, so dependencies cannot be read without downloading the wheel', file.url);
  if (answer.status !== 206) throw unreachable('status', `the index answered HTTP ${answer.status} for a byte range`, file.url);
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.contentRange ?? '');
  const [start, end, size] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  if (!match || end - start + 1 !== answer.body.length || end >= size) throw refused('badPage', 'a byte range came back without a matching Content-Range', file.url);
  return { body: answer.body, start, size };
}

/** Where the central directory is: the end record (or its zip64 form), found from the end of the tail. */
function directoryOf(tail: Buffer, tailStart: number, file: IndexFile): { offset: number; size: number } {
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notAWheel(file, 'no end of central directory');
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (size === 0xffffffff || offset === 0xffffffff) {
    const locator = at - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) throw notAWheel(file, 'no zip64 locator');
    const record = Number(tail.readBigUInt64LE(locator + 8)) - tailStart;
    if (record < 0 || record + 56 > tail.length || tail.readUInt32LE(record) !== ZIP64_EOCD) throw notAWheel(file, 'no zip64 end record');
    size = Number(tail.readBigUInt64LE(record + 40));
    offset = Number(tail.readBigUInt64LE(record + 48));
  }
  return { offset, size };
}

/** The one top-level `*.dist-info/METADATA` member: its method, sizes and local header offset (zip64 extra read). */
function findMetadata(directory: Buffer, file: IndexFile): { method: number; compressed: number; offset: number } {
  const found: { method: number; compressed: number; offset: number }[] = [];
  for (let at = 0; at + 46 <= directory.length; ) {
    if (directory.readUInt32LE(at) !== CENTRAL) throw notAWheel(file, 'a broken central directory');
    const method = directory.readUInt16LE(at + 10);
    let compressed = directory.readUInt32LE(at + 20);
    const uncompressed = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let offset = directory.readUInt32LE(at + 42);
    const name = directory.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (/^[^/]+\.dist-info\/METADATA$/.test(name)) {
      // zip64: the fields that overflowed are in extra block 0x0001, in this order.
      const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      for (let e = 0; e + 4 <= extra.length; e += 4 + extra.readUInt16LE(e + 2)) {
        if (extra.readUInt16LE(e) !== 1) continue;
        let field = e + 4;
        if (uncompressed === 0xffffffff) field += 8;
        if (compressed === 0xffffffff) {
          compressed = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (offset === 0xffffffff) offset = Number(extra.readBigUInt64LE(field));
      }
      found.push({ method, compressed, offset });
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (found.length !== 1) throw notAWheel(file, found.length ? 'more than one METADATA' : 'no METADATA');
  return found[0]!;
}

/** METADATA from inside a wheel on an index that publishes no PEP 658 file; its size is bounded like the PEP 658 one. */
export async function fetchWheelMetadata(session: IndexSession, file: IndexFile): Promise<CoreMetadata> {
  return session.once(`wheel-metadata ${file.url}`, async () => {
    const tail = await range(session, file, `-${TAIL_BYTES}`, TAIL_BYTES);
    const directory = directoryOf(tail.body, tail.start, file);
    if (directory.size > DIRECTORY_MAX_BYTES || directory.offset + directory.size > tail.size) throw notAWheel(file, 'a central directory out of bounds');
    const inTail = directory.offset >= tail.start ? tail.body.subarray(directory.offset - tail.start, directory.offset - tail.start + directory.size) : null;
    const listing = inTail ?? (await range(session, file, `${directory.offset}-${directory.offset + directory.size - 1}`, DIRECTORY_MAX_BYTES)).body;
    const member = findMetadata(listing, file);
    if (member.compressed > METADATA_MAX_BYTES) throw refused('tooLarge', 'the wheel\'s METADATA is larger than the bound', file.url);
    const last = Math.min(member.offset + 30 + LOCAL_HEADER_SLACK + member.compressed, tail.size) - 1;
    const local = (await range(session, file, `${member.offset}-${last}`, last - member.offset + 1)).body;
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw notAWheel(file, 'no local header');
    const start = 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const data = local.subarray(start, start + member.compressed);
    if (data.length !== member.compressed) throw notAWheel(file, 'a cut member');
    let bytes: Buffer;
    try {
      bytes = member.method === 0 ? data : member.method === 8 ? inflateRawSync(data, { maxOutputLength: METADATA_MAX_BYTES }) : Buffer.alloc(0);
    } catch {
      throw notAWheel(file, 'METADATA does not inflate within its bound');
    }
    if (member.method !== 0 && member.method !== 8) throw notAWheel(file, `compression method ${member.method}`);
    return checkedMetadata(parseCoreMetadata(bytes.toString('utf8')), new URL(file.url));
  });
}
