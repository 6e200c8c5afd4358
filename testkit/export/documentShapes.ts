/**
 * The structure of the YAML and Dockerfiles an export writes, as real parsers read them: js-yaml and PyYAML (Ansible's
 * own reader) for YAML, dockerfile-ast for Dockerfiles. Two files with equal shapes hold the same plays, tasks, modules
 * and instructions; only the text of values may differ.
 */
import { spawnSync } from 'node:child_process';
import { DockerfileParser } from 'dockerfile-ast';
import yaml from 'js-yaml';

/** Ansible's !unsafe tag (text Jinja must not read) as the text it tags. */
const UNSAFE = new yaml.Type('!unsafe', { kind: 'scalar', construct: (data: string) => data });
export const ANSIBLE_YAML_SCHEMA = yaml.DEFAULT_SCHEMA.extend([UNSAFE]);

/**
 * A loaded value with every scalar replaced by its type: lists keep their length, mappings their keys. Keys that are
 * names (variables, modules, keywords) are kept; keys that are data (the keyring checksums' "distro/arch") count only.
 */
export function valueShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueShape);
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => [/^[A-Za-z_][A-Za-z0-9_.]*$/.test(key) ? key : '<data key>', valueShape(item)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return value === null ? 'null' : typeof value;
}

/** Every document of a YAML file, as js-yaml reads it, in shape. */
export function yamlShape(text: string): unknown {
  return yaml.loadAll(text, undefined, { schema: ANSIBLE_YAML_SCHEMA }).map(valueShape);
}

export const hasPyYaml = spawnSync('python3', ['-c', 'import yaml']).status === 0;

/** Many YAML files read by PyYAML in one process, each in shape (or the loader's error as a string); equal texts are read once. */
export function pyYamlShapes(files: readonly string[]): unknown[] {
  const distinct = [...new Set(files)];
  const program = [
    'import json, sys, yaml',
    // libyaml's loader when PyYAML was built with it (Ansible uses it too), else the pure-Python one.
    'class L(getattr(yaml, "CSafeLoader", yaml.SafeLoader)): pass',
    "L.add_constructor('!unsafe', lambda loader, node: loader.construct_scalar(node))",
    'out = []',
    'for text in json.load(sys.stdin):',
    '    try: out.append(list(yaml.load_all(text, Loader=L)))',
    '    except yaml.YAMLError as e: out.append("YAML error: " + str(e).splitlines()[0])',
    'print(json.dumps(out))',
  ].join('\n');
  const result = spawnSync('python3', ['-c', program], { input: JSON.stringify(distinct), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(result.stderr);
  const loaded = JSON.parse(result.stdout) as unknown[];
  const shapes = new Map(distinct.map((text, index) => [text, loaded[index]]));
  return files.map((text) => {
    const documents = shapes.get(text);
    return typeof documents === 'string' ? documents : (documents as unknown[]).map(valueShape);
  });
}

/** The Dockerfile's instructions in order; exec forms with their argument count, LABEL/ENV with their keys. */
export function dockerfileShape(text: string): string[] {
  return DockerfileParser.parse(text)
    .getInstructions()
    .map((instruction) => {
      const keyword = instruction.getKeyword();
      const args = instruction.getArgumentsContent() ?? '';
      if (args.startsWith('[')) {
        try {
          return `${keyword} exec(${(JSON.parse(args) as unknown[]).length})`;
        } catch {
          return `${keyword} shell-form`;
        }
      }
      const properties = (instruction as unknown as { getProperties?(): { getName(): string }[] }).getProperties?.();
      return properties ? `${keyword} ${properties.map((property) => property.getName()).join(',')}` : `${keyword} args(${instruction.getArguments().length})`;
    });
}
