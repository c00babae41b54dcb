import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

/**
 * Inputs from an OpenAPI 3.2 document's schemas (JSON Schema 2020-12): fast-check
 * arbitraries of values the schema accepts, and values it refuses, for the conformance test.
 * Only the keywords such documents use are read; a value is always checked against the schema
 * itself (ajv), so a keyword this file does not know can only make generation slower, never
 * let an input through that the document refuses.
 */

export type JsonSchema = { [keyword: string]: any };

/** What an input to one operation is made of, as the document describes it. */
export interface Shape {
  path: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body?: JsonSchema;
}

export interface Input {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

const options = { strict: false, allErrors: true, multipleOfPrecision: 9 } as const;
/** Answers and bodies: JSON as sent. */
export const ajv = addFormats(new Ajv2020(options));
/** Path and query parameters: text, read as the schema's type (as the server's coercion does). */
const ajvText = addFormats(new Ajv2020({ ...options, coerceTypes: true }));

const compiled = new WeakMap<object, ValidateFunction>();
const compiledText = new WeakMap<object, ValidateFunction>();
export function validator(schema: JsonSchema, text = false): ValidateFunction {
  const cache = text ? compiledText : compiled;
  let validate = cache.get(schema);
  if (!validate) {
    validate = (text ? ajvText : ajv).compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** Whether a parameter's value, sent as text, is one the schema accepts. */
const acceptsText = (schema: JsonSchema, value: string) => validator(schema, true)(value);

/** Why `input` does not match the document, or [] when it does. */
export function problemsOf(shape: Shape, input: Input): string[] {
  const problems: string[] = [];
  for (const p of shape.path) {
    const value = input.path[p.name];
    if (value === undefined || !acceptsText(p.schema, String(value)))
      problems.push(`path ${p.name} = ${JSON.stringify(value)}`);
  }
  for (const p of shape.query) {
    const value = input.query[p.name];
    if (value === undefined) {
      if (p.required) problems.push(`query ${p.name} is missing`);
    } else if (!acceptsText(p.schema, String(value)))
      problems.push(`query ${p.name} = ${JSON.stringify(value)}`);
  }
  if (shape.body) {
    const validate = validator(shape.body);
    if (!validate(input.body)) problems.push(`body: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

/** One character: mostly printable ASCII, some of the rest of Unicode's first plane, NUL. */
const char = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 12 },
  { arbitrary: fc.constantFrom('é', '₹', '中', 'ß', 'ü', '\t', '\n', '\u00a0'), weight: 3 },
  { arbitrary: fc.constant('\u0000'), weight: 1 },
);
/** Text of `min` to `max` characters, now and then exactly `max`. */
const text = (min: number, max: number) =>
  fc.oneof(
    { arbitrary: fc.string({ unit: char, minLength: min, maxLength: max }), weight: 4 },
    { arbitrary: fc.string({ unit: char, minLength: max, maxLength: max }), weight: 1 },
  );

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

function numbers(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const step: number = schema.multipleOf ?? (integer ? 1 : 0);
  const lowest = Math.max(
    schema.minimum ?? -1e15,
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (step || 1e-9) : -1e15,
  );
  const highest = Math.min(
    schema.maximum ?? 1e15,
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (step || 1e-9) : 1e15,
  );
  if (!step) return fc.double({ min: lowest, max: highest, noNaN: true });
  const from = Math.ceil(lowest / step);
  const to = Math.floor(highest / step);
  const decimals = decimalsOf(step);
  return fc
    .oneof(
      { arbitrary: fc.integer({ min: from, max: Math.min(to, from + 100_000) }), weight: 3 },
      { arbitrary: fc.integer({ min: from, max: to }), weight: 2 },
      { arbitrary: fc.constantFrom(from, to), weight: 1 },
    )
    .map((k) => Number((k * step).toFixed(decimals)));
}

/** An e-mail field: the contract's one rule is a pattern (with an @), not `format: email`. */
const isEmail = (schema: JsonSchema) =>
  schema.format === 'email' || String(schema.pattern ?? '').includes('@');

/**
 * Each string rule's arbitrary, made once: choosing how to generate a pattern samples text
 * against it, ~60 ms for a uuid's, and the document repeats its rules in every operation.
 */
const stringsByRule = new Map<string, fc.Arbitrary<string>>();

function strings(schema: JsonSchema): fc.Arbitrary<string> {
  const rule = JSON.stringify([schema.format, schema.pattern, schema.minLength, schema.maxLength]);
  let arbitrary = stringsByRule.get(rule);
  if (!arbitrary) stringsByRule.set(rule, (arbitrary = newStrings(schema)));
  return arbitrary;
}

function newStrings(schema: JsonSchema): fc.Arbitrary<string> {
  const min: number = schema.minLength ?? 0;
  const max: number = Math.min(schema.maxLength ?? 60, 400);
  if (isEmail(schema)) {
    const tame = fc
      .tuple(
        fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,6})?$/),
        fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/),
        fc.constantFrom('com', 'in', 'co.in', 'org', 'example'),
      )
      .map(([local, host, top]) => `${local}@${host}.${top}`);
    return schema.pattern
      ? fc.oneof(tame, fc.stringMatching(new RegExp(schema.pattern, 'u')))
      : tame;
  }
  if (!schema.pattern) return text(min, max);
  const pattern = new RegExp(schema.pattern, 'u');
  // A pattern most text matches (no NUL, not blank) filters text; any other is generated.
  const sample = fc.sample(text(min, max), { numRuns: 40, seed: 1 });
  if (sample.filter((s) => pattern.test(s)).length >= 10)
    return text(min, max).filter((s) => pattern.test(s));
  return fc.stringMatching(pattern);
}

function objects(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  return fc.record(
    Object.fromEntries(properties.map(([name, property]) => [name, arbitraryOf(property)])),
    { requiredKeys: schema.required ?? [] },
  );
}

function unfiltered(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return fc.oneof(...branches.map((branch) => arbitraryOf(branch)));
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => unfiltered({ ...schema, type })));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numbers(schema, true);
    case 'number':
      return numbers(schema, false);
    case 'string':
      return strings(schema);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}), { maxLength: 3 });
    case 'object':
      return objects(schema);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Values `schema` accepts. */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const validate = validator(schema);
  return unfiltered(schema).filter((value) => validate(value));
}

/** Inputs the document accepts: every path parameter, some query parameters, a body. */
export function inputsOf(shape: Shape): fc.Arbitrary<Input> {
  const path = fc.record(
    Object.fromEntries(shape.path.map((p) => [p.name, arbitraryOf(p.schema)])),
  );
  const query = fc.record(
    Object.fromEntries(shape.query.map((p) => [p.name, arbitraryOf(p.schema)])),
    { requiredKeys: shape.query.filter((p) => p.required).map((p) => p.name) },
  );
  return fc.record({
    path,
    query,
    body: shape.body ? arbitraryOf(shape.body) : fc.constant(undefined),
  }) as fc.Arbitrary<Input>;
}

/** A value `schema` refuses, and why. */
interface Bad {
  value: unknown;
  why: string;
}

/** Values breaking each rule of `schema`: its type, bounds, lengths, pattern, format, enum. */
function badValues(schema: JsonSchema, asText: boolean): Bad[] {
  const branches: JsonSchema[] = schema.anyOf ?? [schema];
  const types = branches.flatMap(typesOf);
  const bad: Bad[] = [];
  if (!types.includes('string')) bad.push({ value: 'text', why: `not ${types.join(' or ')}` });
  if (!types.some((t) => t === 'number' || t === 'integer'))
    bad.push({ value: 12345, why: 'a number' });
  if (!types.includes('object')) bad.push({ value: { a: 1 }, why: 'an object' });
  for (const branch of branches) {
    if (Array.isArray(branch.enum)) bad.push({ value: 'none-of-these', why: 'not in the enum' });
    if (typesOf(branch).includes('string')) {
      const { minLength, maxLength, pattern, format } = branch;
      if (maxLength !== undefined)
        bad.push({ value: 'x'.repeat(maxLength + 1), why: `over ${maxLength} characters` });
      if (minLength) bad.push({ value: '', why: 'empty' });
      if (pattern) {
        const re = new RegExp(pattern, 'u');
        const breaking = ['x', 'not valid!', ' ', 'a\u0000b']
          .filter((s) => !re.test(s) && s.length >= (minLength ?? 0))
          .slice(0, 2);
        for (const value of breaking) bad.push({ value, why: `not matching ${pattern}` });
      }
      if (isEmail(branch)) bad.push({ value: 'name.example.com', why: 'not an e-mail' });
      if (format === 'date') bad.push({ value: '2026-02-30', why: 'not a real date' });
      if (format === 'uuid') bad.push({ value: 'not-a-uuid', why: 'not a UUID' });
    }
    if (typesOf(branch).some((t) => t === 'number' || t === 'integer')) {
      const { minimum, maximum, exclusiveMinimum, multipleOf } = branch;
      if (maximum !== undefined) bad.push({ value: maximum * 10 + 1, why: `over ${maximum}` });
      if (minimum !== undefined) bad.push({ value: minimum - 1, why: `under ${minimum}` });
      if (exclusiveMinimum !== undefined)
        bad.push({ value: exclusiveMinimum, why: `not over ${exclusiveMinimum}` });
      if (multipleOf !== undefined)
        bad.push({ value: 1 + multipleOf / 10, why: `not a multiple of ${multipleOf}` });
      if (typesOf(branch).includes('integer')) bad.push({ value: 1.5, why: 'not whole' });
    }
  }
  return bad
    .map((b) =>
      asText ? { ...b, value: typeof b.value === 'object' ? '{}' : String(b.value) } : b,
    )
    .filter((b) =>
      asText ? !acceptsText(schema, b.value as string) : !validator(schema)(b.value),
    );
}

/** One way of breaking an input the document accepts. */
export interface Breakage {
  what: string;
  apply(input: Input): Input;
}

const copy = (input: Input): Input => structuredClone(input);

/** Every way of breaking one rule of the document's schemas for this operation's input. */
export function breakagesOf(shape: Shape): Breakage[] {
  const out: Breakage[] = [];
  const body = shape.body;
  if (body) {
    for (const value of [[], 'text', 42])
      out.push({
        what: `the body is ${JSON.stringify(value)}`,
        apply: (i) => ({ ...i, body: value }),
      });
    for (const name of (body.required ?? []) as string[])
      out.push({
        what: `body.${name} is missing`,
        apply: (i) => {
          const next = copy(i);
          delete (next.body as Record<string, unknown>)[name];
          return next;
        },
      });
    for (const [name, schema] of Object.entries(
      (body.properties ?? {}) as Record<string, JsonSchema>,
    ))
      for (const { value, why } of badValues(schema, false))
        out.push({
          what: `body.${name} is ${JSON.stringify(value).slice(0, 40)} (${why})`,
          apply: (i) => {
            const next = copy(i);
            (next.body as Record<string, unknown>)[name] = value;
            return next;
          },
        });
  }
  for (const p of shape.query) {
    if (p.required)
      out.push({
        what: `query ${p.name} is missing`,
        apply: (i) => {
          const next = copy(i);
          delete next.query[p.name];
          return next;
        },
      });
    for (const { value, why } of badValues(p.schema, true))
      out.push({
        what: `query ${p.name} is ${JSON.stringify(value).slice(0, 40)} (${why})`,
        apply: (i) => ({ ...copy(i), query: { ...i.query, [p.name]: value } }),
      });
  }
  for (const p of shape.path)
    for (const { value, why } of badValues(p.schema, true))
      out.push({
        what: `path ${p.name} is ${JSON.stringify(value).slice(0, 40)} (${why})`,
        apply: (i) => ({ ...copy(i), path: { ...i.path, [p.name]: value } }),
      });
  return out;
}
