/**
 * A contract pattern (contract/rules.ts) as an input's `pattern` attribute. The browser
 * anchors the attribute itself and compiles it with the `v` flag, where a '-' that ends a
 * character class must be escaped: /^\+?[0-9][0-9 -]{6,18}$/ → '\+?[0-9][0-9 \-]{6,18}'.
 */
export const inputPattern = (pattern: RegExp): string =>
  pattern.source
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/([^\\])-\]/g, '$1\\-]');
