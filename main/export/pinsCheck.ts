// importlib.metadata, as the engine's framework check does: exact pins, without importing the framework. The shell
// script and the Ansible role both run it in the environment's Python before pip, so a second run installs nothing.
export const PINS_CHECK = [
  'import re, sys',
  'from importlib import metadata',
  'for req in sys.argv[1:]:',
  '    name, _, pin = req.partition("==")',
  '    try:',
  '        version = metadata.version(re.sub(r"\\[.*\\]", "", name))',
  '    except metadata.PackageNotFoundError:',
  '        sys.exit(1)',
  '    if pin and version != pin:',
  '        sys.exit(1)',
].join('\n');
