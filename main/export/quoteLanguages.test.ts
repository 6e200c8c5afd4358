import { spawnSync } from 'node:child_process';
import { DockerfileParser } from 'dockerfile-ast';
import yaml from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { hasControlChar } from '../../shared/quote/controlChars.js';
import { dockerComment, dockerExecForm, dockerImage, dockerKeyValue } from '../../shared/quote/dockerfile.js';
import { envFileLine } from '../../shared/quote/envFile.js';
import { HOSTILE_STRINGS } from '../../shared/quote/hostileStrings.js';
import { ldSoConfLine } from '../../shared/quote/ldSoConf.js';
import { powershellLiteral } from '../../shared/quote/powershell.js';
import { shCommand, shComment, shDisplayWord, shExport, shInsideDoubleQuotes, shWord, shWordWith } from '../../shared/quote/sh.js';
import { windowsArgument } from '../../shared/quote/windowsArgument.js';
import { ansibleData, ansibleText, yamlComment, yamlScalar } from '../../shared/quote/yaml.js';
import { uacLaunchScript } from '../install/elevation/uacLaunch.js';
import { parseStartProcess, readPowerShellLiteral, splitWindowsCommandLine } from '../../testkit/elevation/windowsCommandLine.js';
import { shellShape } from '../../testkit/export/shellShape.js';

/** Every hostile string through every quoting function: the real reader (sh, dash, bash, PyYAML, js-yaml, a Dockerfile parser) reads back exactly the value, or the function refused it with INVALID_ARGUMENT. */

const refused = expect.objectContaining({ code: 'INVALID_ARGUMENT' });
const withoutNul = HOSTILE_STRINGS.filter((value) => !value.includes('\0'));
const shells = ['sh', 'dash', 'bash'].filter((shell) => spawnSync(shell, ['-c', 'true']).status === 0);
const hasPyYaml = spawnSync('python3', ['-c', 'import yaml']).status === 0;

/** Runs `script` in `shell` and returns the NUL-separated words it printed. */
function printed(shell: string, script: string): string[] {
  // Through standard input: one -c argument may not exceed 128 KiB, and the long values are longer.
  const result = spawnSync(shell, ['-s'], { input: script, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: '/nonexistent', IFS: ' ' }, maxBuffer: 64 * 1024 * 1024 });
  expect(result.stderr).toBe('');
  return result.stdout.split('\0').slice(0, -1);
}

/** Statements of a script (nested ones included) as a real shell parser sees them. */
function statements(script: string): number {
  return shellShape(script).filter((entry) => entry === 'Stmt').length;
}

/** Loads YAML documents with PyYAML (Ansible's reader), !unsafe read as the text it tags. */
function pyYamlLoad(documents: string[]): unknown[] {
  const program = [
    'import json, sys, yaml',
    'class L(yaml.SafeLoader): pass',
    "L.add_constructor('!unsafe', lambda loader, node: loader.construct_scalar(node))",
    'print(json.dumps([yaml.load(d, Loader=L) for d in json.load(sys.stdin)]))',
  ].join('\n');
  const result = spawnSync('python3', ['-c', program], { input: JSON.stringify(documents), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

const UNSAFE_TAG = new yaml.Type('!unsafe', { kind: 'scalar', construct: (data: string) => data });
const JS_YAML_SCHEMA = yaml.DEFAULT_SCHEMA.extend([UNSAFE_TAG]);

describe(`POSIX sh (${HOSTILE_STRINGS.length} hostile strings)`, () => {
  test('NUL is refused; every other value is one word that reads back exactly, in sh, dash and bash', () => {
    for (const value of HOSTILE_STRINGS.filter((v) => v.includes('\0'))) expect(() => shWord(value)).toThrow(refused);
    const script = `printf '%s\\0' ${shCommand(withoutNul)}`;
    expect(statements(script)).toBe(1);
    for (const shell of shells) expect(printed(shell, script)).toEqual(withoutNul);
    if (shells.length < 3) console.log(`only ${shells.join(', ')} found; the others are skipped`);
  });

  test('inside double quotes and next to variables, each value stays the literal text of one word', () => {
    const words = withoutNul.map((value) => `"[$X${shInsideDoubleQuotes(value)}]"`);
    const templated = withoutNul.map((value) => shWordWith(`@V@${value}@V@`, { '@V@': 'X' }));
    const script = `X='<x>'; printf '%s\\0' ${words.join(' ')} ${templated.join(' ')}`;
    const expected = [...withoutNul.map((value) => `[<x>${value}]`), ...withoutNul.map((value) => `<x>${value}<x>`)];
    for (const shell of shells) expect(printed(shell, script)).toEqual(expected);
  });

  test('export lines: one statement that sets exactly the value, or refused when the value holds a line break', () => {
    const kept = HOSTILE_STRINGS.filter((value) => !hasControlChar(value));
    for (const value of HOSTILE_STRINGS.filter(hasControlChar)) expect(() => shExport('CUDA_HOME', value)).toThrow(refused);
    expect(() => shExport('A;B', 'x')).toThrow(refused);
    const lines = kept.map((value, index) => shExport(`V${index}`, value));
    for (const line of lines) expect(statements(line)).toBe(1);
    const script = `${lines.join('\n')}\nprintf '%s\\0' ${kept.map((_, index) => `"$V${index}"`).join(' ')}`;
    for (const shell of shells) expect(printed(shell, script)).toEqual(kept);
  });

  test('comments and display words stay on one line and never throw', () => {
    for (const value of HOSTILE_STRINGS) {
      expect(shComment(value)).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
      expect(statements(`${shComment(value)}\ntrue`)).toBe(1);
      expect(shDisplayWord(value)).not.toMatch(/[\n\r\0]/);
    }
  });
});

describe('YAML (PyYAML, which Ansible uses, and js-yaml)', () => {
  const documents = HOSTILE_STRINGS.flatMap((value) => [`k: ${yamlScalar(value)}\n`, `k: ${ansibleData(value)}\n`, `k: ${ansibleText(value)}\nafter: 1\n`]);
  const expected = HOSTILE_STRINGS.flatMap((value) => [{ k: value }, { k: value }, { k: value.replace(/\n+$/, ''), after: 1 }]);

  test('js-yaml reads every scalar back as the value, in one key', () => {
    expect(documents.map((document) => yaml.load(document, { schema: JS_YAML_SCHEMA }))).toEqual(expected);
  });

  test.skipIf(!hasPyYaml)('PyYAML reads every scalar back as the value, in one key', () => {
    expect(pyYamlLoad(documents)).toEqual(expected);
  });
  if (!hasPyYaml) console.log('python3 with PyYAML is missing: the PyYAML reading is skipped (CI installs it with Ansible)');

  test('text Jinja would read is tagged !unsafe; comments stay comments', () => {
    expect(ansibleData("{{ lookup('pipe', 'id') }}")).toBe(`!unsafe "{{ lookup('pipe', 'id') }}"`);
    expect(ansibleData('torch==2.14.0')).toBe('"torch==2.14.0"');
    for (const value of HOSTILE_STRINGS) expect(yaml.load(`${yamlComment(value)}\nk: 1\n`)).toEqual({ k: 1 });
  });
});

describe('Dockerfile (dockerfile-ast)', () => {
  test('exec form: one instruction whose JSON array is exactly the argv', () => {
    for (const value of HOSTILE_STRINGS) {
      const dockerfile = DockerfileParser.parse(`FROM scratch\n${dockerComment(value)}\nRUN ${dockerExecForm(['/bin/true', value, '--'])}\nCMD ["x"]\n`);
      const instructions = dockerfile.getInstructions();
      expect(instructions.map((instruction) => instruction.getKeyword())).toEqual(['FROM', 'RUN', 'CMD']);
      expect(JSON.parse(instructions[1]!.getArgumentsContent()!)).toEqual(['/bin/true', value, '--']);
    }
  });

  test('ENV/LABEL values: one property with the value ($ escaped), or refused when it holds a line break', () => {
    for (const value of HOSTILE_STRINGS) {
      if (hasControlChar(value)) {
        expect(() => dockerKeyValue('k', value)).toThrow(refused);
        continue;
      }
      const instructions = DockerfileParser.parse(`FROM scratch\nLABEL ${dockerKeyValue('k', value)}\nCMD ["x"]\n`).getInstructions();
      expect(instructions.map((instruction) => instruction.getKeyword())).toEqual(['FROM', 'LABEL', 'CMD']);
      const properties = (instructions[1] as unknown as { getProperties(): { getName(): string; getValue(): string }[] }).getProperties();
      expect(properties.map((property) => property.getName())).toEqual(['k']);
      // dockerfile-ast keeps the backslash of \$ (BuildKit removes it); every other escape it undoes.
      expect(properties[0]!.getValue()).toBe(value.replace(/\$/g, '\\$'));
    }
  });

  test('FROM takes only an image name', () => {
    expect(dockerImage('nvidia/cuda:12.6.3-cudnn-runtime-ubuntu24.04')).toBe('nvidia/cuda:12.6.3-cudnn-runtime-ubuntu24.04');
    expect(dockerImage('python:3.12-slim')).toBe('python:3.12-slim');
    // Values made only of tag characters (yes, 1e3, ...) still name one image; every other one is refused.
    for (const value of HOSTILE_STRINGS.filter((v) => !/^[A-Za-z0-9_.-]*$/.test(v))) expect(() => dockerImage(`python:${value}-slim`)).toThrow(refused);
  });
});

describe('PowerShell and Windows command lines (models of their parsers: no pwsh on this machine)', () => {
  test('every value reads back from a single-quoted literal and a command-line argument, or NUL is refused', () => {
    for (const value of HOSTILE_STRINGS) {
      if (value.includes('\0')) {
        expect(() => powershellLiteral(value)).toThrow(refused);
        expect(() => windowsArgument(value)).toThrow(refused);
        continue;
      }
      const literal = powershellLiteral(value);
      expect(readPowerShellLiteral(`${literal}`, 0)).toEqual({ value, end: literal.length });
    }
    expect(splitWindowsCommandLine(withoutNul.map(windowsArgument).join(' '))).toEqual(withoutNul);
  });

  test('the UAC launch script starts exactly the helper with exactly its arguments', () => {
    const started = parseStartProcess(uacLaunchScript('C:\\Program Files\\DL Setup\\dlsetup.exe', withoutNul));
    expect(started.file).toBe('C:\\Program Files\\DL Setup\\dlsetup.exe');
    expect(started.args).toEqual(withoutNul);
  });
});

describe('ld.so.conf lines and environment files', () => {
  test('ld.so.conf takes only a plain absolute folder', () => {
    expect(ldSoConfLine('/usr/local/cuda-12.6/lib64')).toBe('/usr/local/cuda-12.6/lib64');
    expect(ldSoConfLine('/opt/dlsetup/cudnn-9.1.0-cuda12/lib')).toBe('/opt/dlsetup/cudnn-9.1.0-cuda12/lib');
    for (const value of [...HOSTILE_STRINGS, 'lib64', '/usr//lib', '/usr/./lib', '/usr/local/..', '/']) expect(() => ldSoConfLine(value)).toThrow(refused);
  });

  test('environment file lines: read the same by sh, or refused', () => {
    expect(envFileLine('CUDA_HOME', '/usr/local/cuda-12.6')).toBe('CUDA_HOME=/usr/local/cuda-12.6');
    const kept: string[] = [];
    for (const value of HOSTILE_STRINGS) {
      try {
        const line = envFileLine('V', value);
        expect(line.slice(line.indexOf('=') + 1)).toBe(value);
        kept.push(value);
      } catch (error) {
        expect(error).toEqual(refused);
      }
    }
    expect(() => envFileLine('A B', 'x')).toThrow(refused);
    const script = `${kept.map((value, index) => envFileLine(`V${index}`, value)).join('\n')}\nprintf '%s\\0' ${kept.map((_, index) => `"$V${index}"`).join(' ')}`;
    for (const shell of shells) expect(printed(shell, script)).toEqual(kept);
  });
});
