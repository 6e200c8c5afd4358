/*
 * The requirements file an install pins its downloads with (issue 32): every file the index check found, by version
 * and sha256, so pip --require-hashes installs exactly what was planned, on one machine or a hundred.
 */
import type { Plan } from '../types/plan.js';

/** PEP 503 normalisation: pip compares names this way. */
function normalized(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The name a requirement line starts with ("jax[cuda12]==0.4.30" → "jax"). */
function requirementName(requirement: string): string {
  return normalized(/^[A-Za-z0-9][A-Za-z0-9._-]*/.exec(requirement)?.[0] ?? requirement);
}

/**
 * One line per package, the plan's own requirements first (their extras kept), each with its file's hash; null when
 * the plan was not resolved on its index or a file has no hash (then nothing is pinned, and the plan says so).
 */
export function pinnedRequirements(plan: Pick<Plan, 'index' | 'framework'>): string[] | null {
  const files = plan.index?.status === 'resolved' ? (plan.index.files ?? []) : [];
  if (files.length === 0 || files.some((file) => !file.sha256)) return null;
  const byName = new Map(files.map((file) => [normalized(file.name), file]));
  const lines: string[] = [];
  for (const requirement of plan.framework.packages) {
    const file = byName.get(requirementName(requirement));
    if (!file) return null;
    const exact = requirement.includes('==') ? requirement : `${requirement}==${file.version}`;
    lines.push(`${exact} --hash=sha256:${file.sha256}`);
    byName.delete(requirementName(requirement));
  }
  for (const file of byName.values()) lines.push(`${file.name}==${file.version} --hash=sha256:${file.sha256}`);
  return lines;
}
