/** Whether apps/web/dist is missing or older than any of the sources it is built from. */
export function webBuildIsStale(root: string): boolean;
