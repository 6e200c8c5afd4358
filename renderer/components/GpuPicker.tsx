import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import gpusJson from '../../data/gpus.json' with { type: 'json' };
import nvidiaDevicesJson from '../../data/nvidia-devices.json' with { type: 'json' };
import { productTokens } from '../../shared/gpus/findNvidiaProduct.js';
import { gpuChoices } from '../../shared/gpus/gpuChoices.js';
import type { GpuTable } from '../../shared/gpus/lookupGpu.js';
import type { NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';

const TABLE = nvidiaDevicesJson as unknown as NvidiaDeviceTable;
// --gpu (and plan:resolve's gpuChoice) matches data/gpus.json's names first: the list offers them too.
const GPU_ROWS = (gpusJson as unknown as GpuTable).gpus;

interface Props {
  /** The unknown-GPU sentence from the plan (what is not known and why). */
  message?: string;
  /** What the person picked before ('' when nothing), and the GPU the plan is now for. */
  picked: string;
  plannedFor?: string;
  onPick: (choice: string) => void;
}

/**
 * Which NVIDIA GPU this is, when detection could not tell (issue 28): a searchable list (the browser's own, on a text
 * field with a label) of every product name and generation in data/nvidia-devices.json and data/gpus.json; a pick re-plans with it.
 */
export function GpuPicker({ message, picked, plannedFor, onPick }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  // What the field shows → what plan:resolve gets: a product's name is itself, a generation's label its compute capability.
  const options = useMemo(() => {
    const { products, generations } = gpuChoices(TABLE, GPU_ROWS);
    const list = [
      ...generations.map((g) => ({ value: t('plan.gpuPicker.generation', { architecture: g.architecture, cc: g.computeCapability }), label: '', choice: g.choice })),
      ...products.map((p) => ({ value: p.choice, label: t('plan.gpuPicker.product', { architecture: p.architecture, cc: p.computeCapability }), choice: p.choice })),
    ];
    // A product is also found by its words as --gpu finds it: "RTX 4060" is "GeForce RTX 4060".
    const byWords = new Map(products.map((p) => [productTokens(p.choice).join(' '), p.choice]));
    return { list, byValue: new Map(list.map((option) => [option.value.toLowerCase(), option.choice])), byWords };
  }, [t]);
  const typed = query.trim();
  const choice = options.byValue.get(typed.toLowerCase()) ?? (typed ? options.byWords.get(productTokens(typed).join(' ')) : undefined);
  const submit = () => {
    if (choice) onPick(choice);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="blockers gpu-picker" data-testid="plan-gpu-unknown">
      <h2 id={`${id}-heading`}>{t('plan.gpuUnknown.heading')}</h2>
      {message ? <p>{message}</p> : null}
      {picked && plannedFor ? <p data-testid="plan-gpu-picked">{t('plan.gpuPicker.picked', { gpu: plannedFor })}</p> : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-input`}>{t('plan.gpuPicker.label')}</label>
          <input
            id={`${id}-input`}
            type="text"
            list={`${id}-list`}
            autoComplete="off"
            value={query}
            aria-describedby={`${id}-hint${typed && !choice ? ` ${id}-nomatch` : ''}`}
            aria-invalid={typed && !choice ? true : undefined}
            onChange={(event) => setQuery(event.target.value)}
          />
          <datalist id={`${id}-list`}>
            {options.list.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label || undefined}
              </option>
            ))}
          </datalist>
          <p id={`${id}-hint`} className="muted">{t('plan.gpuPicker.hint')}</p>
          {typed && !choice ? <p id={`${id}-nomatch`} className="muted">{t('plan.gpuPicker.noMatch', { query: typed })}</p> : null}
        </div>
        <button type="submit" className="primary" disabled={!choice}>{t('plan.gpuPicker.use')}</button>
        {picked ? (
          <button type="button" onClick={() => onPick('')}>{t('plan.gpuPicker.clear')}</button>
        ) : null}
      </form>
    </section>
  );
}
