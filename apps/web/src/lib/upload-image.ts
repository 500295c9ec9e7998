import { endpoints, type AnswerOf, type ImageKind } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

export type UploadedImage = AnswerOf<typeof endpoints.uploadImage>;

/**
 * POST /api/admin/images?kind=… (multipart, field `file`) → `{url, width, height}`. The kind
 * tells the server which widths the storefront shows that image at.
 */
export function uploadImage(file: File, kind: ImageKind): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return panelCall(endpoints.uploadImage, { query: { kind }, form });
}
