import fc from 'fast-check';
import type { World } from './authorization-world';
import type { DocumentedOperation, JsonSchema } from './openapi';

// fast-check arbitraries for requests to any documented operation: mostly shaped like what the
// operation documents (so they get past the first check and reach the services), with junk,
// hostile text and broken encodings mixed in at every level.

/** Single characters that break naive code: NUL, bidi overrides, BOM, combining marks, quotes, SQL wildcards, markup, a lone surrogate. */
const hostileCharacters = [
  '\u0000',
  '\u0007',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\u200d',
  '\u0301',
  '\ud800',
  '\uffff',
  '😀',
  '👩‍💻',
  '𝔘',
  'ß',
  'İ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '`',
  '<',
  '>',
  '&',
  ';',
  ' ',
  '\n',
  '\r',
  '\t',
  '\u2028',
  '\u00a0',
];

const textUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileCharacters) },
);

/** Any text, hostile characters included. */
export function hostileText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ unit: textUnit, minLength: constraints.minLength ?? 0, maxLength: constraints.maxLength ?? 40 });
}

/** A JSON value of any shape. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  hostileText(),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', [], {}, [null], {
    '': '',
  }),
);

/** Every id the world holds, as generated ids should often name something real. */
export function worldIds(w: World): string[] {
  return [
    ...Object.values(w.users).map((user) => user.id),
    w.invitee.user.id,
    w.submission.id,
    w.publicTutor.id,
    w.reviewedTutor.id,
    w.review.id,
    w.hiddenReview.id,
    w.appeal.id,
    w.deletedReview.id,
    w.ownTutor.id,
    w.respondedReview.id,
    w.pendingClaim.id,
    w.approvedClaim.id,
    w.notification.id,
  ];
}

function uuidValue(w: World): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...worldIds(w)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
  );
}

function emailValue(w: World): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      ...Object.values(w.users).map((user) => user.email),
      w.freshEmail,
      w.freshEmail.toUpperCase(),
      ` ${w.freshEmail} `,
    ),
    fc.emailAddress(),
    hostileText({ maxLength: 20 }).map((local) => `${local}@uni.example`),
  );
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function stringValue(schema: JsonSchema, w: World): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return uuidValue(w);
  if (schema.format === 'email' || schema.maxLength === 254) return emailValue(w);
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: hostileText({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '   \t ') },
    // What PostgreSQL cannot store (NUL, half a surrogate pair): refused, never failing in the database.
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileText({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud83d', '\ude00'))
        .map(([text, bad]) => `${text}${bad}${text}`),
    },
  ];
  if (schema.maxLength !== undefined) {
    // Around the documented limit, which counts UTF-16 code units.
    const limit = schema.maxLength;
    choices.push({
      weight: 1,
      arbitrary: fc.integer({ min: Math.max(0, limit - 1), max: limit + 2 }).map((n) => 'é'.repeat(n)),
    });
    choices.push({ weight: 1, arbitrary: fc.constant('😀'.repeat(Math.ceil(limit / 2) + 1)) });
  }
  if (schema.pattern) {
    // The image key is the only pattern naming a record: offer the world's picture too.
    if (schema.pattern.includes('[0-9a-f]{64}')) choices.push({ weight: 3, arbitrary: fc.constant(w.imageKey) });
    choices.push({ weight: 3, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) });
  }
  return fc.oneof(...choices);
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }) },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 0, -1, 2 ** 31, 2 ** 53 + 1, 1e300) },
    { weight: integer ? 1 : 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

/** A value shaped after the schema, each part now and then replaced by any JSON at all. */
export function valueOf(schema: JsonSchema | undefined, w: World, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  return fc.oneof({ weight: 12, arbitrary: shapedValue(schema, w, depth) }, { weight: 1, arbitrary: anyJson });
}

function shapedValue(schema: JsonSchema, w: World, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueOf(alternative, w, depth + 1)));
  if (schema.allOf?.length) return valueOf(Object.assign({}, ...schema.allOf) as JsonSchema, w, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  const shapes: fc.Arbitrary<unknown>[] = [];
  if (schema.nullable || types.includes('null')) shapes.push(fc.constant(null));
  for (const type of types) {
    if (type === 'string') shapes.push(stringValue(schema, w));
    else if (type === 'integer') shapes.push(numberValue(schema, true));
    else if (type === 'number') shapes.push(numberValue(schema, false));
    else if (type === 'boolean') shapes.push(fc.boolean());
    else if (type === 'array') {
      const items = fc.array(valueOf(schema.items, w, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
      // One over the documented count, too.
      const overCount = fc.constant(Array.from({ length: (schema.maxItems ?? 0) + 1 }, (_, i) => `item ${i}`));
      shapes.push(
        schema.maxItems === undefined
          ? items
          : fc.oneof({ weight: 4, arbitrary: items }, { weight: 1, arbitrary: overCount }),
      );
    } else if (type === 'object') shapes.push(objectValue(schema, w, depth));
  }
  return shapes.length > 0 ? fc.oneof(...shapes) : anyJson;
}

/** A key no documented schema uses. */
export const unknownKey = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).map((key) => `x-${key}`);

function objectValue(schema: JsonSchema, w: World, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueOf(property, w, depth + 1)]),
  );
  const required = (schema.required ?? []).filter((name) => name in properties);
  // Mostly every required field (and some optional ones), sometimes any subset.
  const known = fc.oneof(
    { weight: 3, arbitrary: fc.record(fields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
  const extras = fc.dictionary(
    fc.oneof(unknownKey, fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role')),
    anyJson,
    { maxKeys: 2 },
  );
  return (
    fc
      .tuple(known, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }))
      // Without a prototype, so "__proto__" stays an ordinary key and reaches the JSON.
      .map(([documented, extra]) => Object.assign(Object.create(null) as Record<string, unknown>, extra, documented))
  );
}

/** A known-good value, with one field replaced, one removed, or a field added. */
export function mutated(valid: unknown, w: World): fc.Arbitrary<unknown> {
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return fc.constant(valid);
  const record = valid as Record<string, unknown>;
  const keys = Object.keys(record);
  const variants: fc.Arbitrary<unknown>[] = [fc.constant(record)];
  if (keys.length > 0) {
    variants.push(fc.tuple(fc.constantFrom(...keys), anyJson).map(([key, value]) => ({ ...record, [key]: value })));
    variants.push(
      fc
        .tuple(fc.constantFrom(...keys), hostileText({ maxLength: 30 }))
        .map(([key, value]) => ({ ...record, [key]: value })),
    );
    variants.push(
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
    );
  }
  variants.push(fc.tuple(unknownKey, anyJson).map(([key, value]) => ({ ...record, [key]: value })));
  variants.push(uuidValue(w).map((id) => ({ ...record, tutorId: id })));
  return fc.oneof(...variants);
}

export type GeneratedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** Bytes sent as they are, under any content type: malformed JSON, other formats. */
  | { kind: 'raw'; payload: string | Buffer; contentType: string };

const rawBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  fc
    .string({ maxLength: 40 })
    .map((payload): GeneratedBody => ({ kind: 'raw', payload, contentType: 'application/json' })),
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[',
      'null',
      '""',
      '1e400',
      '{"a":1,"a":2}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"name":"\\ud800"}',
      '{"name":"\\u0000"}',
      '\ufeff{}',
    )
    .map((payload): GeneratedBody => ({ kind: 'raw', payload, contentType: 'application/json' })),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes): GeneratedBody => ({ kind: 'raw', payload: Buffer.from(bytes), contentType: 'application/json' })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'application/json; charset=utf-16',
        'multipart/form-data',
        'x/y; a="',
        '',
      ),
      fc.string({ maxLength: 40 }),
    )
    .map(([contentType, payload]): GeneratedBody => ({ kind: 'raw', payload, contentType })),
);

/** A body for the operation: shaped after its schema, a mutation of a known-good one, any JSON, or raw bytes. */
export function bodyFor(operation: DocumentedOperation, w: World, validBody: unknown): fc.Arbitrary<GeneratedBody> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): GeneratedBody => ({ kind: 'json', value: v }));
  if (!operation.jsonBody) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<GeneratedBody>({ kind: 'none' }) },
      { weight: 1, arbitrary: json(anyJson) },
      { weight: 1, arbitrary: rawBody },
    );
  }
  const choices: fc.WeightedArbitrary<GeneratedBody>[] = [
    { weight: 4, arbitrary: json(valueOf(operation.jsonBody, w)) },
    { weight: 1, arbitrary: json(anyJson) },
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant<GeneratedBody>({ kind: 'none' }) },
  ];
  if (validBody !== undefined) choices.push({ weight: 4, arbitrary: json(mutated(validBody, w)) });
  return fc.oneof(...choices);
}

/** Lone surrogates replaced, as encodeURIComponent refuses them (String.prototype.toWellFormed, before ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function percentEncodedBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
}

/** A path segment, already encoded: real ids, other ids, any text, bytes that are not UTF-8, dot segments, very long ones. */
export function pathSegment(w: World): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: uuidValue(w) },
    {
      weight: 2,
      arbitrary: hostileText({ minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(wellFormed(text))),
    },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }).map(percentEncodedBytes) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2F',
        '%00',
        'null',
        'undefined',
        '0',
        '-1',
        '1e309',
        '00000000-0000-0000-0000-000000000000',
        '%20',
        '*',
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n)) },
  );
}

function queryValue(schema: JsonSchema | undefined, w: World): fc.Arbitrary<string> {
  const shaped: fc.Arbitrary<string>[] = [
    hostileText({ maxLength: 30 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1.5',
      '1e3',
      'NaN',
      'Infinity',
      '99999999999999999999',
      'true',
      'false',
      'null',
    ),
  ];
  if (schema?.enum) shaped.push(fc.constantFrom(...schema.enum.map(String)));
  if (schema?.type === 'integer')
    shaped.push(fc.integer({ min: -5, max: (schema.maximum as number | undefined) ?? 100 }).map(String));
  if (schema?.format === 'uuid') shaped.push(uuidValue(w));
  if (schema?.maxLength !== undefined) shaped.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  return fc.oneof(...shaped);
}

/** A query string (without the '?'), already encoded: the documented parameters, repeated ones, unknown ones, undecodable bytes. */
export function queryFor(operation: DocumentedOperation, w: World): fc.Arbitrary<string> {
  const pair = (name: fc.Arbitrary<string>, value: fc.Arbitrary<string>) =>
    fc.tuple(name, value).map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`);
  const documented = operation.queryParams.map((parameter) =>
    pair(fc.constant(parameter.name), queryValue(parameter.schema, w)),
  );
  const parts: fc.Arbitrary<string>[] = [
    ...documented,
    pair(unknownKey, hostileText({ maxLength: 20 })),
    fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => `q=${percentEncodedBytes(bytes)}`),
    fc.constantFrom('=', '&&', 'page', 'page=', '%', 'a[b]=c', 'a[]=1&a[]=2'),
  ];
  return fc.array(fc.oneof(...parts), { maxLength: documented.length + 2 }).map((pairs) => pairs.join('&'));
}
