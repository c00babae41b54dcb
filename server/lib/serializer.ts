import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';

/** Writes a value as JSON text. */
type Write = (value: unknown) => string;

/** What a Zod schema's definition holds, as far as writing its values goes. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  checks?: { _zod: { def: { check: string } } }[];
  transform?: unknown;
}
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The JSON of a value that Zod would answer as it is (a literal, an enum's value…). */
const asIs: Write = (v) => JSON.stringify(v) ?? 'null';
/** What JSON escapes in a string: quote, backslash, control characters, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;
const PRIMITIVE = new Set(['string', 'number', 'boolean', 'null', 'enum', 'literal']);

/**
 * A writer made from the answer's Zod schema that writes, for a value that satisfies it, the
 * very text the Zod path writes (`JSON.stringify` of the value encoded through the schema):
 * an object's declared keys in the schema's order, those it does not declare left out,
 * undefined ones skipped, without building the encoded copy first. It is compiled to one
 * function per answer (as Zod and fast-json-stringify compile theirs), so that writing a
 * page of rows is a loop of string concatenations; a string is quoted as it is when nothing
 * in it needs escaping. Whatever it cannot write so (a union of objects, a transform, a date,
 * a string that a check rewrites, such as trim) is written by the Zod path, for that value.
 */
export function writerFor(schema: z.ZodType): Write {
  const helpers: Write[] = [];
  let names = 0;
  const helper = (write: Write) => `H[${helpers.push(write) - 1}]`;
  const zodPath = (s: z.ZodType) => helper((v) => JSON.stringify(z.encode(s, v as never)));

  /** Code that appends the JSON of `v` (a variable) as `s` writes it to `out`. */
  function emit(s: z.ZodType, v: string): string {
    const def = defOf(s);
    if (def.checks?.some((c) => c._zod.def.check === 'overwrite'))
      return `out += ${zodPath(s)}(${v});`;
    const inner = (t: z.ZodType) => emit(t, v);
    switch (def.type) {
      case 'string':
        return `out += typeof ${v} === 'string' && ${v}.length < 5000 && !ESCAPED.test(${v}) ? '"' + ${v} + '"' : A(${v});`;
      case 'number':
        return `out += typeof ${v} === 'number' && Number.isFinite(${v}) ? '' + ${v} : A(${v});`;
      case 'boolean':
        return `out += ${v} === true ? 'true' : ${v} === false ? 'false' : A(${v});`;
      case 'null':
        return `out += 'null';`;
      case 'enum':
      case 'literal':
      case 'unknown':
      case 'any':
        return `out += A(${v});`;
      case 'nullable':
        return `if (${v} === null) out += 'null'; else { ${inner(def.innerType!)} }`;
      case 'optional':
        // Inside an object an undefined key is skipped; in an array JSON writes it as null.
        return `if (${v} === undefined) out += 'null'; else { ${inner(def.innerType!)} }`;
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'nonoptional':
      case 'catch':
        return inner(def.innerType!);
      case 'lazy': {
        let write: Write | undefined;
        return `out += ${helper((x) => (write ??= writerFor(def.getter!()))(x))}(${v});`;
      }
      case 'pipe':
        // A pipe of checks alone (a string, then an e-mail): its JSON is the first schema's.
        return def.transform ||
          defOf(def.in!).type === 'transform' ||
          defOf(def.out!).type === 'transform'
          ? `out += ${zodPath(s)}(${v});`
          : inner(def.in!);
      case 'union':
        // Primitives are answered as they are; a union of objects needs Zod to pick the branch.
        return def.options!.every((o) => PRIMITIVE.has(defOf(o).type))
          ? `out += A(${v});`
          : `out += ${zodPath(s)}(${v});`;
      case 'array': {
        const i = `i${names++}`;
        const item = `v${names++}`;
        return `if (!Array.isArray(${v})) out += ${zodPath(s)}(${v}); else {
          out += '[';
          for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {
            if (${i}) out += ',';
            const ${item} = ${v}[${i}];
            ${emit(def.element!, item)}
          }
          out += ']';
        }`;
      }
      case 'record': {
        const key = `k${names++}`;
        const item = `v${names++}`;
        const sep = `s${names++}`;
        return `if (${v} === null || typeof ${v} !== 'object') out += ${zodPath(s)}(${v}); else {
          out += '{';
          let ${sep} = '';
          for (const ${key} of Object.keys(${v})) {
            const ${item} = ${v}[${key}];
            if (${item} === undefined) continue;
            out += ${sep} + A(${key}) + ':';
            ${sep} = ',';
            ${emit(def.valueType!, item)}
          }
          out += '}';
        }`;
      }
      case 'object': {
        const sep = `s${names++}`;
        const keys = Object.keys(def.shape!);
        const fields = keys.map((k) => {
          const item = `v${names++}`;
          return `const ${item} = ${v}[${JSON.stringify(k)}];
            if (${item} !== undefined) {
              out += ${sep} + ${JSON.stringify(`${JSON.stringify(k)}:`)};
              ${sep} = ',';
              ${emit(def.shape![k]!, item)}
            }`;
        });
        // A loose object's other keys (z.looseObject, catchall) follow, as Zod writes them.
        const others = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : null;
        const declared = new Set(keys);
        const key = `k${names++}`;
        const other = `v${names++}`;
        const rest = others
          ? `for (const ${key} of Object.keys(${v})) {
              const ${other} = ${v}[${key}];
              if (${other} === undefined || ${helper((k) => (declared.has(k as string) ? '1' : ''))}(${key})) continue;
              out += ${sep} + A(${key}) + ':';
              ${sep} = ',';
              ${emit(others, other)}
            }`
          : '';
        return `if (${v} === null || typeof ${v} !== 'object' || Array.isArray(${v})) out += ${zodPath(s)}(${v}); else {
          out += '{';
          let ${sep} = '';
          ${fields.map((f) => `{ ${f} }`).join('\n')}
          ${rest}
          out += '}';
        }`;
      }
      default:
        return `out += ${zodPath(s)}(${v});`;
    }
  }

  const body = emit(schema, 'value');
  // Compiled from the contract's schemas: every name in the code is JSON-quoted.
  const build = new Function(
    'A',
    'ESCAPED',
    'H',
    `return function write(value) { let out = ''; ${body} return out; };`,
  ) as (a: Write, escaped: RegExp, h: Write[]) => Write;
  return build(asIs, ESCAPED, helpers);
}

/** A route's answer schema as the Zod type provider takes it (the schema, or `{ properties }`). */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`an answer schema that is not a Zod schema: ${JSON.stringify(schema)}`);
}

/** Made on first use: a server starts without making the writers of ~200 answers. */
function lazy(make: () => Write): Write {
  let write: Write | undefined;
  return (data) => (write ??= make())(data);
}

/**
 * How answers are written to JSON. In production (`checked: false`) by `writerFor`, from each
 * answer's schema, without parsing the answer through Zod first: the same text at a fraction
 * of the cost. Checked (tests, development): as before, the answer is encoded through its Zod
 * schema (a 500 when it breaks the contract), and what the production writer makes of the same
 * answer must be, byte for byte, the JSON of the encoded one, else a 500 that says where they
 * part: every test call also holds the production writer to the contract.
 */
export function answerSerializer({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema: routeSchema, method, url }) => {
    const schema = zodSchemaOf(routeSchema);
    const production = lazy(() => writerFor(schema));
    const contract: Write = (data) => {
      const result = safeEncode(schema as unknown as $ZodType, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    if (!checked)
      return (data) => {
        try {
          return production(data);
        } catch {
          // An answer the writer cannot take is one Zod refuses: its error names the field.
          return contract(data);
        }
      };
    return (data) => {
      const expected = contract(data);
      const written = production(data);
      if (written !== expected) {
        // Where they part, not what they hold: an answer may carry a token.
        let at = 0;
        while (at < expected.length && written[at] === expected[at]) at++;
        throw new Error(
          `${method} ${url}: the production writer's JSON differs from the contract's at character ${at} (${written.length} and ${expected.length} characters)`,
        );
      }
      return expected;
    };
  };
}
