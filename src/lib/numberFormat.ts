/**
 * An Indian-English number format, made on its first use rather than when its module loads: the
 * first Intl call of a page loads the browser's locale data, which the page has a worker load
 * off the main thread first (src/api/timeZone.ts).
 */
export function numberFormat(options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => (format ??= new Intl.NumberFormat('en-IN', options)).format(value);
}
