import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';

/** Writes a value as JSON text. */
type Write = (value: unknown) => string;
/** Gives the value that JSON.stringify writes as a schema's JSON. */
type Project = (value: unknown) => unknown;

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

const PRIMITIVE = new Set(['string', 'number', 'boolean', 'null', 'enum', 'literal']);
/** Keys an object literal would not keep in its written order (array indexes), or at all. */
const UNORDERED_KEY = /^(?:0|[1-9]\d*)$|^__proto__$/;

/**
 * A writer made from the answer's Zod schema that writes, for a value that satisfies it, the
 * very text the Zod path writes (`JSON.stringify` of the value encoded through the schema):
 * an object's declared keys in the schema's order, those it does not declare left out,
 * undefined ones skipped. It is compiled to one function per answer (as Zod and
 * fast-json-stringify compile theirs) that copies the answer into plain objects and arrays of
 * the schema's keys, in its order, values as they are (JSON writes a primitive as Zod's
 * encoding leaves it), and JSON.stringify writes that copy: one pass of V8's own writer, a
 * flat string, instead of Zod's parse and encode. Whatever it cannot copy so (a union of
 * objects, a transform, a date, a string that a check rewrites, such as trim) is encoded by
 * Zod, for that value, inside the copy.
 */
export function writerFor(schema: z.ZodType): Write {
  const project = projectorFor(schema);
  return (value) => JSON.stringify(project(value)) ?? 'null';
}

/** The copy of a value that writerFor writes (see there). */
function projectorFor(schema: z.ZodType): Project {
  const helpers: Project[] = [];
  let names = 0;
  const helper = (project: Project) => `H[${helpers.push(project) - 1}]`;
  const zodPath = (s: z.ZodType) => helper((v) => z.encode(s, v as never));

  /** Code that sets `to` (a variable) to the copy of `v` (a variable) as `s` writes it. */
  function emit(s: z.ZodType, v: string, to: string): string {
    const def = defOf(s);
    if (def.checks?.some((c) => c._zod.def.check === 'overwrite'))
      return `${to} = ${zodPath(s)}(${v});`;
    const inner = (t: z.ZodType) => emit(t, v, to);
    switch (def.type) {
      // JSON writes these as Zod's encoding leaves them: as they are.
      case 'string':
      case 'number':
      case 'boolean':
      case 'enum':
      case 'literal':
      case 'unknown':
      case 'any':
        return `${to} = ${v};`;
      case 'null':
        return `${to} = null;`;
      case 'nullable':
        return `if (${v} === null) ${to} = null; else { ${inner(def.innerType!)} }`;
      case 'optional':
        // Inside an object an undefined key is skipped; in an array JSON writes it as null.
        return `if (${v} === undefined) ${to} = null; else { ${inner(def.innerType!)} }`;
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'nonoptional':
      case 'catch':
        return inner(def.innerType!);
      case 'lazy': {
        let project: Project | undefined;
        return `${to} = ${helper((x) => (project ??= projectorFor(def.getter!()))(x))}(${v});`;
      }
      case 'pipe':
        // A pipe of checks alone (a string, then an e-mail): its JSON is the first schema's.
        return def.transform ||
          defOf(def.in!).type === 'transform' ||
          defOf(def.out!).type === 'transform'
          ? `${to} = ${zodPath(s)}(${v});`
          : inner(def.in!);
      case 'union':
        // Primitives are answered as they are; a union of objects needs Zod to pick the branch.
        return def.options!.every((o) => PRIMITIVE.has(defOf(o).type))
          ? `${to} = ${v};`
          : `${to} = ${zodPath(s)}(${v});`;
      case 'array': {
        const [i, item, copy, list] = [`i${names++}`, `v${names++}`, `c${names++}`, `a${names++}`];
        return `if (!Array.isArray(${v})) ${to} = ${zodPath(s)}(${v}); else {
          const ${list} = new Array(${v}.length);
          for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {
            const ${item} = ${v}[${i}];
            let ${copy};
            ${emit(def.element!, item, copy)}
            ${list}[${i}] = ${copy};
          }
          ${to} = ${list};
        }`;
      }
      case 'record': {
        const [key, item, copy, record] = [
          `k${names++}`,
          `v${names++}`,
          `c${names++}`,
          `r${names++}`,
        ];
        return `if (${v} === null || typeof ${v} !== 'object') ${to} = ${zodPath(s)}(${v}); else {
          const ${record} = {};
          for (const ${key} of Object.keys(${v})) {
            const ${item} = ${v}[${key}];
            if (${item} === undefined) continue;
            let ${copy};
            ${emit(def.valueType!, item, copy)}
            D(${record}, ${key}, ${copy});
          }
          ${to} = ${record};
        }`;
      }
      case 'object': {
        const keys = Object.keys(def.shape!);
        // An object literal keeps its keys in the order written, except these.
        if (keys.some((k) => UNORDERED_KEY.test(k))) return `${to} = ${zodPath(s)}(${v});`;
        const copies = keys.map(() => `c${names++}`);
        const fields = keys.map((k, n) => {
          const item = `v${names++}`;
          return `const ${item} = ${v}[${JSON.stringify(k)}];
            if (${item} !== undefined) { ${emit(def.shape![k]!, item, copies[n]!)} }`;
        });
        const copy = `o${names++}`;
        // A loose object's other keys (z.looseObject, catchall) follow, as Zod writes them.
        const others = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : null;
        const declared = new Set(keys);
        const [key, other, otherCopy] = [`k${names++}`, `v${names++}`, `c${names++}`];
        const rest = others
          ? `for (const ${key} of Object.keys(${v})) {
              const ${other} = ${v}[${key}];
              if (${other} === undefined || ${helper((k) => declared.has(k as string))}(${key})) continue;
              let ${otherCopy};
              ${emit(others, other, otherCopy)}
              D(${copy}, ${key}, ${otherCopy});
            }`
          : '';
        // An undefined key (left undefined) is one JSON.stringify leaves out.
        return `if (${v} === null || typeof ${v} !== 'object' || Array.isArray(${v})) ${to} = ${zodPath(s)}(${v}); else {
          ${copies.map((c) => `let ${c};`).join(' ')}
          ${fields.map((f) => `{ ${f} }`).join('\n')}
          const ${copy} = { ${keys.map((k, n) => `${JSON.stringify(k)}: ${copies[n]}`).join(', ')} };
          ${rest}
          ${to} = ${copy};
        }`;
      }
      default:
        return `${to} = ${zodPath(s)}(${v});`;
    }
  }

  const body = emit(schema, 'value', 'copy');
  // Compiled from the contract's schemas: every name in the code is JSON-quoted.
  const build = new Function(
    'H',
    'D',
    `return function project(value) { let copy; ${body} return copy; };`,
  ) as (h: Project[], define: typeof defineKey) => Project;
  return build(helpers, defineKey);
}

/** Sets a key an answer brings (a record's, a loose object's), `__proto__` as a key too. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
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
