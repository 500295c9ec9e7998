// Our own small ESC/POS encoder (decision 071): what an Epson TM-T20/T88 and its clones read on
// TCP port 9100. Only what a kitchen ticket needs: reset, code page, bold, double size,
// alignment, text wrapped to the paper's columns, feed and cut. Text is encoded to the printer's
// code page here (cp858 or cp850, both DOS Latin-1: ñ á é í ó ú ü ¿ ¡), so the printer never
// guesses; what the code page lacks is folded to its plain letter or `?`.
import type { PrinterCodePage } from '@comanda/shared';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

/** Bytes 0x80–0xFF of code page 850 (IBM/DOS Latin-1); 858 is the same with `€` at 0xD5. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

/** Each code page: its 128 upper characters and its number for `ESC t n` (Epson's table). */
export const CODE_PAGES: Record<PrinterCodePage, { high: string; select: number }> = {
  cp850: { high: CP850_HIGH, select: 2 },
  cp858: { high: `${CP850_HIGH.slice(0, 0x55)}€${CP850_HIGH.slice(0x56)}`, select: 19 },
};

const encoders = new Map<PrinterCodePage, Map<string, number>>();

function encoderOf(codePage: PrinterCodePage): Map<string, number> {
  let table = encoders.get(codePage);
  if (!table) {
    table = new Map([...CODE_PAGES[codePage].high].map((char, index) => [char, 0x80 + index]));
    encoders.set(codePage, table);
  }
  return table;
}

/** Typography a keyboard or a phone writes that no DOS code page has. */
const LOOKALIKES: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '•': '·',
  '€': 'EUR',
};

/** One character as bytes of the code page: itself, its plain letter (ã → a), a lookalike, or `?`. */
function encodeChar(char: string, table: Map<string, number>): number[] {
  const code = char.codePointAt(0)!;
  if (code >= 0x20 && code < 0x7f) return [code];
  const mapped = table.get(char);
  if (mapped !== undefined) return [mapped];
  // Control characters never reach the printer: one would be a command to it (a drawer kick).
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return [];
  const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
  if (plain !== char && plain.length > 0) return [...plain].flatMap((c) => encodeChar(c, table));
  const lookalike = LOOKALIKES[char];
  if (lookalike) return [...lookalike].flatMap((c) => encodeChar(c, table));
  return [0x3f];
}

/** Text as the code page's bytes: one byte per character it has. */
export function encodeText(text: string, codePage: PrinterCodePage): number[] {
  const table = encoderOf(codePage);
  return [...text].flatMap((char) => encodeChar(char, table));
}

/**
 * `text` cut into lines of at most `width` characters, at spaces where it can be (a word longer
 * than a line is split). Line breaks in the text are kept; runs of spaces are one.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while ([...word].length > width) {
        if (line) lines.push(line);
        line = '';
        lines.push([...word].slice(0, width).join(''));
        word = [...word].slice(width).join('');
      }
      const next = line ? `${line} ${word}` : word;
      if ([...next].length <= width) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** One block of a ticket: wrapped text, a line with an amount at its right, or a rule. */
export type TicketBlock =
  | { text: string; bold?: boolean; big?: boolean; center?: boolean; indent?: number }
  | { left: string; right: string; bold?: boolean }
  | { rule: true }
  | { feed: number };

/** The paper: characters per line at font A (48 on 80 mm, 32 on 58 mm) and the code page. */
export interface Paper {
  columns: number;
  codePage: PrinterCodePage;
}

export const columnsFor = (widthMm: number) => (widthMm === 58 ? 32 : 48);

/** `ESC E n`, `GS ! n`, `ESC a n`: bold, size (double width and height), alignment. */
const style = (bold: boolean, big: boolean, center: boolean) => [
  ESC,
  0x45,
  bold ? 1 : 0,
  GS,
  0x21,
  big ? 0x11 : 0x00,
  ESC,
  0x61,
  center ? 1 : 0,
];

/** A left text and a right amount on one line (the left wrapped when it does not fit beside it). */
function pairLines(left: string, right: string, columns: number): string[] {
  const room = Math.max(1, columns - [...right].length - 1);
  const lines = wrap(left, room);
  const last = lines.at(-1)!;
  const gap = columns - [...last].length - [...right].length;
  if (gap >= 1) lines[lines.length - 1] = `${last}${' '.repeat(gap)}${right}`;
  else lines.push(`${' '.repeat(Math.max(0, columns - [...right].length))}${right}`);
  return lines;
}

function blockBytes(block: TicketBlock, { columns, codePage }: Paper): number[] {
  const line = (text: string) => [...encodeText(text, codePage), LF];
  if ('rule' in block) return [...style(false, false, false), ...line('-'.repeat(columns))];
  if ('feed' in block) return [ESC, 0x64, block.feed];
  if ('left' in block)
    return [
      ...style(block.bold ?? false, false, false),
      ...pairLines(block.left, block.right, columns).flatMap(line),
    ];
  const big = block.big ?? false;
  // Double width halves the characters a line holds.
  const width = (big ? Math.floor(columns / 2) : columns) - (block.indent ?? 0);
  const pad = ' '.repeat(block.indent ?? 0);
  return [
    ...style(block.bold ?? false, big, block.center ?? false),
    ...wrap(block.text, width).flatMap((text) => line(`${pad}${text}`)),
  ];
}

/**
 * A ticket as the bytes a printer takes: reset (`ESC @`), the code page (`ESC t n`), the blocks,
 * then a feed past the cutter and a partial cut (`GS V 66 n`, feed n lines and cut).
 */
export function encodeTicket(blocks: readonly TicketBlock[], paper: Paper): Buffer {
  const bytes = [
    ESC,
    0x40,
    ESC,
    0x74,
    CODE_PAGES[paper.codePage].select,
    ...blocks.flatMap((block) => blockBytes(block, paper)),
    ...style(false, false, false),
    GS,
    0x56,
    66,
    3,
  ];
  return Buffer.from(bytes);
}
