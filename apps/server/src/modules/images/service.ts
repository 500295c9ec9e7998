import type { ImageKind, ImageUpload } from '@comanda/shared';
import type { AuditService, AuditActor } from '../audit/service';
import { encodeImage } from './encode';
import type { ImageStore } from './store';

const KIND_LABELS: Record<ImageKind, string> = {
  product: 'producto',
  category: 'categoría',
  banner: 'banner',
  coupon: 'cupón',
};

/**
 * The back office's photo uploads: re-encoded, stored once, served by every node. Encoding a
 * large photo takes a few seconds of CPU (AVIF above all): a node encodes one upload at a time,
 * so a batch of uploads cannot starve the orders it serves meanwhile.
 */
export function createImagesService(store: ImageStore, audit: AuditService) {
  let last: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  }

  return {
    store,

    async upload(input: Buffer, kind: ImageKind, actor: AuditActor): Promise<ImageUpload> {
      // Refusals (not an image, broken, too many pixels) throw before anything is stored.
      const image = await oneAtATime(() => encodeImage(input, kind));
      const answer = { url: image.canonical, width: image.width, height: image.height };
      const canonical = image.files[0];
      // Same photo, same names: the second upload finds it and stores nothing.
      if (!canonical || (await store.exists(canonical.name))) return answer;
      await store.save(image.files, (executor) =>
        audit.record(executor, actor, {
          action: 'create',
          entity: 'image',
          entity_id: canonical.name.replace(/\.webp$/, ''),
          summary: `Subió una imagen de ${KIND_LABELS[kind]} (${image.width}×${image.height})`,
          after: answer,
        }),
      );
      return answer;
    },

    read: (name: string) => store.read(name),
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
