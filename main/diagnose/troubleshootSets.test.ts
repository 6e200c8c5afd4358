import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { HELD_OUT, TRAINED_ON } from '../../scripts/generateErrorResemblance.mjs';
import { diagnoseText } from './diagnoseText.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Issue 31's measure: real texts from public threads, each with its thread, that no pattern was written from when they
 * were scored. Set 3 (121 texts, fixtures/troubleshoot-set-3/) was split by family into a development half and a held-out
 * half before any pattern was written; its held-out half scored 50/60 once, and became development when set 4 was
 * collected. Set 4 (fixtures/troubleshoot-set-4/, 92 texts collected after set 3 was scored, by someone who never read
 * the patterns) is a held-out set; set 5 (fixtures/troubleshoot-set-5/) is development texts. A text is right when Troubleshoot's first diagnosis is its family. The floors
 * are the scores measured, so a change that loses ground fails, and a rise is recorded by raising the floor.
 */
interface SetText {
  id: string;
  code: string;
  text: string;
  source: string;
}

// Since the session that collected set 15, a text no pattern matches gets the family whose labelled reports it reads most
// like (closestReports.ts, counted from every development half: data/error-resemblance.json), so the development floors
// include texts it learnt from; no held-out half was ever counted. The held-out halves then rose, never read: set 12 54 ->
// 59/68, set 13 53 -> 57/66, set 14 49 -> 56/66; 55/66 once each family's own wordings and explanation were counted as
// two more of its reports (chosen because, with each development set left out, 1,043 texts were named right, not 1,019).
// At the end of that session (sets 16 and 17's first halves opened too), never read: set 12 61/68, set 13 57/66, set 14
// 55/66, set 15 61/68, set 16 59/68, set 17 54/63; set 18 40/50. Those held-out halves were opened as development when set
// 19 was collected (the session after): their floors since are development scores, the resemblance counting them too.
// Then 21 development labels were brought to the conventions written for set 19's collectors (fixtures/SOURCES.md), where
// the collector had chosen another defensible family: "no CUDA-capable device" and "No CUDA GPUs are available" are
// NO_DEVICES_FOUND (d5-016, s8-0-17, s8-0-19, s14-0-15, s14-0-16, s15-0-33); "Found no NVIDIA driver" outside a container or
// WSL is DRIVER_NOT_LOADED (s9-3-16, s10-1-17, s18-0-06, s18-0-07); a cuDNN file is cuDNN's (s17-3-24, s17-3-25, s18-1-01,
// s18-1-02); TensorFlow's loader lines are TensorFlow's (s14-3-34, s15-3-06); JAX on the CPU is JAX's (s15-1-09, s16-1-13);
// out of memory before cuBLAS's failure is out of memory (s17-3-04); a framework said to be its CPU build is CPU_ONLY_BUILD
// (s10-1-19, s16-0-19).
const SETS = [
  // dev-013 (TensorFlow's loader missing libcudart alone) relabelled TF_CUDA_LIBS_NOT_FOUND, as the collectors of sets 6
  // to 11 labelled every such text (12 of 13).
  { set: 'troubleshoot-set-3', half: 'development', floor: 61, heldOut: false },
  // hel-003 (nvidia-smi not found in a container started with --runtime=nvidia) relabelled NVIDIA_SMI_NOT_FOUND, as the
  // collectors of sets 12, 15, 16 and 17 labelled the four others started with GPU access.
  { set: 'troubleshoot-set-3', half: 'heldout', floor: 60, heldOut: false },
  // 92 texts since the 27 whose threads were already cited in main/ or data/ were removed (all 27 right): 80/92 before
  // set 6's families, 83/92 (90.2 %) after its first half's, 84/92 (91.3 %) after its second half's, 86/92 (93.5 %)
  // after set 7's and set 8's first half's; 88/92 (95.7 %) after sets 9 to 11's first halves and set 8's second half; 89/92 (96.7 %) after sets 9 to 11's second halves were opened.
  { set: 'troubleshoot-set-4', half: 'heldout', floor: 89, heldOut: true },
  // 125 texts collected to widen the families (unusual wordings, other tools); 94/125 before any pattern was written from them.
  // 124 since CUDA's own error table names code=100(cudaErrorNoDevice) NO_DEVICES_FOUND, as its sentence ("no CUDA-capable
  // device is detected") always was; the collector had labelled that text CUDA_NOT_AVAILABLE. d5-048 (XLA's cuDNN check in a
  // JAX text) relabelled JAX_CUDA_BACKEND_FAILED, as the collectors of sets 10 and 11 labelled the three others.
  { set: 'troubleshoot-set-5', half: 'development', floor: 125, heldOut: false },
  // 112 texts (136 collected, 24 removed: their threads were already cited in main/ or data/), split by family before
  // anything was scored. Before any pattern was written from them: 42/57 and 41/55 (74.5 %); after the development
  // half's families (missing programs in every shell's words, numbers told in prose, labelled versions): 56/57 and 42/55
  // (76.4 %). The second half was measured once, then opened as development when set 7 was collected.
  // Its second half, opened as development: 54/55 after its families (flattened tracebacks, several TensorFlow
  // libraries, numbers and empty lists said in words, pip's ensurepip failure, the NVIDIA installer's summary…).
  { set: 'troubleshoot-set-6', half: 'development', floor: 57, heldOut: false },
  { set: 'troubleshoot-set-6', half: 'heldout', floor: 55, heldOut: false },
  // 136 texts collected after set 6's patterns were written, checked against every thread the repository cites, split by
  // family, and scored before any pattern was written from them: 57/68 and 53/68 (77.9 %). After the first half's
  // families (scripts' own words for a missing program, the two-numbers question, ONNX Runtime without CUDA, modprobe's
  // and uv's other wordings, docker run without --gpus and IPython's Out[n]: False): 66/68 and 53/68.
  { set: 'troubleshoot-set-7', half: 'development', floor: 68, heldOut: false },
  // Its held-out half, measured twice (53/68 both times), then opened as development when set 8 was collected: 66/68.
  { set: 'troubleshoot-set-7', half: 'heldout', floor: 68, heldOut: false },
  // 136 texts collected after set 7's patterns, none from a thread the repository cites, split by family; both halves
  // held out. At this session's first commit 48/68 and 47/68; at its end 49/68 and 50/68 (72.8 % of 136): 28 misses
  // answered "no known problem" (with what was read), 9 named another family first; 91.7 % of its answers were right.
  // The second half stayed 50/68 after the first half's families (measured a third time, misses never read).
  // Its first half then opened as development: 49 -> 63/68.
  { set: 'troubleshoot-set-8', half: 'development', floor: 67, heldOut: false },
  // Its second half, held out until the end of the session that collected sets 9 to 11 (50/68, then 53/68 (77.9 %) at
  // that session's end, its misses never read), then opened as development: 66/68 after its families.
  { set: 'troubleshoot-set-8', half: 'heldout', floor: 68, heldOut: false },
  // 134 texts collected after set 8's patterns, none from a thread the repository cites (fixtures included), split by
  // family before anything was scored: 51/67 and 56/67 (79.9 % of 134). The first half is development from then on:
  // 62/67 after its families (and set 10's).
  { set: 'troubleshoot-set-9', half: 'development', floor: 66, heldOut: false },
  // Its second half at the end of that session: 59/67, then 60/67 (89.6 %) after set 8's second half was opened; opened
  // as development (60/67) when set 12 was collected: 66/67 after its families.
  { set: 'troubleshoot-set-9', half: 'heldout', floor: 66, heldOut: false },
  // 133 texts collected after set 9's first half was worked on (its families, the loader and apt in every language, CUDA's
  // own error table, nvidia-installer's messages), none from a cited or set-9 thread, split by family before anything was
  // scored: 50/67 and 44/66 (70.7 % of 133). The first half is development from then on: 60/67 after its families.
  { set: 'troubleshoot-set-10', half: 'development', floor: 65, heldOut: false },
  // Its second half at the end of that session: 44/66, then 45/66 (68.2 %); opened as development (45/66) when set 12 was
  // collected: 52/66 after its families.
  { set: 'troubleshoot-set-10', half: 'heldout', floor: 62, heldOut: false },
  // 134 texts collected after set 10's first half was worked on, split by family before anything was scored: 58/67 and
  // 55/67 (84.3 % of 134) at first count. The first half is development from then on: 64/67 after its families. s11-1-16
  // (jaxlib's "a CUDA-enabled jaxlib is not installed") relabelled JAX_CUDA_BACKEND_FAILED, as sets 6 and 7's three were.
  { set: 'troubleshoot-set-11', half: 'development', floor: 67, heldOut: false },
  // Its second half at the end of that session: 55/67 (82.1 %), twice; opened as development (55/67) when set 12 was
  // collected: 63/67 after its families.
  { set: 'troubleshoot-set-11', half: 'heldout', floor: 66, heldOut: false },
  // 136 texts collected after sets 9 to 11's second halves were worked on, none from a thread cited anywhere in the
  // repository (fixtures included), split by family before anything was scored: 50/68 and 50/68 (73.5 % of 136) at first
  // count. The first half is development from then on: 64/68 after its families (the second, never read: 52/68).
  { set: 'troubleshoot-set-12', half: 'development', floor: 67, heldOut: false },
  { set: 'troubleshoot-set-12', half: 'heldout', floor: 65, heldOut: false },
  // 132 texts collected after every change of the session that worked on set 12 (136 collected; 4 removed because their
  // threads had been read in search results while finding samples for the words patterns), none from a cited thread,
  // split by family, and counted once with the code as it was: 60/66 and 52/66 (84.8 % of 132; 96.6 % of the answers
  // given were right). The first half is development from then on: 65/66 after its families (the second, held out,
  // never read).
  { set: 'troubleshoot-set-13', half: 'development', floor: 65, heldOut: false },
  { set: 'troubleshoot-set-13', half: 'heldout', floor: 64, heldOut: false },
  // 132 texts collected after every change of that session (sets 12 and 13's first halves, the words), none from a cited
  // thread or one whose excerpt was read that session, split by family and counted once: 51/66 and 49/66 (75.8 % of 132;
  // 90.9 % of the answers given were right). The first half is development from then on: 59/66 after its families (the
  // second, held out, never read).
  { set: 'troubleshoot-set-14', half: 'development', floor: 63, heldOut: false },
  { set: 'troubleshoot-set-14', half: 'heldout', floor: 65, heldOut: false },
  // 136 texts collected at the start of the session after set 14's (none from a cited thread or one read in earlier
  // sessions), split by family and counted once with the code as it was, the resemblance to development reports included
  // (closestReports.ts): 62/68 and 60/68 (89.7 % of 136); 10 texts were named by resemblance alone, 9 of them right. The
  // first half is development from then on: 65/68 after its families (nvcc's own "Value 'sm_86' is not defined" is nvcc's
  // family in either direction; TensorRT missing is a note that gives way like the start-up notes) and its counting.
  { set: 'troubleshoot-set-15', half: 'development', floor: 66, heldOut: false },
  { set: 'troubleshoot-set-15', half: 'heldout', floor: 68, heldOut: false },
  // 136 texts collected during that session, after the resemblance and set 15's first half were written, split by family
  // and counted once: 58/68 and 56/68 (83.8 % of 136; 87.7 % of the answers given were right; 13 named by resemblance
  // alone, 7 of them right). The first half is development from then on: 66/68 after its families (apt's "not enough free
  // space", the NVRM "not supported by the <release> NVIDIA … driver" of a GPU the release does not drive, a key refused
  // with Secure Boot said off, PyTorch's allocation sentence without its first words, TensorFlow's loader sentence with no
  // framework named, cuDNN's undefined symbol after a space) and its counting.
  { set: 'troubleshoot-set-16', half: 'development', floor: 67, heldOut: false },
  { set: 'troubleshoot-set-16', half: 'heldout', floor: 67, heldOut: false },
  // 126 texts collected after every change of that session up to then (sets 15 and 16's first halves, the likeness),
  // split by family and counted once: 50/63 and 54/63 (82.5 % of 126; 86.0 % of the answers given were right; 7 named by
  // resemblance alone, 5 of them right). The first half is development from then on: 59/63 after its families (error 804
  // after an update, a module key refused, a cut traceback whose title says the error, exclusive mode told in words, pip's
  // version list, curly quotes, error 1455 on a DLL, TensorFlow 1.x's AVX note) and its counting.
  { set: 'troubleshoot-set-17', half: 'development', floor: 61, heldOut: false },
  { set: 'troubleshoot-set-17', half: 'heldout', floor: 61, heldOut: false },
  // 50 texts collected after that session's last change (two collectors, at most two texts a family), held out whole and
  // counted once with that code: 40/50 (80.0 %; 40 of the 49 answers given were right; 3 named by resemblance alone, 1 right).
  { set: 'troubleshoot-set-18', half: 'heldout', floor: 50, heldOut: false },
  // 121 texts collected at the start of the session after set 18's, with every family's title and labelling conventions
  // written before any text was seen, split by family and counted once with the code as it was: 55/61 and 56/60 (91.7 %
  // of 121). The first half is development from then on: 61/61 after its families (TensorFlow's loader sentence retyped in
  // lower case, Compose's log and "in Docker" told in words, nvidia-container-cli.real) and its counting.
  { set: 'troubleshoot-set-19', half: 'development', floor: 61, heldOut: false },
  // 116 texts collected during that session, after its first changes, at the same time as set 20 (held out whole, 113
  // texts, from other threads) and with the same brief (set 19's plus two conventions: a message saying no GPU was found
  // is NO_DEVICES_FOUND; the driver unreachable is DRIVER_NOT_LOADED unless in a container started without GPUs or under
  // WSL). All development, counted once before anything was written from it: 105/116 (90.5 %; 105 of the 113 answers
  // given were right). 115/116 after its families and its counting (no NVIDIA devices found, Ollama's "amdgpu is not
  // supported", NCCL_P2P_DISABLE told, CMake's NVCC-NOTFOUND, a write failing for no space, "execution this device", Warp's
  // missing driver entry point, PackagesNotFoundError before the solver's failure, "在docker中").
  { set: 'troubleshoot-set-21', half: 'development', floor: 115, heldOut: false },
  // 83 texts collected after set 21's families by three collectors with the same brief, none from set 20's threads. All
  // development, counted once before anything was written from it: 76/83 (91.6 %). Then its families (NVML's RM version
  // mismatch, NVML's error 15, Ubuntu on Windows 10, the compute mode quoted as "E. Process") and its counting.
  { set: 'troubleshoot-set-22', half: 'development', floor: 80, heldOut: false },
  // Its second half, held out, never read: 56/60 at first count, 55/60 after the session's first changes, 56/60 (93.3 %)
  // with the session's final code.
  { set: 'troubleshoot-set-19', half: 'heldout', floor: 56, heldOut: true },
  // 113 texts collected with set 21 (same brief, other threads), held out whole and counted once with the session's final
  // code: 104/113 (92.0 %; 104 of the 109 answers given were right; 6 named by resemblance alone, 4 of them right).
  { set: 'troubleshoot-set-20', half: 'heldout', floor: 104, heldOut: true },
] as const;

function score(set: string, half: string): { right: number; total: number; wrong: string[] } {
  const texts = (JSON.parse(readFileSync(fixturePath(set, `${half}.json`), 'utf8')) as { texts: SetText[] }).texts;
  const wrong: string[] = [];
  for (const sample of texts) {
    const got = diagnoseText(sample.text).diagnoses[0]?.code ?? 'none';
    if (got !== sample.code) wrong.push(`${sample.id} want ${sample.code} got ${got}`);
  }
  return { right: texts.length - wrong.length, total: texts.length, wrong };
}

/** Every thread address cited outside fixtures/ (pattern samples, family references): a held-out text must come from none of them. */
function citedThreads(): Set<string> {
  const cited = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:tsx?|mjs|json|md)$/.test(entry.name)) for (const url of readFileSync(full, 'utf8').matchAll(/https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:issues|pull|discussions)\/\d+/g)) cited.add(thread(url[0]));
    }
  };
  for (const dir of ['main', 'data', 'shared', 'renderer', 'testkit', 'scripts', 'docs', 'e2e']) walk(path.join(root, dir));
  return cited;
}

const thread = (url: string) => url.toLowerCase().replace('/pull/', '/issues/').replace(/[#?].*$/, '').replace(/\/$/, '');

describe('Troubleshoot on texts the patterns were not written from (issue 31)', () => {
  it('no held-out text comes from a thread cited outside fixtures/ (a pattern may have been written from it)', () => {
    const cited = citedThreads();
    for (const { set, half } of SETS.filter((entry) => entry.heldOut)) {
      const texts = (JSON.parse(readFileSync(fixturePath(set, `${half}.json`), 'utf8')) as { texts: SetText[] }).texts;
      expect(texts.filter((sample) => cited.has(thread(sample.source))).map((sample) => `${set} ${sample.id} ${sample.source}`)).toEqual([]);
    }
  });

  it('the held-out halves are the ones the resemblance (data/error-resemblance.json) and the patterns\' samples leave out', () => {
    expect(SETS.filter((entry) => entry.heldOut).map((entry) => `${entry.set}/${entry.half}`)).toEqual(HELD_OUT);
    expect(HELD_OUT.filter((half) => TRAINED_ON.includes(half))).toEqual([]);
  });

  for (const { set, half, floor, heldOut } of SETS) {
    it(`${set} ${half}${heldOut ? ' (held out)' : ''}: no lower than when measured`, () => {
      const { right, total, wrong } = score(set, half);
      // Only development misses are listed: a held-out set is a score, never a to-do list.
      const misses = heldOut ? '' : `\n  ${wrong.join('\n  ')}`;
      console.log(`${set} ${half}: ${right}/${total} (${((100 * right) / total).toFixed(1)} %)${misses}`);
      expect(right).toBeGreaterThanOrEqual(floor);
    });
  }
});
