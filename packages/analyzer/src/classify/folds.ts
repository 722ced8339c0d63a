import { createHash } from 'node:crypto';

/**
 * Deterministic grouped folds: groups by size (largest first) each go to the fold with the fewest
 * real documents so far. Groups of the same size go in name order, or, given an `allocation` seed,
 * in the order of SHA-256 of `<allocation>:<group>`: another allocation of the same balance, for
 * repeating a cross-validation over several splits (cross-validate.ts crossValidateNestedRepeated).
 * Train-only documents (train.ts `LabelledText.trainOnly`) are on every training side and never
 * tested.
 */
export function groupedFolds<T extends { group: string; trainOnly?: boolean }>(
  docs: T[],
  k: number,
  allocation?: string,
): Array<{ train: T[]; test: T[] }> {
  const sizes = new Map<string, number>();
  for (const d of docs) if (!d.trainOnly) sizes.set(d.group, (sizes.get(d.group) ?? 0) + 1);
  const key = (group: string) =>
    allocation === undefined ? group : createHash('sha256').update(`${allocation}:${group}`).digest('hex');
  const order = [...sizes.entries()]
    .map(([group, size]) => ({ group, size, key: key(group) }))
    .sort((a, b) => b.size - a.size || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const load = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const { group, size } of order) {
    const fold = load.indexOf(Math.min(...load));
    foldOf.set(group, fold);
    load[fold]! += size;
  }
  return load.map((_, fold) => ({
    train: docs.filter((d) => d.trainOnly || foldOf.get(d.group) !== fold),
    test: docs.filter((d) => !d.trainOnly && foldOf.get(d.group) === fold),
  }));
}

/** The seed of the i-th allocation of a split: the first is the name-ordered one, the others hashed. */
export const allocationSeed = (i: number): string | undefined =>
  i === 0 ? undefined : `sentinel-allocation-${i}`;
