import { useState } from 'react';

/**
 * One action at a time for an island's buttons: `run(work)` ignores clicks while a run is busy, clears the
 * last notice, and shows `failed` when the work throws (the signed-in islands of the dashboard).
 */
export function useBusyAction(failed: string) {
  const [isBusy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  async function run(work: () => Promise<void>) {
    if (isBusy) return;
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch {
      setNotice(failed);
    } finally {
      setBusy(false);
    }
  }
  return { isBusy, notice, setNotice, run };
}
