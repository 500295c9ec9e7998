import type { ImageKind } from '@comanda/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '@/lib/upload-image';
import styles from './image-field.module.css';

interface ImageFieldProps {
  label: string;
  /** The image's URL, or '' while there is none. */
  value: string;
  onChange: (url: string) => void;
  /** The shape the storefront shows it in; `logo`: the chain's logo, whole on a square. */
  kind: ImageKind | 'logo';
  /** The server's message for this field after a save. */
  error?: string | undefined;
  /** What the formats line says (the default names the formats and the size limit). */
  hint?: string;
  /**
   * Sends the file and answers the image's new URL; by default a photo of `kind` goes to the
   * image uploads.
   */
  upload?: (file: File) => Promise<string>;
}

/** The formats the server takes; anything else is refused there too, with the same words. */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A photo of the back office: the current image, and a button to upload another. The file goes
 * to the server at once (re-encoded there); the form keeps only the URL the server answers.
 */
export function ImageField({
  label,
  value,
  onChange,
  kind,
  error,
  hint = 'JPEG, PNG o WebP, hasta 5 MB.',
  upload,
}: ImageFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      if (upload) onChange(await upload(file));
      else if (kind !== 'logo') onChange((await uploadImage(file, kind)).url);
    } catch (failure) {
      setProblem(
        failure instanceof ApiError
          ? (failure.errors?.file?.[0] ?? failure.message)
          : 'No pudimos subir la imagen.',
      );
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.row}>
        <div className={`${styles.preview} ${styles[kind]}`}>
          {value ? <img src={value} alt="" /> : <span className={styles.empty}>Sin imagen</span>}
        </div>
        <div className={styles.actions}>
          <label className={styles.button} aria-disabled={uploading}>
            <input
              id={id}
              className={styles.input}
              type="file"
              accept={ACCEPT}
              disabled={uploading}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-describedby={shown ? `${id}-error` : `${id}-hint`}
              aria-invalid={shown ? true : undefined}
              onChange={(event) => void choose(event)}
            />
            <span id={`${id}-button`}>
              {uploading ? 'Subiendo…' : value ? 'Cambiar imagen' : 'Subir imagen'}
            </span>
          </label>
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        </div>
      </div>
      {shown ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
