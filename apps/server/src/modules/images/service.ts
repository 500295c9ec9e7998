import type { ImageKind, ImageUpload } from '@comanda/shared';
import { bind } from '../../lib/bind';
import type { AuditActor, AuditRecorder } from '../../lib/audit-record';
import { encodeImage } from './encode';
import type { ImageStore, StoredImageFile } from './store';

// The back office's photo uploads: re-encoded, stored once, served by every node. Plain
// functions of their declared deps, bound by createImagesService (decision 065).

const KIND_LABELS: Record<ImageKind, string> = {
  product: 'producto',
  category: 'categoría',
  banner: 'banner',
  coupon: 'cupón',
};

/**
 * The node's encodings, one at a time: a large photo takes a few seconds of CPU (AVIF above
 * all), so a batch of uploads cannot starve the orders the node serves meanwhile.
 */
export interface EncodeQueue {
  /** The encoding queued last; the next one starts when it has ended. */
  last: Promise<unknown>;
}

/** Every dependency of the module's functions, made once by createImagesDeps. */
export interface ImagesDeps {
  store: ImageStore;
  audit: AuditRecorder;
  encoding: EncodeQueue;
}

/** The module's state made once: the chosen store, and a queue with nothing in it. */
export const createImagesDeps = (store: ImageStore, audit: AuditRecorder): ImagesDeps => ({
  store,
  audit,
  encoding: { last: Promise.resolve() },
});

function oneAtATime<T>(queue: EncodeQueue, work: () => Promise<T>): Promise<T> {
  const run = queue.last.then(work, work);
  queue.last = run.catch(() => undefined);
  return run;
}

/** Re-encodes and stores an upload, with its change-log row; the same photo twice is stored once. */
export async function uploadImage(
  { store, audit, encoding }: ImagesDeps,
  input: Buffer,
  kind: ImageKind,
  actor: AuditActor,
): Promise<ImageUpload> {
  // Refusals (not an image, broken, too many pixels) throw before anything is stored.
  const image = await oneAtATime(encoding, () => encodeImage(input, kind));
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
}

/** An uploaded file from whichever store holds it; null when there is none. */
export const readImage = (store: ImageStore, name: string): Promise<StoredImageFile | null> =>
  store.read(name);

/** The back office's uploads and the files they became, as app.images. */
export function createImagesService(deps: ImagesDeps) {
  return {
    upload: bind(deps, uploadImage),
    read: bind(deps.store, readImage),
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
