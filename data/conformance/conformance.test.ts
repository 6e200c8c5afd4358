import { describe, expect, it } from 'vitest';
import { loadCompatData } from '../../main/plan/loadCompatData.js';
import { loadKnownFailures, loadScenarios, mismatches, planFor } from '../../testkit/conformance/conformanceScenarios.js';

// The resolver against official tables it was not written from (issue 16). A scenario in known-failures.json runs as
// `it.fails`: the suite stays green while the bug is open, and turns red the day it is fixed so the entry gets removed.
const scenarios = loadScenarios();
const knownFailures = loadKnownFailures();
const data = loadCompatData();

describe('conformance suite: the scenario files', () => {
  it('holds at least 200 scenarios with unique ids, each quoting its source line', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(200);
    const ids = scenarios.map((s) => s.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('lists only known failures that are scenarios, each with a reason', () => {
    const ids = new Set(scenarios.map((s) => s.id));
    expect(Object.keys(knownFailures).filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.entries(knownFailures).filter(([, reason]) => !reason.trim())).toEqual([]);
  });
});

for (const file of [...new Set(scenarios.map((s) => s.file))]) {
  describe(`conformance: ${file}`, () => {
    for (const scenario of scenarios.filter((s) => s.file === file)) {
      const run = () => expect(mismatches(planFor(data, scenario), scenario.expect), `${scenario.source.ref}: ${scenario.source.quote}`).toEqual([]);
      if (knownFailures[scenario.id]) it.fails(`${scenario.id} [known failure; fixed? remove it from known-failures.json]`, run);
      else it(scenario.id, run);
    }
  });
}
