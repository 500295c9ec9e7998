import { describeChainTime, type BranchConsole } from '@comanda/shared';

/**
 * The branch's state in a few words for the console: paused (and until when), closed by its
 * hours, or taking orders; plus the rush minutes when on.
 */
export function pauseText(
  branch: Pick<BranchConsole, 'paused' | 'until_reopened' | 'resumes_at'>,
  now: Date,
): string | null {
  if (!branch.paused) return null;
  if (branch.until_reopened || !branch.resumes_at) return 'Pedidos en pausa hasta que los reanudes';
  return `Pedidos en pausa · se reanudan ${describeChainTime(new Date(branch.resumes_at), now)}`;
}

export function rushText(branch: Pick<BranchConsole, 'rush_minutes'>): string | null {
  return branch.rush_minutes > 0
    ? `Alta demanda: +${branch.rush_minutes} min en cada pedido`
    : null;
}
