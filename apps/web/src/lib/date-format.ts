/**
 * A Spanish (es-CO) date format, made on its first use. The browser's first `Intl.DateTimeFormat`
 * loads the locale's calendar data: 120-190 ms on a phone-speed CPU (Lighthouse's 4× throttle),
 * paid at once if a module makes one as it is evaluated. Shared chunks carry such formats to
 * screens that never show a date (a refund's day rode into /menu's first load with the cart's
 * code), so a format is only a recipe until something is formatted with it.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): {
  format: (date: Date | number) => string;
} {
  let made: Intl.DateTimeFormat | undefined;
  return {
    format: (date) => (made ??= new Intl.DateTimeFormat('es-CO', options)).format(date),
  };
}
