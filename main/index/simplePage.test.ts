import { describe, expect, it } from 'vitest';
import { IndexError } from './indexErrors.js';
import { parseHtmlPage, parseJsonPage } from './simplePage.js';

const page = new URL('https://download.example.org/whl/cu126/torch/');
const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);
const M1 = 'c'.repeat(64);

// One project page in both formats (PEP 691 JSON and PEP 503 HTML), as download.pytorch.org and PyPI write them:
// a relative link with an encoded "+", a hash fragment, Requires-Python escaped in HTML, PEP 714 metadata, a yank.
const json = JSON.stringify({
  meta: { 'api-version': '1.1', _last_serial: 1 },
  name: 'torch',
  files: [
    {
      filename: 'torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl',
      url: '../../packages/torch-2.7.1%2Bcu126-cp312-cp312-manylinux_2_28_x86_64.whl',
      hashes: { sha256: H1 },
      'requires-python': '>=3.9.0',
      'core-metadata': { sha256: M1 },
      'dist-info-metadata': { sha256: M1 },
      size: 1024,
      yanked: false,
    },
    { filename: 'torch-2.7.0+cu126-cp312-cp312-win_amd64.whl', url: 'https://files.example.org/torch-2.7.0%2Bcu126-cp312-cp312-win_amd64.whl', hashes: { sha256: H2 }, yanked: 'broken build', size: 2048 },
  ],
  versions: ['2.7.0+cu126', '2.7.1+cu126'],
});
const html = `<!DOCTYPE html>
<html><body><h1>Links for torch</h1>
<a href="../../packages/torch-2.7.1%2Bcu126-cp312-cp312-manylinux_2_28_x86_64.whl#sha256=${H1}" data-requires-python="&gt;=3.9.0" data-core-metadata="sha256=${M1}" data-dist-info-metadata="sha256=${M1}">torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl</a><br/>
<a href="https://files.example.org/torch-2.7.0%2Bcu126-cp312-cp312-win_amd64.whl#sha256=${H2}" data-yanked="broken build">torch-2.7.0+cu126-cp312-cp312-win_amd64.whl</a><br/>
<a href="http://example.org/">the project's home page, not a file</a>
</body></html>`;

function refusal(parse: () => unknown): IndexError {
  try {
    parse();
  } catch (error) {
    if (error instanceof IndexError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('simple-index pages', () => {
  it('reads the same files from the JSON and the HTML form of one page (sizes only in JSON, PEP 700)', () => {
    const fromJson = parseJsonPage(json, page);
    const fromHtml = parseHtmlPage(html, page);
    expect(fromJson.files).toEqual([
      {
        filename: 'torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl',
        url: 'https://download.example.org/whl/packages/torch-2.7.1%2Bcu126-cp312-cp312-manylinux_2_28_x86_64.whl',
        sha256: H1,
        requiresPython: '>=3.9.0',
        yanked: false,
        size: 1024,
        coreMetadata: { sha256: M1 },
      },
      {
        filename: 'torch-2.7.0+cu126-cp312-cp312-win_amd64.whl',
        url: 'https://files.example.org/torch-2.7.0%2Bcu126-cp312-cp312-win_amd64.whl',
        sha256: H2,
        requiresPython: null,
        yanked: true,
        size: 2048,
        coreMetadata: null,
      },
    ]);
    expect(fromHtml.files).toEqual(fromJson.files.map((file) => ({ ...file, size: null })));
    expect(fromJson.versions).toEqual(['2.7.0+cu126', '2.7.1+cu126']);
  });

  it('reads PEP 658 (dist-info-metadata only, "true") and PEP 714 names, hash or not', () => {
    const anchors = (attr: string) => parseHtmlPage(`<a href="x-1.0-py3-none-any.whl" ${attr}>x</a>`, page).files[0]!.coreMetadata;
    expect(anchors('data-dist-info-metadata="true"')).toEqual({ sha256: null });
    expect(anchors(`data-dist-info-metadata="sha256=${M1.toUpperCase()}"`)).toEqual({ sha256: M1 });
    expect(anchors('data-core-metadata="md5=0123"')).toEqual({ sha256: null });
    expect(anchors('')).toBeNull();
  });

  it('moves the base with <base href>, as pip does', () => {
    const files = parseHtmlPage('<base href="https://mirror.example.org/files/"><a href="x-1.0-py3-none-any.whl">x</a>', page).files;
    expect(files[0]!.url).toBe('https://mirror.example.org/files/x-1.0-py3-none-any.whl');
  });

  it('reads a find-links page: flat links for many projects, other links passed over', () => {
    const files = parseHtmlPage('<a href="a-1.0-py3-none-any.whl">a</a><a href="b-2.0.tar.gz">b</a><a href="../">up</a><a href="http://example.org/">home</a>', page).files;
    expect(files.map((file) => file.filename)).toEqual(['a-1.0-py3-none-any.whl', 'b-2.0.tar.gz']);
  });

  it('refuses control characters in names and links, raw or escaped', () => {
    const bad = JSON.parse(json) as { files: { filename: string; url: string }[] };
    bad.files[0]!.filename = 'torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl\u001b[31m';
    expect(refusal(() => parseJsonPage(JSON.stringify(bad), page))).toMatchObject({ kind: 'refused', reason: 'controlChar' });
    expect(refusal(() => parseHtmlPage('<a href="x-1.0-py3-none-any.whl&#10;rm -rf ~">x</a>', page))).toMatchObject({ reason: 'controlChar' });
    expect(refusal(() => parseHtmlPage('<a href="x-1.0%0A-py3-none-any.whl">x</a>', page))).toMatchObject({ reason: 'controlChar' });
    expect(refusal(() => parseHtmlPage('<a href="x-1.0-py3-none-any.whl" data-requires-python="&gt;=3.9&#27;">x</a>', page))).toMatchObject({ reason: 'controlChar' });
  });

  it('refuses file links over plain http, with credentials, or with a malformed hash', () => {
    expect(refusal(() => parseHtmlPage('<a href="http://files.example.org/x-1.0-py3-none-any.whl">x</a>', page))).toMatchObject({ reason: 'insecureUrl' });
    expect(refusal(() => parseHtmlPage('<a href="http://127.0.0.1:1/x-1.0-py3-none-any.whl">x</a>', page))).toMatchObject({ reason: 'insecureUrl' });
    expect(refusal(() => parseHtmlPage('<a href="https://me:pw@files.example.org/x-1.0-py3-none-any.whl">x</a>', page))).toMatchObject({ reason: 'insecureUrl' });
    expect(refusal(() => parseHtmlPage('<a href="ftp://files.example.org/x-1.0-py3-none-any.whl">x</a>', page))).toMatchObject({ reason: 'insecureUrl' });
    expect(refusal(() => parseHtmlPage('<a href="x-1.0-py3-none-any.whl#sha256=xyz">x</a>', page))).toMatchObject({ reason: 'badPage' });
    // A plain-http loopback page (a local mirror) may link plain-http loopback files.
    expect(parseHtmlPage('<a href="x-1.0-py3-none-any.whl">x</a>', new URL('http://127.0.0.1:8080/simple/x/')).files[0]!.url).toBe('http://127.0.0.1:8080/simple/x/x-1.0-py3-none-any.whl');
  });

  it('refuses a JSON page outside PEP 691', () => {
    expect(refusal(() => parseJsonPage('<html>', page))).toMatchObject({ reason: 'badPage' });
    expect(refusal(() => parseJsonPage('{"meta":{"api-version":"1.0"}}', page))).toMatchObject({ reason: 'badPage' });
    expect(refusal(() => parseJsonPage('{"meta":{"api-version":"1.0"},"files":[{"filename":"x","url":"x","hashes":{},"size":-1}]}', page))).toMatchObject({ reason: 'badPage' });
    expect(refusal(() => parseJsonPage(`{"meta":{"api-version":"1.0"},"files":[{"filename":"${'x'.repeat(300)}","url":"x","hashes":{}}]}`, page))).toMatchObject({ reason: 'badPage' });
  });
});
