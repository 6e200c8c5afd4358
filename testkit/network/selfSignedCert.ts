import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCert {
  key: string;
  cert: string;
}

/** A throwaway certificate for 127.0.0.1, 127.0.0.2 and localhost, made by openssl; tests trust it through `ca`. */
export function selfSignedCert(): TestCert {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost',
      '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
