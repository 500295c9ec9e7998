import { z } from 'zod';
import type { ImageKind } from '../image-variants';

/** `POST /api/admin/images`: the back office's photo uploads. */

/** The largest file the server takes, in bytes (5 MB). */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The formats the server takes, by the content of the file (never by its name or declared type). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The shape each kind of image is cut to: what the storefront's frames show (product tiles 1:1,
 * category photos 16:10, banners 5:2, coupon cards 3:2), width over height.
 */
export const IMAGE_ASPECT: Record<ImageKind, { width: number; height: number }> = {
  product: { width: 1, height: 1 },
  category: { width: 16, height: 10 },
  banner: { width: 5, height: 2 },
  coupon: { width: 3, height: 2 },
};

export const IMAGE_MESSAGES = {
  required: 'Elige una imagen para subir.',
  kind: 'Indica para qué es la imagen: producto, categoría, banner o cupón.',
  type: 'La imagen debe ser JPEG, PNG o WebP.',
  broken: 'No pudimos leer la imagen: el archivo está dañado o incompleto.',
  tooLarge: 'La imagen pesa más de 5 MB. Elige una más liviana.',
  tooManyPixels: 'La imagen es demasiado grande (más de 40 megapíxeles).',
  oneFile: 'Sube una sola imagen a la vez.',
  notMultipart: 'Envía la imagen como multipart/form-data en el campo file.',
} as const;

export const imageUploadQuery = z.object({
  kind: z.enum(['product', 'category', 'banner', 'coupon'], { error: IMAGE_MESSAGES.kind }),
});

/** The canonical URL (the widest WebP) and its size, so the storefront reserves the space. */
export const imageUploadResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageUpload = z.infer<typeof imageUploadResponse>;
