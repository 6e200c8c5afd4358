import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { DlsetupError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { BINARY_SAMPLE, looksBinary } from './looksBinary.js';
import { untrustedInputText } from './untrustedInputText.js';

export interface UntrustedFileOptions {
  /** Larger files are refused; the size on disk is not trusted (files in /proc say 0, files grow), the bytes read are. */
  maxBytes: number;
  /** 'strict': bytes that are not UTF-8 are refused (plans); 'lenient': they become U+FFFD (another tool's log). */
  utf8: 'strict' | 'lenient';
  /** Refuse a file whose first bytes are binary data (a core dump, an image, a wheel) before reading the rest. */
  refuseBinary?: boolean;
  locale?: Locale;
}

type InputSay = ReturnType<typeof untrustedInputText>;

// O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer (Windows has no FIFOs and no flag).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
/** The first read: enough for the binary sample, small enough that a refused 50 MB blob costs nothing. */
const HEAD_BYTES = 64 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/** Text from bytes: a UTF-8 or UTF-16 byte-order mark picks the encoding and is dropped; UTF-8 otherwise. */
export function decodeText(bytes: Uint8Array, fatal = false): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding, { fatal }).decode(bytes);
}

/** The refusal for anything but a regular file, judged from its metadata alone. */
function refuseNonRegular(info: Stats, file: string, say: InputSay): void {
  if (info.isFile()) return;
  const key = info.isDirectory() ? 'file.isFolder' : info.isFIFO() ? 'file.isFifo' : info.isSocket() ? 'file.isSocket' : 'file.isDevice';
  throw say.error('INVALID_ARGUMENT', key, { file });
}

function cannotOpen(cause: unknown, file: string, say: InputSay): DlsetupError {
  const code = (cause as NodeJS.ErrnoException).code ?? 'error';
  if (code === 'ENOENT' || code === 'ENOTDIR') return say.error('NOT_FOUND', 'file.notFound', { file }, { cause });
  return say.error('NOT_FOUND', 'file.notReadable', { file, reason: code }, { cause });
}

/** Reads at most `limit` + 1 bytes, so a file larger than the limit is known to be without reading it all. */
async function readUpTo(handle: FileHandle, limit: number, afterHead: (head: Uint8Array) => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const want = Math.min(chunks.length === 0 ? HEAD_BYTES : CHUNK_BYTES, limit + 1 - total);
    if (want <= 0) break;
    const buffer = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (chunks.length === 1) afterHead(chunks[0]!);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Reads a file a user (or someone who handed them the file) named: a plan, a log to diagnose, a report. Only a regular
 * file is opened, and opened so it cannot block; its size is capped; a byte-order mark is dropped. Every refusal is a
 * DlsetupError naming the file: NOT_FOUND when it is missing or unreadable, INVALID_ARGUMENT for what it is.
 */
export async function readUntrustedFile(file: string, options: UntrustedFileOptions): Promise<string> {
  const say = untrustedInputText(options.locale);
  const limitMb = Math.round(options.maxBytes / (1024 * 1024));
  let handle: FileHandle;
  try {
    // Metadata first: a FIFO, a device or a socket is never opened at all.
    refuseNonRegular(await stat(file), file, say);
    handle = await open(file, OPEN_FLAGS);
  } catch (cause) {
    throw cause instanceof DlsetupError ? cause : cannotOpen(cause, file, say);
  }
  let bytes: Buffer;
  try {
    // Again on what was opened: the name may have been swapped for a FIFO or a device in between.
    const info = await handle.stat();
    refuseNonRegular(info, file, say);
    bytes = await readUpTo(handle, options.maxBytes, (head) => {
      if (options.refuseBinary && looksBinary(decodeText(head.subarray(0, BINARY_SAMPLE)))) {
        throw say.error('INVALID_ARGUMENT', 'file.binary', { file });
      }
      if (info.size > options.maxBytes) throw say.error('INVALID_ARGUMENT', 'file.tooLarge', { file, limit: limitMb });
    });
  } catch (cause) {
    throw cause instanceof DlsetupError ? cause : cannotOpen(cause, file, say);
  } finally {
    await handle.close();
  }
  if (bytes.length > options.maxBytes) throw say.error('INVALID_ARGUMENT', 'file.tooLarge', { file, limit: limitMb });
  try {
    return decodeText(bytes, options.utf8 === 'strict');
  } catch (cause) {
    throw say.error('INVALID_ARGUMENT', 'file.notUtf8', { file }, { cause });
  }
}
