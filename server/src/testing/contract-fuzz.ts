// Bad requests generated from openapi/openapi.yaml for the contract fuzz test (issue 9): for every
// operation, a plausible valid request is sampled from its schemas and then broken one way at a
// time — wrong types, missing fields, 1 MB strings, control characters, __proto__, huge and
// non-finite numbers, bodies in content types the operation does not take, broken multipart.
// Deterministic (no randomness), so a failure names a request that fails again on the next run.
import { loadContract } from '../plugins/app/openapi-routes';

type Schema = Record<string, any>;

export interface FuzzRequest {
  operationId: string;
  /** What was broken, for the failure report. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** False sends no token (the access guard must answer in the envelope too). */
  signedIn: boolean;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  path: string;
  /** Media types of a 200 answer that are not the JSON envelope (downloads). */
  binaryAnswers: string[];
}

export interface SampleIds {
  recordId: string;
  meetingId: string;
}

const MB_STRING = 'x'.repeat(1_000_000);
const CONTROL = '\u0000\u0001\u0007\u001b[31m\u007f\r\n\t\u2028\ud800';
// URLs cannot carry a lone surrogate (encodeURIComponent throws), so addresses get the rest.
const CONTROL_URL = CONTROL.replace('\ud800', '');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function resolver(root: Schema) {
  const deref = (value: any, depth = 0): any => {
    if (depth > 12 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => deref(v, depth + 1));
    if (typeof value.$ref === 'string') {
      const target = value.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
      return deref(target, depth + 1);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deref(v, depth + 1)]));
  };
  return deref;
}

/** A value the schema accepts, as far as a simple reading goes; ids come from the seeded data. */
export function sample(schema: Schema | undefined, name: string, ids: SampleIds, inMeeting: boolean): unknown {
  if (!schema) return 'a';
  if (schema.allOf) return schema.allOf.reduce((acc: any, part: Schema) => Object.assign(acc ?? {}, sample(part, name, ids, inMeeting)), undefined);
  if (schema.oneOf || schema.anyOf) return sample((schema.oneOf ?? schema.anyOf)[0], name, ids, inMeeting);
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: count }, () => sample(schema.items, name, ids, inMeeting));
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return {};
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties[key], key, ids, inMeeting);
      return out;
    }
    default: {
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'uri' || /url/i.test(name)) return 'http://127.0.0.1:9/nothing.mp3';
      if (/meetingid/i.test(name) || (inMeeting && /^ids?$/i.test(name))) return ids.meetingId;
      if (/(^|[a-z])(id|ids)$/i.test(name) || name === 'transId') return ids.recordId;
      if (/lang/i.test(name)) return 'en-US';
      if (/user(name)?$/i.test(name)) return 'fuzz@example.com';
      const min = schema.minLength ?? 1;
      return 'a'.repeat(Math.max(min, 1)).slice(0, schema.maxLength ?? 64);
    }
  }
}

/** Values of the wrong JSON type for a schema (one per other type). */
function wrongTypes(schema: Schema): unknown[] {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  const all: Array<[string, unknown]> = [
    ['string', 'not-a-number'],
    ['integer', 12345],
    ['boolean', true],
    ['array', ['x']],
    ['object', { x: 1 }],
    ['null', null],
  ];
  return all.filter(([t]) => t !== type && !(type === 'number' && t === 'integer') && !(schema?.nullable && t === 'null')).map(([, v]) => v);
}

/** Raw JSON text for numbers JSON.stringify cannot write. */
const RAW_NUMBERS = ['1e309', '-1e309', '1e20', '-1e20', '9007199254740993', '0.5', '-1'];

function multipartBody(boundary: string, parts: Array<{ name: string; value: string; file?: boolean }>): string {
  return (
    parts
      .map((p) =>
        p.file
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n${p.value}\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`
  );
}

export function contractOperations(): { operations: FuzzOperation[]; build(ids: SampleIds): FuzzRequest[] } {
  const contract = loadContract() as unknown as Schema;
  const deref = resolver(contract);
  const entries: Array<{ op: FuzzOperation; spec: Schema; isPublic: boolean }> = [];
  for (const [path, item] of Object.entries<Schema>(contract.paths)) {
    for (const method of HTTP_METHODS) {
      const spec = item[method];
      if (!spec?.operationId) continue;
      const resolved = deref({ ...spec, parameters: [...(item.parameters ?? []), ...(spec.parameters ?? [])] });
      const answer = resolved.responses?.['200']?.content ?? {};
      const security = spec.security ?? contract.security ?? [];
      entries.push({
        op: {
          operationId: spec.operationId,
          method: method.toUpperCase(),
          path,
          binaryAnswers: Object.keys(answer).filter((type) => type !== 'application/json'),
        },
        spec: resolved,
        isPublic: security.length === 0 || security.some((r: object) => Object.keys(r).length === 0),
      });
    }
  }

  function build(ids: SampleIds): FuzzRequest[] {
    const requests: FuzzRequest[] = [];
    for (const { op, spec, isPublic } of entries) {
      const inMeeting = /meeting|screen/i.test(op.path);
      const params: Schema[] = spec.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const validPath = (overrides: Record<string, string> = {}) =>
        pathParams.reduce(
          (url, p) => url.replace(`{${p.name}}`, encodeURIComponent(overrides[p.name] ?? String(sample(p.schema, p.name, ids, inMeeting)))),
          op.path,
        );
      const validQuery = (): Record<string, string> =>
        Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema, p.name, ids, inMeeting))]));
      const url = (query: Record<string, string> = validQuery(), path = validPath()) => {
        const qs = new URLSearchParams(query).toString();
        return `/prod-api${path}${qs ? `?${qs}` : ''}`;
      };
      const push = (kind: string, req: Partial<FuzzRequest>) =>
        requests.push({ operationId: op.operationId, kind, method: op.method, url: url(), headers: {}, signedIn: true, ...req });

      // The access guard answers in the envelope for callers without a token.
      if (!isPublic) push('no token', { signedIn: false });

      for (const p of queryParams) {
        const bad: Array<[string, string]> = [
          ['wrong type', typeof sample(p.schema, p.name, ids, inMeeting) === 'number' ? 'abc' : '[object Object]'],
          ['1e309', '1e309'],
          ['-1e309', '-1e309'],
          ['huge integer', '99999999999999999999999'],
          ['NaN', 'NaN'],
          ['negative', '-1'],
          ['10k string', 'q'.repeat(10_000)],
          ['control characters', CONTROL_URL],
        ];
        for (const [kind, value] of bad) push(`query ${p.name}: ${kind}`, { url: url({ ...validQuery(), [p.name]: value }) });
        if (p.required) {
          const { [p.name]: _dropped, ...rest } = validQuery();
          push(`query ${p.name}: missing`, { url: url(rest) });
        }
      }
      if (queryParams.length) {
        push('query __proto__', { url: `${url()}${url().includes('?') ? '&' : '?'}__proto__=1&constructor[prototype][x]=1` });
      }
      for (const p of pathParams) {
        for (const [kind, value] of [
          ['2k string', 'p'.repeat(2000)],
          ['control characters', CONTROL_URL],
          ['__proto__', '__proto__'],
          ['dot segments', '../../etc/passwd'],
        ] as const) {
          push(`path ${p.name}: ${kind}`, { url: url(validQuery(), validPath({ [p.name]: value })) });
        }
      }

      const content: Record<string, Schema> = spec.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema as Schema | undefined;
      const takesMultipart = 'multipart/form-data' in content;
      const json = (kind: string, text: string, type = 'application/json') => push(kind, { headers: { 'content-type': type }, payload: text });

      if (jsonSchema) {
        const valid = sample(jsonSchema, '', ids, inMeeting);
        const validText = JSON.stringify(valid);
        json('body: valid sample', validText);
        push('body: none', {});
        json('body: empty', '');
        for (const whole of ['null', '[]', '"text"', '123', 'true', '{', '{"a":}']) json(`body: ${whole}`, whole);
        json('body: __proto__', `{"__proto__":{"polluted":1},${validText.slice(1)}`.replace(',}', '}'));
        json('body: constructor.prototype', `{"constructor":{"prototype":{"polluted":1}},${validText.slice(1)}`.replace(',}', '}'));
        const properties: Record<string, Schema> = jsonSchema.properties ?? {};
        for (const [name, schema] of Object.entries(properties)) {
          const base = valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
          const withValue = (value: unknown) => JSON.stringify({ ...base, [name]: value });
          for (const value of wrongTypes(schema)) json(`body ${name}: ${JSON.stringify(value)}`, withValue(value));
          json(`body ${name}: 1 MB string`, withValue(MB_STRING));
          json(`body ${name}: control characters`, withValue(CONTROL));
          for (const raw of RAW_NUMBERS) json(`body ${name}: ${raw}`, withValue('__RAW__').replace('"__RAW__"', raw));
          if ((jsonSchema.required ?? []).includes(name)) {
            const { [name]: _dropped, ...rest } = base;
            json(`body ${name}: missing`, JSON.stringify(rest));
          }
          // One level down: the first property of a nested object gets a wrong type.
          const inner = schema.type === 'object' ? Object.keys(schema.properties ?? {})[0] : schema.type === 'array' && schema.items?.properties ? Object.keys(schema.items.properties)[0] : undefined;
          if (inner) {
            const nested = schema.type === 'object' ? { [inner]: 1e300 } : [{ [inner]: { deep: [] } }];
            json(`body ${name}.${inner}: wrong type`, withValue(nested));
          }
        }
        // The same body in content types the operation does not declare.
        json('content type: text/plain', validText, 'text/plain');
        json('content type: form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded');
        json('content type: octet-stream', validText, 'application/octet-stream');
        json('content type: none', validText, '');
        json('content type: multipart', multipartBody('fuzz', [{ name: 'a', value: '1' }]), 'multipart/form-data; boundary=fuzz');
      } else if (!takesMultipart) {
        // Operations without a body: a stray body in another type.
        json('stray body: text/plain', 'hello', 'text/plain');
        json('stray body: JSON', '{"x":1}');
      }

      if (takesMultipart) {
        const good = [
          { name: 'fileSize', value: '9' },
          { name: 'oriFileName', value: 'a.mp3' },
          { name: 'end', value: '1' },
          { name: 'file', value: 'not audio', file: true },
        ];
        const type = (b: string) => `multipart/form-data; boundary=${b}`;
        json('multipart: not media', multipartBody('fz1', good), type('fz1'));
        json('multipart: boundary mismatch', multipartBody('other', good), type('fz2'));
        json('multipart: cut short', multipartBody('fz3', good).slice(0, 120), type('fz3'));
        json('multipart: no boundary', multipartBody('fz4', good), 'multipart/form-data');
        json('multipart: empty', '', type('fz5'));
        json('multipart: no file', multipartBody('fz6', good.slice(0, 3)), type('fz6'));
        json('multipart: huge field', multipartBody('fz7', [{ name: 'oriFileName', value: 'n'.repeat(100_000) }, ...good.slice(1)]), type('fz7'));
        json('multipart: control characters', multipartBody('fz8', good.map((p) => (p.file ? p : { ...p, value: CONTROL }))), type('fz8'));
        json('multipart: __proto__ field', multipartBody('fz9', [{ name: '__proto__', value: '1' }, ...good]), type('fz9'));
        json('multipart as JSON', '{"file":"x"}');
        json('multipart as text/plain', 'file=x', 'text/plain');
      }
    }
    return requests;
  }

  return { operations: entries.map((e) => e.op), build };
}
