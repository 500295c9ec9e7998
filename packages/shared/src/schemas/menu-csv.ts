import { z } from 'zod';

/**
 * The back office's menu as a spreadsheet (product.md «Back office: Menú»): a CSV file downloaded,
 * edited in Excel, and imported back. The import is previewed first, then the same file is applied
 * with the `version` its preview answered, in one transaction, all or nothing.
 */

/** Largest file the import takes: a chain's menu is a few hundred rows, far below this. */
export const MENU_CSV_MAX_CHARS = 500_000;

export const MENU_CSV_MESSAGES = {
  file: 'Elige el archivo CSV del menú (hasta 500.000 caracteres).',
  preview: 'Mira los cambios antes de aplicarlos.',
  header:
    'El archivo no es el menú descargado: la primera fila debe tener las columnas, entre ellas «producto_id».',
  unknownColumn: (column: string) =>
    `La columna «${column}» no existe en el menú; descárgalo de nuevo y edita esa copia.`,
  repeatedColumn: (column: string) => `La columna «${column}» está repetida.`,
  empty: 'El archivo no tiene productos.',
  tooManyRows: 'El archivo tiene más de 5.000 filas.',
  nothing: 'El archivo no cambia nada del menú.',
  hasErrors:
    'El archivo tiene filas con errores; corrígelas y vuelve a importarlo. No se cambió nada.',
  stale:
    'Otra persona cambió alguno de estos productos después de tu vista previa; no se cambió nada. Importa el archivo de nuevo para ver los cambios.',
  row: (row: number, message: string) => `Fila ${row}: ${message}`,
  id: 'el producto_id debe ser el número de un producto del menú',
  unknownId: (id: string) =>
    `no hay ningún producto con producto_id ${id} (el CSV solo cambia productos que ya existen)`,
  repeatedId: (id: string, first: number) => `el producto ${id} ya aparece en la fila ${first}`,
  price: 'el precio debe ser un número entero de pesos',
  priceRange: 'el precio debe estar entre $0 y $10.000.000',
  branchPrice: (branch: string) =>
    `el precio de ${branch} debe ser un número entero de pesos, o vacío para usar el precio del producto`,
  title: 'el título no puede quedar vacío y tiene hasta 120 caracteres',
  description: 'la descripción tiene hasta 2.000 caracteres',
  text: 'el texto tiene caracteres que no se pueden guardar',
  visible: 'visible debe ser «sí» o «no»',
  columns: (found: number, expected: number) =>
    `tiene ${found} columnas y el encabezado ${expected}`,
} as const;

const csvText = z
  .string({ error: MENU_CSV_MESSAGES.file })
  .min(1, { error: MENU_CSV_MESSAGES.file })
  .max(MENU_CSV_MAX_CHARS, { error: MENU_CSV_MESSAGES.file });

/** `POST /api/admin/menu/import/preview`: the file's text, as the browser read it. */
export const menuImportBody = z.object({ csv: csvText });
export type MenuImportBody = z.infer<typeof menuImportBody>;

/** `POST /api/admin/menu/import/apply`: the same file and the `version` its preview answered. */
export const menuImportApplyBody = z.object({
  csv: csvText,
  version: z
    .string({ error: MENU_CSV_MESSAGES.preview })
    .regex(/^[0-9a-f]{16,64}$/, { error: MENU_CSV_MESSAGES.preview }),
});
export type MenuImportApplyBody = z.infer<typeof menuImportApplyBody>;

/** One cell that differs from the menu: what it is now and what the file says. */
export const menuImportChangeSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  product_id: z.number().int(),
  product_title: z.string(),
  /** The file's column: `titulo`, `precio`, `precio_<sede>`… */
  field: z.string(),
  /** The column in words: "Precio en Campiña". */
  label: z.string(),
  /** As the file writes it: a price in pesos, "" for "the product's price", "sí"/"no". */
  before: z.string(),
  after: z.string(),
});
export type MenuImportChange = z.infer<typeof menuImportChangeSchema>;

export const menuImportSchema = z.object({
  /** What apply must send back: any change to these products since makes it a 409. */
  version: z.string(),
  /** The change log's sentence: "Importó el menú: 12 cambios". */
  summary: z.string(),
  /** Rows read (the header not counted). */
  rows: z.number().int(),
  changes: z.array(menuImportChangeSchema),
  /** "Fila 7: el precio debe ser un número entero de pesos": with any, apply changes nothing. */
  errors: z.array(z.string()),
});
export type MenuImport = z.infer<typeof menuImportSchema>;
