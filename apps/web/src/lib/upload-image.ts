import type { ImageKind } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/**
 * POST /api/admin/images?kind=… (multipart, field `file`) → `{url, width, height}`. The kind
 * tells the server which widths the storefront shows that image at.
 */
export function uploadImage(file: File, kind: ImageKind): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return panelApi.postForm<UploadedImage>(`/api/admin/images?kind=${kind}`, form);
}
