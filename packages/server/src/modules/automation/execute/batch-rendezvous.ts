/**
 * Gathers one item from each run of a batch into one write. Each run either hands its item in
 * (`submit`, which resolves once the item is written) or says it has none (`pass`); once every run
 * has done one or the other, the items handed in are written together by one call of `write`. An
 * item handed in after that (a run's second action, or a run that was not waited for) is written on
 * its own. A run must `pass` before it waits for anything another run of the batch waits for.
 */
export function batchRendezvous<Item, Result>(runIds: readonly string[], write: (items: Item[]) => Promise<Result[]>) {
  const waitingFor = new Set(runIds);
  let gathered: Array<{ item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }> = [];
  let written = false;
  const writeIfComplete = () => {
    if (written || waitingFor.size > 0) return;
    written = true;
    const taken = gathered;
    gathered = [];
    if (taken.length === 0) return;
    write(taken.map((entry) => entry.item)).then(
      (results) => {
        for (const [index, entry] of taken.entries()) entry.resolve(results[index] as Result);
      },
      (error: unknown) => {
        for (const entry of taken) entry.reject(error);
      },
    );
  };
  return {
    submit(runId: string, item: Item): Promise<Result> {
      if (written || !waitingFor.has(runId)) return write([item]).then((results) => results[0] as Result);
      return new Promise<Result>((resolve, reject) => {
        gathered.push({ item, resolve, reject });
        waitingFor.delete(runId);
        writeIfComplete();
      });
    },
    pass(runId: string): void {
      if (waitingFor.delete(runId)) writeIfComplete();
    },
  };
}
