import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DlsetupError } from '../../../shared/errors.js';
import { fixtureCaptures, fuzzRuns, fuzzTally, splicedCapture } from '../../../testkit/fuzzRuns.js';
import { hostileText, NEVER_ACCEPTED } from '../../../testkit/hostileInputs.js';
import { isIntegratedNvidiaName, isMissingValue, isVgpuProfileName, mibFromText, pciIdFromNvidiaHex } from './nvidiaSmiSnapshot.js';
import { parseAmdSmiStatic } from './parseAmdSmiStatic.js';
import { parseCondaEnvList } from './parseCondaEnvList.js';
import { parseCudaVersionFile } from './parseCudaVersionFile.js';
import { cudnnVersionFromNumber, parseCudnnHeader } from './parseCudnnHeader.js';
import { localVersionTag, normalizePackageName, parseDistInfoDirName, parseDistMetadata } from './parseDistMetadata.js';
import { parseLdSoCache } from './parseLdSoCache.js';
import { parseLdconfig, versionFromSoname } from './parseLdconfig.js';
import { parseLspci } from './parseLspci.js';
import { parseSysctl, parseSystemProfilerDisplays, parseSystemProfilerHardware } from './parseMacos.js';
import { parseMokutilSbState, secureBootFromEfivar } from './parseMokutilSbState.js';
import { parseNvccVersion } from './parseNvccVersion.js';
import { parseNvidiaSmiCsv, parseNvidiaSmiCsvRows } from './parseNvidiaSmiCsv.js';
import { parseNvidiaSmiError } from './parseNvidiaSmiError.js';
import { parseNvidiaSmiList } from './parseNvidiaSmiList.js';
import { parseNvidiaSmiQuery } from './parseNvidiaSmiQuery.js';
import { parseNvidiaSmiTable } from './parseNvidiaSmiTable.js';
import { parseNvidiaSmiXml } from './parseNvidiaSmiXml.js';
import { parseOsRelease } from './parseOsRelease.js';
import { parseMeminfoTotal, parseProcCpuinfo } from './parseProcCpuinfo.js';
import { parseProcDriverVersion } from '../../system/parseProcDriverVersion.js';
import { parseProcModules } from './parseProcModules.js';
import { parseRocmAgentEnumerator, parseRocmSmi } from './parseRocmSmi.js';
import { nvidiaVersionFromWindowsDriver, parseWindowsVideoControllers } from './parseWindowsVideoControllers.js';
import { readXml } from './readXml.js';

/**
 * Fuzzing detection's parsers (issue 15, item 9): tool output and files on a machine are text anyone with a shell can
 * shape. Every parser gets the same hostile inputs: real captures from fixtures/ with hostile pieces spliced in or cut
 * short, and random text. Each must return (null or an empty result for garbage), never throw a TypeError, never hang.
 */

const TEXT_PARSERS: Record<string, (text: string) => unknown> = {
  parseAmdSmiStatic,
  parseCondaEnvList,
  parseCudaVersionFile,
  parseCudnnHeader,
  parseDistMetadata,
  parseDistInfoDirName,
  localVersionTag,
  normalizePackageName,
  parseLdconfig: (text) => parseLdconfig(text, 'libcud'),
  versionFromSoname,
  parseLspci,
  parseSystemProfilerDisplays,
  parseSystemProfilerHardware,
  parseSysctl,
  parseMokutilSbState,
  parseNvccVersion,
  parseNvidiaSmiCsvRows,
  parseNvidiaSmiCsv,
  parseNvidiaSmiError,
  parseNvidiaSmiList,
  parseNvidiaSmiQuery,
  parseNvidiaSmiTable,
  parseNvidiaSmiXml,
  parseOsRelease,
  parseProcCpuinfo,
  parseMeminfoTotal,
  parseProcDriverVersion,
  parseProcModules,
  parseRocmSmi,
  parseRocmAgentEnumerator,
  nvidiaVersionFromWindowsDriver,
  parseWindowsVideoControllers,
  readXml,
  isVgpuProfileName,
  isIntegratedNvidiaName,
  pciIdFromNvidiaHex,
  mibFromText,
  isMissingValue,
};

/** A real capture with a hostile piece spliced in, cut short, or with a line repeated; or plain hostile text. */
function parserInput(real: string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(fc.constantFrom(...NEVER_ACCEPTED), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('<', '</', '<a ', '&#', ']]>', ',', '|', '\u0000', '%', '-1', '9'.repeat(400)));
  const spliced = splicedCapture(real, piece);
  const cut = fc.tuple(fc.constantFrom(...real), fc.nat()).map(([text, at]) => text.slice(0, text.length ? at % text.length : 0));
  const repeated = fc.tuple(fc.constantFrom(...real), fc.nat(), fc.integer({ min: 2, max: 200 })).map(([text, at, times]) => {
    const lines = text.split('\n');
    const line = lines[at % lines.length] ?? '';
    return [...lines, ...Array.from({ length: times }, () => line)].join('\n');
  });
  const bounded = hostileText.map((text) => text.slice(0, 4_000));
  return fc.oneof({ weight: 4, arbitrary: spliced }, { weight: 1, arbitrary: cut }, { weight: 1, arbitrary: repeated }, { weight: 2, arbitrary: bounded });
}

/** A parser returns, or refuses with a listed code; any other throw is a crash the user would meet. */
function outcome(parse: () => unknown): 'ok' | string {
  try {
    parse();
    return 'ok';
  } catch (error) {
    return error instanceof DlsetupError && error.code !== 'INTERNAL' ? 'ok' : `${(error as Error).name}: ${(error as Error).message}`;
  }
}

// Quoted by the closing note: inputs tried per boundary and how many got through (must be 0).
const tally = fuzzTally(({ inputs, calls, through }) => `fuzz detection parsers: ${inputs} hostile inputs × ${Object.keys(TEXT_PARSERS).length + 3} parsers = ${calls} calls, ${through} got through`);

describe('fuzz: detection parsers', () => {
  it('every text parser, on broken captures and hostile text: a result, never a throw', () => {
    const real = fixtureCaptures();
    expect(real.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(parserInput(real), (text) => {
        tally.inputs += 1;
        for (const [name, parse] of Object.entries(TEXT_PARSERS)) {
          tally.calls += 1;
          const result = outcome(() => parse(text));
          if (result !== 'ok') tally.through += 1;
          expect(result, name).toBe('ok');
        }
      }),
      fuzzRuns(1_500, 15_094, 15_000),
    );
  });

  it('the binary parsers (ld.so.cache, the Secure Boot EFI variable), on broken real bytes and random bytes', () => {
    let real: Uint8Array = new Uint8Array(0);
    try {
      real = readFileSync('/etc/ld.so.cache');
    } catch {
      // Not every machine has one; random bytes still run.
    }
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 4_096 }),
      fc.tuple(fc.nat(), fc.nat({ max: 255 }), fc.nat()).map(([at, value, cut]) => {
        const copy = Uint8Array.from(real);
        if (copy.length) copy[at % copy.length] = value;
        return copy.subarray(0, copy.length ? Math.max(1, cut % (copy.length + 1)) : 0);
      }),
    );
    fc.assert(
      fc.property(bytes, fc.constantFrom('', 'libcud', 'libnv'), (data, prefix) => {
        tally.inputs += 1;
        tally.calls += 3;
        const results = [outcome(() => parseLdSoCache(data, prefix)), outcome(() => secureBootFromEfivar(data)), outcome(() => cudnnVersionFromNumber(data.length * 997))];
        if (results.some((result) => result !== 'ok')) tally.through += 1;
        expect(results).toEqual(['ok', 'ok', 'ok']);
      }),
      fuzzRuns(400, 15_095, 10_000),
    );
  });
});
