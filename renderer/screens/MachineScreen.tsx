import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gpu, HardwareReport } from '../../shared/types/hardware.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { explainCuda } from '../wizard/explainCuda.js';
import { useLocale } from '../i18n/useLocale.js';
import { formatBytes } from '../../shared/text/formatBytes.js';
import { useDetect } from '../wizard/useDetect.js';
import type { ScreenProps } from '../wizard/wizardState.js';
import { ALL_FRAMEWORK_SPECS } from '../../shared/frameworks/registry.js';

/** Each framework's pip package, as the Python list names what is installed (torch 2.5.1, jax 0.4.35). */
const FRAMEWORK_PACKAGES = ALL_FRAMEWORK_SPECS.map((spec) => spec.primaryPackage);

const GFX_SOURCE_KEYS = {
  'amd-smi': 'machine.gpu.gfxFrom.amdSmi',
  'rocm-smi': 'machine.gpu.gfxFrom.rocmSmi',
  rocm_agent_enumerator: 'machine.gpu.gfxFrom.agentEnumerator',
  'pci-id': 'machine.gpu.gfxFrom.pciId',
  'lspci-chip': 'machine.gpu.gfxFrom.lspciChip',
  'gpus.json': 'machine.gpu.gfxFrom.gpusJson',
} as const;

/** An AMD card's gfx target with where it came from (unknown said as such), and what ROCm's support list says of it. */
function amdRows(gpu: Gpu, t: ReturnType<typeof useTranslation>['t']): [string, string][] {
  if (gpu.vendor !== 'amd') return gpu.gfxArch ? [[t('machine.gpu.gfxArch'), gpu.gfxArch]] : [];
  const gfx = !gpu.gfxArch
    ? t('machine.gpu.gfxUnknown')
    : gpu.gfxArchSource
      ? t('machine.gpu.gfxWithSource', { gfx: gpu.gfxArch, source: t(GFX_SOURCE_KEYS[gpu.gfxArchSource]) })
      : gpu.gfxArch;
  const support = gpu.rocmSupport ? [[t('machine.gpu.rocmSupport'), t(`machine.gpu.rocmSupport.${gpu.rocmSupport}`)] as [string, string]] : [];
  return [[t('machine.gpu.gfxArch'), gfx], ...support];
}

function GpuCard({ gpu }: { gpu: Gpu }) {
  const { t } = useTranslation();
  const spec = gpu.spec;
  const memory = gpu.memoryMiB ?? spec?.memoryMiB;
  const rows: [string, string][] = [
    [t('machine.gpu.vendor'), gpu.vendor.toUpperCase()],
    ...(gpu.architecture ? [[t('machine.gpu.architecture'), gpu.architecture] as [string, string]] : []),
    ...(gpu.computeCapability ? [[t('machine.gpu.computeCapability'), gpu.computeCapability] as [string, string]] : []),
    ...amdRows(gpu, t),
    ...(memory ? [[t('machine.gpu.memory'), t('machine.gpu.memoryValue', { gib: memory >= 10 * 1024 ? Math.round(memory / 1024) : (memory / 1024).toFixed(1) })] as [string, string]] : []),
    ...(spec?.fp32Tflops ? [[t('machine.gpu.fp32'), t('machine.gpu.tflops', { value: spec.fp32Tflops })] as [string, string]] : []),
    ...Object.entries(spec?.tensorTflops ?? {}).map(([dtype, value]) => [t('machine.gpu.tensor', { dtype }), t('machine.gpu.tflops', { value })] as [string, string]),
    ...(spec?.bandwidthGBs ? [[t('machine.gpu.bandwidth'), t('machine.gpu.bandwidthValue', { value: spec.bandwidthGBs })] as [string, string]] : []),
    ...(gpu.busId ? [[t('machine.gpu.busId'), gpu.busId] as [string, string]] : []),
    ...(gpu.migEnabled ? [[t('machine.gpu.mig'), String(gpu.migDevices ?? '')] as [string, string]] : []),
  ];
  return (
    <article className="card gpu-card" data-testid="gpu-card">
      <h3>{gpu.name}</h3>
      <dl className="facts-list">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {spec ? <p className="muted source">{t('machine.gpu.specSource')}</p> : null}
    </article>
  );
}

/** Newest Python first, compared as numbers: 3.13 before 3.6. */
function byVersionNewestFirst(a: { version: string }, b: { version: string }): number {
  const parts = (version: string) => version.split(/[^\d]+/).filter(Boolean).map(Number);
  const [x, y] = [parts(a.version), parts(b.version)];
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const difference = (y[index] ?? 0) - (x[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The ROCm release and where it was read, else which ROCm tools answered, else that none was found. */
function rocmText(report: HardwareReport, t: ReturnType<typeof useTranslation>['t']): string {
  const tools = report.rocmTools?.length ? report.rocmTools.join(', ') : null;
  if (report.rocm) return t(tools ? 'machine.rocmVersionTools' : 'machine.rocmVersion', { version: report.rocm.version, source: report.rocm.source, tools: tools ?? '' });
  return tools ? t('machine.rocmValue', { tools }) : t('machine.noRocm');
}

function MachineDetails({ report }: { report: HardwareReport }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const active = report.cudaToolkits.find((toolkit) => toolkit.active);
  const osFindings = [
    report.os.secureBoot === 'enabled' ? t('machine.findings.secureBoot') : null,
    report.os.nouveauLoaded ? t('machine.findings.nouveau') : null,
    report.os.wsl ? t('machine.findings.wsl') : null,
  ].filter((line): line is string => line !== null);
  return (
    <>
      <section aria-labelledby="gpus-heading">
        <h2 id="gpus-heading">{t('machine.gpus')}</h2>
        {report.gpus.length === 0 ? (
          <p data-testid="no-gpu">{t('machine.noGpu')}</p>
        ) : (
          <div className="cards">{report.gpus.map((gpu, index) => <GpuCard key={`${gpu.busId ?? gpu.name}-${index}`} gpu={gpu} />)}</div>
        )}
      </section>

      <div className="columns">
        <section aria-labelledby="software-heading" className="panel">
          <h2 id="software-heading">{t('machine.software')}</h2>
          <dl className="facts-list">
            <div>
              <dt>{t('machine.driver')}</dt>
              <dd data-testid="machine-driver">
                {report.driver
                  ? t('machine.driverValue', { version: report.driver.version, cuda: report.driver.cudaVersion ?? '?' })
                  : t('machine.noDriver')}
              </dd>
            </div>
            {report.gpus.some((gpu) => gpu.vendor === 'amd') ? (
              <div>
                <dt>{t('machine.rocm')}</dt>
                <dd data-testid="machine-rocm">{rocmText(report, t)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('machine.toolkits')}</dt>
              <dd data-testid="machine-toolkits">
                {report.cudaToolkits.length === 0 ? t('machine.noToolkit') : (
                  <ul>
                    {report.cudaToolkits.map((toolkit) => (
                      <li key={toolkit.path} aria-current={toolkit.active ? 'true' : undefined}>
                        CUDA {toolkit.version} <code>{toolkit.path}</code>
                        {toolkit.active ? <strong className="badge"> {t('machine.active')}</strong> : null}
                        {toolkit.nvccRuns === false ? <span className="warn-text"> {t('machine.nvccBroken')}</span> : null}
                      </li>
                    ))}
                  </ul>
                )}
                {report.cudaToolkits.length > 1 && !active ? <p className="muted">{t('machine.noActiveToolkit')}</p> : null}
              </dd>
            </div>
            <div>
              <dt>{t('machine.cudnn')}</dt>
              <dd data-testid="machine-cudnn">
                {report.cudnn.length === 0 ? t('machine.noCudnn') : (
                  <ul>{report.cudnn.map((cudnn) => <li key={cudnn.path}>cuDNN {cudnn.version} <code>{cudnn.path}</code></li>)}</ul>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('machine.pythons')}</dt>
              <dd data-testid="machine-pythons">
                {report.pythons.length === 0 ? t('machine.noPython') : (
                  <ul>
                    {[...report.pythons].sort(byVersionNewestFirst).map((python) => {
                      const frameworks = FRAMEWORK_PACKAGES.filter((name) => python.packages[name]).map((name) => `${name} ${python.packages[name]}`);
                      return (
                        <li key={python.path}>
                          Python {python.version} <code>{python.path}</code> <span className="muted">({t(`machine.pythonKind.${python.kind}`)})</span>
                          {frameworks.length > 0 ? <span> · {frameworks.join(', ')}</span> : null}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('machine.disks')}</dt>
              <dd>
                {report.os.disks.length === 0 ? '—' : (
                  <ul>{report.os.disks.map((disk) => <li key={disk.path}>{t('machine.diskValue', { path: disk.path, free: formatBytes(disk.freeBytes) })}</li>)}</ul>
                )}
              </dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="explain-heading" className="panel explain" data-testid="explain">
          <h2 id="explain-heading">{t('machine.explainHeading')}</h2>
          {explainCuda(report, locale).map((line) => <p key={line.key} data-explain={line.key}>{line.text ?? t(`machine.explain.${line.key}`, line.values)}</p>)}
        </section>
      </div>

      {report.findings.length + osFindings.length + report.warnings.length > 0 ? (
        <section aria-labelledby="findings-heading">
          <h2 id="findings-heading">{t('machine.findingsHeading')}</h2>
          <ul className="findings" data-testid="machine-findings">
            {report.findings.map((finding) => (
              <li key={finding.code + finding.message} className={finding.severity ?? 'warning'}>
                <strong>{t(`machine.severity.${finding.severity ?? 'warning'}`)}</strong> {finding.message} <code className="muted">[{finding.code}]</code>
              </li>
            ))}
            {osFindings.map((line) => <li key={line} className="info"><strong>{t('machine.severity.info')}</strong> {line}</li>)}
            {report.warnings.map((warning) => <li key={warning} className="info"><strong>{t('machine.severity.probe')}</strong> {warning}</li>)}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Screen 2: everything detection found, and what the numbers mean. */
export function MachineScreen({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const detect = useDetect(dispatch);
  useEffect(() => {
    if (state.detect.status === 'idle') detect();
  }, [state.detect.status, detect]);
  return (
    <div className="screen machine">
      <ScreenHeading>{t('machine.heading')}</ScreenHeading>
      {state.detect.status === 'ready' ? <MachineDetails report={state.detect.value} /> : null}
      {state.detect.status === 'failed' ? <ErrorPanel error={state.detect.error} onRetry={detect} /> : null}
      {state.detect.status === 'loading' || state.detect.status === 'idle' ? <LoadingStatus>{t('summary.loading')}</LoadingStatus> : null}
      <div className="actions">
        <button type="button" onClick={() => dispatch({ type: 'back' })}>{t('app.back')}</button>
        <button type="button" onClick={detect} disabled={state.detect.status === 'loading'}>{t('machine.refresh')}</button>
        <button type="button" className="primary" onClick={() => dispatch({ type: 'go', screen: 'choose' })}>{t('machine.continue')}</button>
      </div>
    </div>
  );
}
