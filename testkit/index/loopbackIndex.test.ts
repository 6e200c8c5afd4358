import http from 'node:http';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INDEX_CAPTURES,
  PYPI_SIMPLE,
  PYTORCH_CU126,
  compareVersions,
  fileVersion,
  mergeIntoProjects,
  normalizeProjectName,
  parseUvLock,
  pypiProjects,
  pytorchCu126Projects,
  readCapture,
  realIndexProjects,
} from './realIndexData.js';
import type { IndexProject } from './realIndexData.js';
import { PEP691_HTML, PEP691_JSON, REDIRECT_ORIGIN, coreMetadata, hostileFileName, startLoopbackIndex, tamperedHash } from './loopbackIndex.js';
import type { LoopbackIndex } from './loopbackIndex.js';

// Files per `name version` in each capture, counted first from the captures themselves (Python's tomllib over
// fixtures/pypi-index/*.toml: wheels plus the sdist), before this kit's reader was run on them.
const EXPECTED_FILES: Record<string, Record<string, number>> = {
  'jax-0.7.2_cuda12_closure_stanford-crfm-levanter_uv.lock.toml': {
    'certifi 2025.8.3': 2, 'charset-normalizer 3.4.3': 46, 'idna 3.10': 2, 'jax 0.7.2': 2,
    'jax-cuda12-pjrt 0.7.2': 2, 'jax-cuda12-plugin 0.7.2': 12, 'jaxlib 0.7.2': 22, 'libtpu 0.0.23': 6,
    'ml-dtypes 0.5.3': 27, 'numpy 2.3.3': 74, 'nvidia-cublas-cu12 12.8.4.1': 3, 'nvidia-cuda-cupti-cu12 12.8.90': 3,
    'nvidia-cuda-nvcc-cu12 12.9.86': 3, 'nvidia-cuda-nvrtc-cu12 12.8.93': 3, 'nvidia-cuda-runtime-cu12 12.8.90': 3,
    'nvidia-cudnn-cu12 9.10.2.21': 3, 'nvidia-cufft-cu12 11.3.3.83': 3, 'nvidia-cusolver-cu12 11.7.3.90': 3,
    'nvidia-cusparse-cu12 12.5.8.93': 3, 'nvidia-nccl-cu12 2.27.3': 2, 'nvidia-nvjitlink-cu12 12.8.93': 3,
    'nvidia-nvshmem-cu12 3.4.5': 2, 'opt-einsum 3.4.0': 2, 'requests 2.32.5': 2, 'scipy 1.16.2': 61,
    'urllib3 2.5.0': 2,
  },
  'torch-2.6.0_pypi_closure_nari-labs-dia_uv.lock.toml': {
    'filelock 3.18.0': 2, 'fsspec 2025.3.2': 2, 'jinja2 3.1.6': 2, 'markupsafe 3.0.2': 51, 'mpmath 1.3.0': 2,
    'networkx 3.4.2': 2, 'nvidia-cublas-cu12 12.4.5.8': 1, 'nvidia-cuda-cupti-cu12 12.4.127': 1,
    'nvidia-cuda-nvrtc-cu12 12.4.127': 1, 'nvidia-cuda-runtime-cu12 12.4.127': 1, 'nvidia-cudnn-cu12 9.1.0.70': 1,
    'nvidia-cufft-cu12 11.2.1.3': 1, 'nvidia-curand-cu12 10.3.5.147': 1, 'nvidia-cusolver-cu12 11.6.1.9': 1,
    'nvidia-cusparse-cu12 12.3.1.170': 1, 'nvidia-cusparselt-cu12 0.6.2': 1, 'nvidia-nccl-cu12 2.21.5': 1,
    'nvidia-nvjitlink-cu12 12.4.127': 1, 'nvidia-nvtx-cu12 12.4.127': 1, 'setuptools 78.1.0': 2, 'sympy 1.13.1': 2,
    'torch 2.6.0': 16, 'triton 3.2.0': 4, 'typing-extensions 4.13.2': 2,
  },
  'torch-2.7.0+cu126_closure_nari-labs-dia_uv.lock.toml': {
    'filelock 3.18.0': 2, 'fsspec 2025.3.2': 2, 'jinja2 3.1.6': 2, 'markupsafe 3.0.2': 51, 'mpmath 1.3.0': 2,
    'networkx 3.4.2': 2, 'nvidia-cublas-cu12 12.6.4.1': 1, 'nvidia-cuda-cupti-cu12 12.6.80': 2,
    'nvidia-cuda-nvrtc-cu12 12.6.77': 1, 'nvidia-cuda-runtime-cu12 12.6.77': 2, 'nvidia-cudnn-cu12 9.5.1.17': 1,
    'nvidia-cufft-cu12 11.3.0.4': 2, 'nvidia-cufile-cu12 1.11.1.6': 1, 'nvidia-curand-cu12 10.3.7.77': 2,
    'nvidia-cusolver-cu12 11.7.1.2': 2, 'nvidia-cusparse-cu12 12.5.4.2': 2, 'nvidia-cusparselt-cu12 0.6.3': 1,
    'nvidia-nccl-cu12 2.26.2': 1, 'nvidia-nvjitlink-cu12 12.6.85': 1, 'nvidia-nvtx-cu12 12.6.77': 2,
    'setuptools 79.0.0': 2, 'sympy 1.13.3': 2, 'torch 2.7.0+cu126': 10, 'triton 3.3.0': 5,
    'typing-extensions 4.13.2': 2,
  },
};

// A few entries copied out of the captures by hand, to hold the reader to the text.
const TORCH_270_CU126_CP312_LINUX = {
  filename: 'torch-2.7.0+cu126-cp312-cp312-manylinux_2_28_x86_64.whl',
  sha256: '4933a51bfb906f34b44c23c6ea28fdfef5bf14a3c79a43d5d798285e29eba295',
};
const TORCH_260_CP310_MANYLINUX1 = {
  filename: 'torch-2.6.0-cp310-cp310-manylinux1_x86_64.whl',
  sha256: '6860df13d9911ac158f4c44031609700e1eba07916fff62e21e6ffa0a9e01961',
  size: 766685561,
};
const CUDNN_9517 = {
  filename: 'nvidia_cudnn_cu12-9.5.1.17-py3-none-manylinux_2_28_x86_64.whl',
  sha256: '30ac3869f6db17d170e0e556dd6cc5eee02647abc31ca856634d5a40f82c15b2',
  size: 570988386,
};

interface JsonFile {
  filename: string;
  url: string;
  hashes: { sha256: string };
  size?: number;
  'core-metadata'?: { sha256: string };
  'dist-info-metadata'?: { sha256: string };
}
interface JsonPage {
  meta: { 'api-version': string };
  name: string;
  versions?: string[];
  files: JsonFile[];
}

const servers: LoopbackIndex[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(options: Parameters<typeof startLoopbackIndex>[0]): Promise<LoopbackIndex> {
  const server = await startLoopbackIndex(options);
  servers.push(server);
  return server;
}

async function getJson(url: string): Promise<{ response: Response; page: JsonPage }> {
  const response = await fetch(url, { headers: { accept: `${PEP691_JSON}, ${PEP691_HTML};q=0.1, text/html;q=0.01` } });
  expect(response.status).toBe(200);
  return { response, page: (await response.json()) as JsonPage };
}

/** The anchors of a PEP 503 page: name, href, and the data- attributes (entities decoded). */
function anchors(html: string): { name: string; href: string; attrs: Record<string, string> }[] {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => {
    const attrs = Object.fromEntries([...m[1].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])]));
    return { name: decode(m[2]), href: attrs.href, attrs };
  });
}

describe('the captures under fixtures/pypi-index/', () => {
  it('parse into the entries the captures hold, per project and version', () => {
    expect(INDEX_CAPTURES.map((c) => c.file).sort()).toEqual(Object.keys(EXPECTED_FILES).sort());
    for (const capture of INDEX_CAPTURES) {
      const packages = readCapture(capture.file);
      const counts = Object.fromEntries(packages.map((p) => [`${p.name} ${p.version}`, p.files.length]));
      expect(counts, capture.file).toEqual(EXPECTED_FILES[capture.file]);
      for (const pkg of packages) {
        const names = pkg.files.map((f) => f.filename);
        expect(new Set(names).size, `${pkg.name} ${pkg.version}`).toBe(names.length);
        for (const file of pkg.files) {
          expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
          expect(normalizeProjectName(fileVersion(file.filename))).toBe(normalizeProjectName(pkg.version));
          expect(file.url).toMatch(/^https:\/\/(files\.pythonhosted\.org|download\.pytorch\.org)\//);
          // uv records sizes from PyPI's JSON pages; download.pytorch.org's pages give none.
          if (pkg.registry === PYPI_SIMPLE) expect(file.size, file.filename).toBeGreaterThan(0);
          else expect(file.size, file.filename).toBeUndefined();
        }
      }
    }
  });

  it('hold the entries copied out of them by hand', () => {
    const cu126 = readCapture('torch-2.7.0+cu126_closure_nari-labs-dia_uv.lock.toml');
    const torch270 = cu126.find((p) => p.name === 'torch');
    expect(torch270?.registry).toBe(PYTORCH_CU126);
    expect(torch270?.files.find((f) => f.filename === TORCH_270_CU126_CP312_LINUX.filename)?.sha256).toBe(TORCH_270_CU126_CP312_LINUX.sha256);
    expect(cu126.find((p) => p.name === 'nvidia-cudnn-cu12')?.files).toEqual([
      expect.objectContaining({ ...CUDNN_9517, uploadTime: '2024-10-25T19:54:26.39Z' }),
    ]);
    const pypi260 = readCapture('torch-2.6.0_pypi_closure_nari-labs-dia_uv.lock.toml').find((p) => p.name === 'torch');
    expect(pypi260?.registry).toBe(PYPI_SIMPLE);
    expect(pypi260?.files.find((f) => f.filename === TORCH_260_CP310_MANYLINUX1.filename)).toMatchObject(TORCH_260_CP310_MANYLINUX1);
  });

  it('give torch 2.7.0+cu126 its locked nvidia pins, triton and pure-Python requirements', () => {
    const torch = realIndexProjects().get('torch') as IndexProject;
    const requires = torch.requiresDist['2.7.0+cu126'];
    expect(requires).toContain("nvidia-cudnn-cu12==9.5.1.17; platform_machine == 'x86_64' and sys_platform == 'linux'");
    expect(requires).toContain("triton==3.3.0; platform_machine == 'x86_64' and sys_platform == 'linux'");
    expect(requires.filter((r) => r.startsWith('nvidia-'))).toHaveLength(14);
    expect(torch.requiresDist['2.6.0']).toContain("nvidia-cudnn-cu12==9.1.0.70; platform_machine == 'x86_64' and sys_platform == 'linux'");
    expect(torch.requiresDist['2.6.0']).toContain('sympy==1.13.1');
    expect(realIndexProjects().get('jax-cuda12-plugin')?.requiresDist['0.7.2']).toContain(
      "nvidia-cudnn-cu12==9.10.2.21; (sys_platform == 'linux') and extra == 'with-cuda'",
    );
  });

  it('are closed: every derived requirement names a version whose files a capture holds', () => {
    const projects = realIndexProjects();
    for (const project of projects.values()) {
      for (const [version, lines] of Object.entries(project.requiresDist)) {
        for (const line of lines) {
          const match = /^([A-Za-z0-9._-]+)(?:\[[^\]]*\])?==([^;\s]+)/.exec(line);
          expect(match, `${project.name} ${version}: ${line}`).not.toBeNull();
          const [, name, pinned] = match as RegExpExecArray;
          const target = projects.get(normalizeProjectName(name));
          expect(target?.files.some((f) => fileVersion(f.filename) === pinned), `${project.name} ${version} → ${name}==${pinned}`).toBe(true);
        }
      }
    }
  });

  it('merge per index: the cu126 index carries torch 2.7.0+cu126 only, PyPI the plain 2.6.0 and three nvidia-cudnn-cu12', () => {
    const cu126 = pytorchCu126Projects();
    expect([...cu126.keys()]).toEqual(['torch']);
    expect(new Set(cu126.get('torch')?.files.map((f) => fileVersion(f.filename)))).toEqual(new Set(['2.7.0+cu126']));
    const pypi = pypiProjects();
    expect(new Set(pypi.get('torch')?.files.map((f) => fileVersion(f.filename)))).toEqual(new Set(['2.6.0']));
    expect([...new Set(pypi.get('nvidia-cudnn-cu12')?.files.map((f) => fileVersion(f.filename)))]).toEqual(['9.1.0.70', '9.5.1.17', '9.10.2.21']);
    // The two dia captures share filelock 3.18.0 and friends: joined once.
    expect(pypi.get('filelock')?.files).toHaveLength(2);
    expect(realIndexProjects().get('torch')?.files).toHaveLength(26);
  });

  it('refuse captures that disagree on a file', () => {
    const lock = (hash: string) =>
      `version = 1\n\n[[package]]\nname = "filelock"\nversion = "3.18.0"\nsource = { registry = "${PYPI_SIMPLE}" }\nwheels = [\n    { url = "https://files.pythonhosted.org/packages/4d/36/x/filelock-3.18.0-py3-none-any.whl", hash = "sha256:${hash}", size = 16215 },\n]\n`;
    const same = parseUvLock(lock('c401f4f8377c4464e6db25fff06205fd89bdd83b65eb0488ed1b160f780e21de'));
    expect(same[0].files[0]).toMatchObject({ filename: 'filelock-3.18.0-py3-none-any.whl', size: 16215 });
    const other = parseUvLock(lock('0'.repeat(64)));
    expect(mergeIntoProjects([...same, ...same]).get('filelock')?.files).toHaveLength(1);
    expect(() => mergeIntoProjects([...same, ...other])).toThrow(/captures disagree on filelock-3\.18\.0-py3-none-any\.whl/);
    expect(() => mergeIntoProjects(other, pypiProjects())).toThrow(/disagree/);
  });

  it('order versions as PEP 440 does', () => {
    const sorted = ['2.7.0+cu126', '2.6.0', '2.7.0', '2.7.0rc1', '2.7.0.dev1', '2.7.0.post1', '12.8.4.1', '9.10.2.21'].sort(compareVersions);
    expect(sorted).toEqual(['2.6.0', '2.7.0.dev1', '2.7.0rc1', '2.7.0', '2.7.0+cu126', '2.7.0.post1', '9.10.2.21', '12.8.4.1']);
  });
});

describe('startLoopbackIndex', () => {
  it('serves PEP 691 JSON with PEP 700 sizes and versions, hashes and sizes equal to the captures', async () => {
    const projects = pypiProjects();
    const index = await serve({ projects });
    const { response, page } = await getJson(`${index.url}/nvidia-cudnn-cu12/`);
    expect(response.headers.get('content-type')).toBe(PEP691_JSON);
    expect(page.meta['api-version']).toBe('1.1');
    expect(page.name).toBe('nvidia-cudnn-cu12');
    expect(page.versions).toEqual(['9.1.0.70', '9.5.1.17', '9.10.2.21']);
    const captured = projects.get('nvidia-cudnn-cu12') as IndexProject;
    expect(page.files.map((f) => [f.filename, f.hashes.sha256, f.size])).toEqual(captured.files.map((f) => [f.filename, f.sha256, f.size]));
    expect(page.files.find((f) => f.filename === CUDNN_9517.filename)).toMatchObject({ hashes: { sha256: CUDNN_9517.sha256 }, size: CUDNN_9517.size });
    for (const file of page.files) expect(file.url).toBe(`${new URL(index.url).origin}/files/${encodeURIComponent(file.filename)}`);
    const root = (await getJson(`${index.url}/`)).page as unknown as { projects: { name: string }[] };
    expect(root.projects.map((p) => p.name)).toContain('nvidia-cudnn-cu12');
  });

  it('serves PEP 503 HTML with #sha256= fragments; download.pytorch.org pages (no sizes) stay at api-version 1.0', async () => {
    const projects = realIndexProjects();
    const index = await serve({ projects });
    const response = await fetch(`${index.url}/torch/`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const links = anchors(await response.text());
    const torch = projects.get('torch') as IndexProject;
    expect(links.map((a) => a.name)).toEqual(torch.files.map((f) => f.filename));
    for (const [i, link] of links.entries()) expect(link.href.split('#sha256=')[1]).toBe(torch.files[i].sha256);
    expect(links.find((a) => a.name === TORCH_270_CU126_CP312_LINUX.filename)?.href).toBe(
      `${new URL(index.url).origin}/files/torch-2.7.0%2Bcu126-cp312-cp312-manylinux_2_28_x86_64.whl#sha256=${TORCH_270_CU126_CP312_LINUX.sha256}`,
    );
    expect(links[0].attrs['data-core-metadata']).toBeUndefined();

    const cu126 = await serve({ projects: pytorchCu126Projects() });
    const { page } = await getJson(`${cu126.url}/torch/`);
    expect(page.meta['api-version']).toBe('1.0');
    expect(page.versions).toBeUndefined();
    expect(page.files.map((f) => f.size)).toEqual(Array(10).fill(undefined));
  });

  it('answers HTML whatever the client asks when html is set, as download.pytorch.org does, and JSON when json is', async () => {
    const html = await serve({ projects: pytorchCu126Projects(), html: true });
    const response = await fetch(`${html.url}/torch/`, { headers: { accept: PEP691_JSON } });
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(anchors(await response.text())).toHaveLength(10);
    const json = await serve({ projects: pytorchCu126Projects(), json: true });
    expect((await fetch(`${json.url}/torch/`)).headers.get('content-type')).toBe(PEP691_JSON);
    const negotiated = await serve({ projects: pytorchCu126Projects() });
    const v1html = await fetch(`${negotiated.url}/torch/`, { headers: { accept: `${PEP691_JSON};q=0.2, ${PEP691_HTML}` } });
    expect(v1html.headers.get('content-type')).toBe(PEP691_HTML);
  });

  it('a lagging mirror leaves out the versions above its limit', async () => {
    const index = await serve({ projects: realIndexProjects(), omitVersionsAbove: { torch: '2.6.0', 'NVIDIA_cudnn.cu12': '9.5.1.17' } });
    const torch = (await getJson(`${index.url}/torch/`)).page;
    expect(new Set(torch.files.map((f) => fileVersion(f.filename)))).toEqual(new Set(['2.6.0']));
    expect(torch.versions).toEqual(['2.6.0']);
    const cudnn = (await getJson(`${index.url}/nvidia-cudnn-cu12/`)).page;
    expect(cudnn.versions).toEqual(['9.1.0.70', '9.5.1.17']);
    // PEP 440: a local version sorts above its public one, so a limit of 2.7.0 leaves 2.7.0+cu126 out too.
    const strict = await serve({ projects: realIndexProjects(), omitVersionsAbove: { torch: '2.7.0' } });
    expect((await getJson(`${strict.url}/torch/`)).page.files.every((f) => !f.filename.includes('+cu126'))).toBe(true);
  });

  it('answers If-None-Match with 304, sends Cache-Control: max-age=600, and counts every request', async () => {
    const index = await serve({ projects: pypiProjects() });
    const first = await fetch(`${index.url}/filelock/`, { headers: { accept: PEP691_JSON } });
    expect(first.headers.get('cache-control')).toBe('max-age=600');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(`${index.url}/filelock/`, { headers: { accept: PEP691_JSON, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const stale = await fetch(`${index.url}/filelock/`, { headers: { accept: PEP691_JSON, 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
    // The HTML form is another representation, with another tag.
    const html = await fetch(`${index.url}/filelock/`, { headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(html.status).toBe(200);
    expect(index.requests()).toEqual([
      { path: '/simple/filelock/', accept: PEP691_JSON },
      { path: '/simple/filelock/', accept: PEP691_JSON, ifNoneMatch: etag },
      { path: '/simple/filelock/', accept: PEP691_JSON, ifNoneMatch: '"stale"' },
      { path: '/simple/filelock/', accept: 'text/html', ifNoneMatch: etag },
    ]);
  });

  it('lists a wrong hash for a tampered file, and only for it', async () => {
    const index = await serve({ projects: realIndexProjects(), tamper: { project: 'torch', wrongHashFor: TORCH_260_CP310_MANYLINUX1.filename } });
    const { page } = await getJson(`${index.url}/torch/`);
    const wrong = page.files.filter((f) => f.hashes.sha256 !== realIndexProjects().get('torch')?.files.find((c) => c.filename === f.filename)?.sha256);
    expect(wrong.map((f) => [f.filename, f.hashes.sha256])).toEqual([[TORCH_260_CP310_MANYLINUX1.filename, tamperedHash(TORCH_260_CP310_MANYLINUX1.sha256)]]);
  });

  it('serves PEP 658 metadata built from the derived Requires-Dist, announced with its hash', async () => {
    const projects = realIndexProjects();
    const index = await serve({ projects, metadata: true });
    const { page } = await getJson(`${index.url}/torch/`);
    const entry = page.files.find((f) => f.filename === TORCH_270_CU126_CP312_LINUX.filename) as JsonFile;
    const body = await (await fetch(`${entry.url}.metadata`)).text();
    expect(createHash('sha256').update(body).digest('hex')).toBe(entry['core-metadata']?.sha256);
    expect(entry['dist-info-metadata']).toEqual(entry['core-metadata']);
    expect(body).toBe(coreMetadata(projects.get('torch') as IndexProject, { filename: entry.filename, sha256: '' }));
    expect(body).toMatch(/^Metadata-Version: 2\.1\nName: torch\nVersion: 2\.7\.0\+cu126\n/);
    expect(body).toContain("Requires-Dist: nvidia-nccl-cu12==2.26.2; platform_machine == 'x86_64' and sys_platform == 'linux'\n");
    const html = anchors(await (await fetch(`${index.url}/torch/`, { headers: { accept: 'text/html' } })).text());
    expect(html.find((a) => a.name === entry.filename)?.attrs['data-core-metadata']).toBe(`sha256=${entry['core-metadata']?.sha256}`);
  });

  it('serves the bytes given for a file and 404 for the rest', async () => {
    const bytes = new TextEncoder().encode('PK not really a wheel');
    const index = await serve({ projects: pypiProjects(), files: { 'filelock-3.18.0-py3-none-any.whl': bytes } });
    const origin = new URL(index.url).origin;
    const served = await fetch(`${origin}/files/filelock-3.18.0-py3-none-any.whl`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${origin}/files/filelock-3.18.0.tar.gz`)).status).toBe(404);
    expect((await fetch(`${index.url}/no-such-project/`)).status).toBe(404);
    const bare = await fetch(`${index.url}/filelock`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/simple/filelock/']);
  });

  it('redirects every /simple request to plain http off loopback when asked', async () => {
    const index = await serve({ projects: pypiProjects(), redirectToHttp: true });
    const response = await fetch(`${index.url}/torch/`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`${REDIRECT_ORIGIN}/simple/torch/`);
  });

  it('puts control characters into the file names when asked', async () => {
    const index = await serve({ projects: pytorchCu126Projects(), controlCharsInNames: true });
    const { page } = await getJson(`${index.url}/torch/`);
    expect(page.files[0].filename).toBe(hostileFileName('torch-2.7.0+cu126-cp310-cp310-manylinux_2_28_x86_64.whl'));
    expect(page.files[0].filename).toMatch(/\u001b\]0;.*\u0007.*\u001b\[2K\r\.whl$/);
    const html = await (await fetch(`${index.url}/torch/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('\u001b[2K\r.whl</a>');
  });

  it('streams a huge page without a length, padding first', async () => {
    const index = await serve({ projects: pypiProjects(), hugePage: true });
    const { status, headers, received, head } = await new Promise<{ status?: number; headers: http.IncomingHttpHeaders; received: number; head: string }>((resolve, reject) => {
      const request = http.get(`${index.url}/torch/`, { headers: { accept: PEP691_JSON } }, (response) => {
        let received = 0;
        let head = '';
        response.on('data', (chunk: Buffer) => {
          if (head.length < 16) head += chunk.subarray(0, 16).toString('latin1');
          received += chunk.length;
          if (received >= 4 << 20) {
            request.destroy();
            resolve({ status: response.statusCode, headers: response.headers, received, head });
          }
        });
        response.on('end', () => reject(new Error('a huge page ended')));
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(status).toBe(200);
    expect(headers['content-length']).toBeUndefined();
    expect(received).toBeGreaterThanOrEqual(4 << 20);
    expect(head.startsWith('{    ')).toBe(true);
  });
});
