/** One way a credential can show up in text DL Setup handles, and the parts of it that must never come out. */
export interface CredentialShape {
  name: string;
  line: string;
  secrets: string[];
}

// Made-up values in the real formats (lengths and prefixes as the issuers document them).
const AWS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const GITHUB = 'ghp_R2d2C3poBb8aLuKe5kyWaLkEr0bIwAnKeNo';
const GITHUB_FINE = 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123';
const HF = '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';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const GITLAB = 'glpat-Xy7zAbCdEfGhIjKlMnOp';
const PYPI = 'pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMAACKlsz';
const NPM = 'npm_abcdefghijklmnopqrstuvwxyz0123456789';
const SLACK = 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp';
const OPENAI = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWx';
const GOOGLE_KEY = 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW';

/** Every credential shape the redaction must hide (issue #27 item 6 and more). */
export const CREDENTIAL_SHAPES: CredentialShape[] = [
  { name: 'a proxy password in the URL', line: 'pip --proxy http://user:pr0xyPw@proxy.example:3128', secrets: ['pr0xyPw'] },
  { name: 'a token as the URL user name', line: 'cloning https://Tok3nAsUser@git.example.com/org/repo.git', secrets: ['Tok3nAsUser'] },
  { name: 'a raw @ inside the password', line: 'using proxy http://jane:p@ss@w0rd@10.1.2.3:8080/', secrets: ['p@ss@w0rd', 'ss@w0rd', 'w0rd'] },
  { name: 'a percent-encoded password', line: 'HTTP_PROXY=http://jane:s3cr%40t%3Ax@proxy:3128', secrets: ['s3cr%40t%3Ax', 's3cr'] },
  { name: 'a user and password that are both secret', line: 'https://oauth2:glpatSecretValue99@gitlab.example.com/x.git', secrets: ['oauth2', 'glpatSecretValue99'] },
  { name: "pip's --index-url with credentials", line: 'pip install --index-url https://ci:IdxPass123@pypi.corp.example/simple torch', secrets: ['IdxPass123'] },
  { name: "pip's --extra-index-url with credentials", line: '--extra-index-url https://ci:ExtraPass456@pypi.corp.example/simple', secrets: ['ExtraPass456'] },
  { name: 'a proxy flag without a scheme', line: 'pip install --proxy jane:NoSchemePw@proxy.example:3128 torch', secrets: ['NoSchemePw'] },
  { name: 'a PIP_INDEX_URL dump', line: 'PIP_INDEX_URL=https://__token__:EnvIdxPw@pypi.corp.example/simple', secrets: ['EnvIdxPw'] },
  { name: 'https_proxy without a scheme', line: 'https_proxy=jane:LowerProxyPw@proxy:3128', secrets: ['LowerProxyPw'] },
  { name: 'an Azure SAS ?sig=', line: 'GET https://acct.blob.core.windows.net/c/w.whl?sv=2022-11-02&se=2030-01-01&sig=AzSig%2Babc%3D', secrets: ['AzSig%2Babc%3D', 'AzSig'] },
  { name: 'an S3 presigned URL', line: `https://bucket.s3.amazonaws.com/w.whl?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${AWS_KEY_ID}%2F20250101&X-Amz-Signature=0123abcdS3sig`, secrets: [AWS_KEY_ID, '0123abcdS3sig'] },
  { name: 'a GCS signed URL', line: 'https://storage.googleapis.com/b/w.whl?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=9f8e7dGcsSig', secrets: ['9f8e7dGcsSig'] },
  { name: 'a ?token= query', line: 'downloading https://mirror.example/whl/torch.whl?token=QueryTok999', secrets: ['QueryTok999'] },
  { name: 'an OAuth access_token', line: 'redirect to https://app.example/cb#x?access_token=AccTok777&state=1', secrets: ['AccTok777'] },
  { name: 'an X-JFrog-Art-Api header', line: 'curl -H "X-JFrog-Art-Api: AKCpJfrogKey0123" https://jfrog.example/api', secrets: ['AKCpJfrogKey0123'] },
  { name: 'a PRIVATE-TOKEN header', line: 'PRIVATE-TOKEN: GitlabPrivTok42', secrets: ['GitlabPrivTok42'] },
  { name: 'an X-Api-Key header', line: "-H 'X-Api-Key: XApiKey31337'", secrets: ['XApiKey31337'] },
  { name: 'an Authorization Basic header', line: 'Authorization: Basic dXNlcjpCYXNpY1B3', secrets: ['dXNlcjpCYXNpY1B3'] },
  { name: 'a Basic credential without its header', line: 'sending Basic dXNlcjpCYXNpY1B3 to the proxy', secrets: ['dXNlcjpCYXNpY1B3'] },
  { name: 'a Bearer token', line: 'Authorization: Bearer BearerTok0123456789', secrets: ['BearerTok0123456789'] },
  { name: 'a Proxy-Authorization header', line: 'Proxy-Authorization: Basic cHJveHk6UHJveHlQdw==', secrets: ['cHJveHk6UHJveHlQdw=='] },
  { name: 'a cookie', line: 'Cookie: dlsetup_token=CookieTok555; theme=dark', secrets: ['CookieTok555'] },
  { name: 'a .netrc line', line: 'machine pypi.corp.example login ci password NetrcPw888', secrets: ['NetrcPw888'] },
  { name: 'a .netrc password on its own line', line: 'machine pypi.corp.example\n  login ci\n  password NetrcAlonePw', secrets: ['NetrcAlonePw'] },
  { name: 'a JSON password field with spaces', line: '{"user": "ci", "password": "correct horse battery"}', secrets: ['correct horse battery', 'horse', 'battery'] },
  { name: 'a JSON token field with an escaped quote', line: '{"token":"ab\\"cdQuoted"}', secrets: ['cdQuoted'] },
  { name: 'PIP_PASSWORD and HF_TOKEN variables', line: 'PIP_PASSWORD=hunter2 HF_TOKEN=whatever', secrets: ['hunter2', 'whatever'] },
  { name: 'an AWS secret access key variable', line: `AWS_ACCESS_KEY_ID=${AWS_KEY_ID} AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`, secrets: [AWS_KEY_ID, AWS_SECRET] },
  { name: 'an AWS access key id alone', line: `key id ${AWS_KEY_ID} was refused`, secrets: [AWS_KEY_ID] },
  { name: 'a GitHub token', line: `git push with ${GITHUB}`, secrets: [GITHUB] },
  { name: 'a GitHub fine-grained token', line: `gh: ${GITHUB_FINE}`, secrets: [GITHUB_FINE] },
  { name: 'a Hugging Face token', line: `huggingface-cli login ${HF}`, secrets: [HF] },
  { name: 'a JWT', line: `session ${JWT} expired`, secrets: [JWT, JWT.split('.')[2]!] },
  { name: 'a GitLab token', line: `using ${GITLAB}`, secrets: [GITLAB] },
  { name: 'a PyPI upload token', line: `twine upload -p ${PYPI}`, secrets: [PYPI] },
  { name: 'an npm token', line: `//registry.npmjs.org/:_authToken=${NPM}`, secrets: [NPM] },
  { name: 'a Slack token', line: `notify ${SLACK}`, secrets: [SLACK] },
  { name: 'an OpenAI key', line: `OPENAI=${OPENAI}`, secrets: [OPENAI] },
  { name: 'a Google API key', line: `maps ${GOOGLE_KEY}`, secrets: [GOOGLE_KEY] },
  { name: "curl's --user", line: 'curl --user ci:CurlUserPw https://x.example', secrets: ['CurlUserPw'] },
  { name: "curl's -u user:password", line: 'curl -u ci:CurlShortPw https://x.example', secrets: ['CurlShortPw'] },
  { name: 'an api_key field', line: "config = {'api_key': 'ApiKey2468'}", secrets: ['ApiKey2468'] },
  { name: 'a client secret', line: 'client_secret=ClientSecret1357', secrets: ['ClientSecret1357'] },
  { name: 'a PEM private key', line: '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA0PemBody\n-----END RSA PRIVATE KEY-----', secrets: ['MIIEpAIBAAKCAQEA0PemBody'] },
];

/** Ordinary lines DL Setup prints and logs: redaction must leave every one exactly as it is. */
export const BENIGN_LINES: string[] = [
  'NVIDIA GeForce RTX 4090, 24564 MiB, driver 550.54.15',
  'Tesla V100-SXM2-16GB (GPU 0: UUID GPU-8c2a0f1e-7e3b-4a51-9d0c-2f3e4d5c6b7a)',
  'pip install tokenizers==0.15.2 transformers torch==2.5.1+cu124',
  'Keep this URL private: it carries the access token.',
  'Downloading https://download.pytorch.org/whl/cu124/torch-2.5.1%2Bcu124-cp312-cp312-linux_x86_64.whl (2.4 GB)',
  '$ /home/alice/.local/share/dlsetup/envs/dlsetup-pytorch-2.5.1/bin/python -m pip install --index-url https://pypi.tuna.tsinghua.edu.cn/simple torch==2.5.1',
  'CUDA_HOME=/usr/local/cuda-12.4 LD_LIBRARY_PATH=/usr/local/cuda-12.4/lib64:/opt/dlsetup/cudnn-9.1.0-cuda12/lib',
  '[sudo] password for alice: ',
  'sudo: a password is required',
  'Enter the proxy password in the wizard; the user name is kept.',
  'Successfully installed nvidia-cudnn-cu12-9.1.0.70 hf_transfer-0.1.8 sk-video-1.1.10',
  'https://registry.npmjs.org/@types%2fnode and mail alice@example.com',
  '$ sudo -u alice update-initramfs -u   [elevated]',
  'Basic Linear Algebra Subprograms (cuBLAS) 12.4.5.8',
  'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 matches',
  'Using proxy http://proxy.example:3128 for https://pypi.org/simple',
  'max_tokens=512 num_tokens: 3',
  'dlsetup serve: http://127.0.0.1:8765/ (open it in a browser)',
];
