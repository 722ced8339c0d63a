/**
 * Deterministic grouped folds: groups by size (largest first, then by name) each go to the fold
 * with the fewest real documents so far. Train-only documents (train.ts `LabelledText.trainOnly`)
 * are on every training side and never tested.
 */
export function groupedFolds<T extends { group: string; trainOnly?: boolean }>(
  docs: T[],
  k: number,
): Array<{ train: T[]; test: T[] }> {
  const sizes = new Map<string, number>();
  for (const d of docs) if (!d.trainOnly) sizes.set(d.group, (sizes.get(d.group) ?? 0) + 1);
  const order = [...sizes.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const load = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const [group, size] of order) {
    const fold = load.indexOf(Math.min(...load));
    foldOf.set(group, fold);
    load[fold]! += size;
  }
  return load.map((_, fold) => ({
    train: docs.filter((d) => d.trainOnly || foldOf.get(d.group) !== fold),
    test: docs.filter((d) => !d.trainOnly && foldOf.get(d.group) === fold),
  }));
}
