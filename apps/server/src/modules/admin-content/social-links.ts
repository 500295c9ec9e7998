import { SOCIAL_NETWORKS, type AdminSocialLinks, type socialLinksBody } from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { contentChange } from './content-rows';
import { withoutVersion } from './content-change';
import type { AdminContentDeps } from './types';
import { listSocialLinks, saveSocialLink } from './social-links-repository';

// The accounts of /redes-sociales, one form for the three networks: plain functions of the
// section's deps (decision 065).

type SocialLinksInput = z.output<typeof socialLinksBody>;

const NAMES = { instagram: 'Instagram', facebook: 'Facebook', whatsapp: 'WhatsApp' } as const;

/** The three networks as the form edits them; the form's version is the highest of their rows'. */
export async function adminSocialLinks(executor: DbExecutor): Promise<AdminSocialLinks> {
  const rows = await listSocialLinks(executor);
  const of = (network: string) => rows.find((row) => row.network === network);
  const link = (network: 'instagram' | 'facebook') => {
    const row = of(network);
    return { handle: row?.handle ?? '', url: row?.value ?? '', active: row?.active === 1 };
  };
  const whatsapp = of('whatsapp');
  return {
    instagram: link('instagram'),
    facebook: link('facebook'),
    whatsapp: {
      handle: whatsapp?.handle ?? '',
      number: whatsapp?.value ?? '',
      active: whatsapp?.active === 1,
    },
    version: Math.max(1, ...rows.map((row) => row.version)),
  };
}

/** "Instagram: texto, enlace; WhatsApp: número 57… → 57…": names of what changed, values only for the number. */
function summaryOf(before: AdminSocialLinks, after: AdminSocialLinks): string {
  const parts = SOCIAL_NETWORKS.flatMap((network) => {
    const was = before[network] as Record<string, unknown>;
    const now = after[network] as Record<string, unknown>;
    const fields = (['handle', 'url', 'number', 'active'] as const).filter(
      (key) => key in now && was[key] !== now[key],
    );
    const labelOf = (key: (typeof fields)[number]) =>
      key === 'handle'
        ? 'texto'
        : key === 'url'
          ? 'enlace'
          : key === 'number'
            ? `número ${String(was[key])} → ${String(now[key])}`
            : now[key]
              ? 'visible'
              : 'oculto';
    return fields.length === 0 ? [] : [`${NAMES[network]}: ${fields.map(labelOf).join(', ')}`];
  });
  return `Redes sociales: ${parts.length > 0 ? parts.join('; ') : 'sin cambios'}`;
}

export async function saveSocialLinks(
  { write }: AdminContentDeps,
  actor: AuditActor,
  body: SocialLinksInput,
) {
  return write.write({
    actor,
    version: {
      claim: (trx) => write.repository.claimSocialLinks(trx, body.version),
      current: () => adminSocialLinks(write.reader),
      notFound: '',
    },
    change: async (trx) => {
      const before = await adminSocialLinks(trx);
      // The claim raised every row: a network saved for the first time joins at that version.
      const version = Math.max(before.version, (body.version ?? before.version - 1) + 1);
      for (const [index, network] of SOCIAL_NETWORKS.entries()) {
        const account = body[network];
        const value = 'number' in account ? account.number : account.url;
        await saveSocialLink(trx, network, index + 1, {
          handle: account.handle,
          value,
          active: account.active ? 1 : 0,
          version,
        });
      }
      const after = await adminSocialLinks(trx);
      const audit = {
        action: 'update' as const,
        entity: 'social_link',
        summary: summaryOf(before, after),
        before: withoutVersion(before),
        after: withoutVersion(after),
      };
      return contentChange(after, audit);
    },
  });
}
