// @vitest-environment node
// openapi-typescript reads files through Node URLs and streams, which jsdom's globals break.
import { readFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FOLDER_NAME_MAX, INVITE_EXPIRY_CHOICES, RECORD_TITLE_MAX } from '../../src/shared/contract/limits';
import { EXPORT_CONTENTS, EXPORT_FORMATS } from '../../src/shared/contract/transcript';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  additionalProperties?: boolean | Schema;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
};
type Content = Record<string, { schema?: Schema }>;
type Response = { $ref?: string; content?: Content };
type Operation = Record<string, unknown> & {
  operationId?: string;
  tags?: string[];
  requestBody?: { content?: Content };
  responses?: Record<string, Response>;
};
type Contract = {
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const contractUrl = new URL('../../openapi/openapi.yaml', import.meta.url);
const generatedUrl = new URL('../../src/api/schema.d.ts', import.meta.url);
const catalogueUrl = new URL('./catalogue-paths.txt', import.meta.url);

const contract = parse(readFileSync(contractUrl, 'utf8')) as Contract;

function operationsOf(doc: Contract) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** Follows a local '#/components/...' reference. */
function resolve<T>(doc: Contract, node: T & { $ref?: string }): T {
  if (!node.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], doc);
  return resolve(doc, target as T & { $ref?: string });
}

function isEnvelope(doc: Contract, schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.$ref === '#/components/schemas/Envelope') return true;
  return (schema.allOf ?? []).some((part) => part.$ref === '#/components/schemas/Envelope');
}

function hasEnvelopeAnswer(doc: Contract, operation: Operation): boolean {
  const ok = operation.responses?.['200'];
  if (!ok) return false;
  return isEnvelope(doc, resolve(doc, ok).content?.['application/json']?.schema);
}

/** Paths (inside a request body) of object schemas that accept unknown fields. */
function openObjects(doc: Contract, schema: Schema, at: string, seen = new Set<Schema>()): string[] {
  const node = resolve(doc, schema);
  if (seen.has(node)) return [];
  seen.add(node);
  const isObject = node.type === 'object' || node.properties !== undefined;
  const own = isObject && node.additionalProperties !== false ? [at] : [];
  const nested = [
    ...Object.entries(node.properties ?? {}).map(([name, child]) => openObjects(doc, child, `${at}.${name}`, seen)),
    ...(node.items ? [openObjects(doc, node.items, `${at}[]`, seen)] : []),
    ...[...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].map((part) =>
      openObjects(doc, part, at, seen),
    ),
  ];
  return [...own, ...nested.flat()];
}

function openRequestBodies(doc: Contract): string[] {
  return operationsOf(doc).flatMap(({ label, operation }) =>
    Object.entries(operation.requestBody?.content ?? {}).flatMap(([type, media]) =>
      media.schema ? openObjects(doc, media.schema, `${label} ${type} body`) : [],
    ),
  );
}

function readCatalogue() {
  const sections = new Map<string, string[]>();
  let section = '';
  for (const raw of readFileSync(catalogueUrl, 'utf8').split('\n')) {
    const header = /^# (platform|features)\s*$/.exec(raw);
    if (header?.[1]) section = header[1];
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    sections.set(section, [...(sections.get(section) ?? []), line]);
  }
  return sections;
}

describe('catalogue of both spec documents', () => {
  const sections = readCatalogue();
  const lines = [...sections.values()].flat();

  it('has a platform and a features section and nothing before them', () => {
    expect([...sections.keys()]).toEqual(['platform', 'features']);
    expect(sections.get('platform')?.length).toBeGreaterThan(20);
    expect(sections.get('features')?.length).toBeGreaterThan(90);
  });

  it('lists every call as METHOD /path', () => {
    expect(lines.filter((line) => !/^(GET|POST|PUT|DELETE|PATCH) \/\S+$/.test(line))).toEqual([]);
  });

  it('finds every listed call in openapi.yaml', () => {
    const inContract = new Set(operationsOf(contract).map(({ label }) => label));
    expect([...new Set(lines)].filter((line) => !inContract.has(line))).toEqual([]);
  });
});

describe('openapi.yaml operations', () => {
  const operations = operationsOf(contract);
  const tagNames = new Set(contract.tags.map((tag) => tag.name));

  it('name each operation with an operationId prefixed by its area tag', () => {
    const bad = operations.filter(({ operation }) => {
      const [tag, ...others] = operation.tags ?? [];
      return !tag || others.length > 0 || !tagNames.has(tag) || !new RegExp(`^${tag}[A-Z][A-Za-z0-9]*$`).test(operation.operationId ?? '');
    });
    expect(bad.map(({ label }) => label)).toEqual([]);
  });

  it('never repeat an operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('answer 200 with the { code, msg, data } envelope as JSON', () => {
    expect(operations.filter(({ operation }) => !hasEnvelopeAnswer(contract, operation)).map(({ label }) => label)).toEqual([]);
  });

  it('reject unknown fields in every request body object', () => {
    expect(openRequestBodies(contract)).toEqual([]);
  });

  it('use the vendor extensions with their only meaningful values', () => {
    const misused = operations.filter(({ operation }) =>
      (['x-parley-visitor', 'x-parley-unchecked', 'x-parley-chosen-path'] as const).some(
        (flag) => flag in operation && operation[flag] !== true,
      ) || ('x-parley-timeout' in operation && operation['x-parley-timeout'] !== 'long'),
    );
    expect(misused.map(({ label }) => label)).toEqual([]);
  });

  it('let a visitor token reach the user-info calls and logout', () => {
    const visitor = new Set(operations.filter(({ operation }) => operation['x-parley-visitor'] === true).map(({ label }) => label));
    for (const call of ['GET /system/getClientInfo', 'GET /auth/getUserInfo', 'GET /system/getClient', 'POST /auth/logout']) {
      expect(visitor).toContain(call);
    }
  });
});

describe('openapi.yaml components', () => {
  const { schemas } = contract.components;

  it('keep the limits and lists shared with the code', () => {
    expect(schemas.FolderName?.maxLength).toBe(FOLDER_NAME_MAX);
    expect(schemas.RecordTitle?.maxLength).toBe(RECORD_TITLE_MAX);
    expect(schemas.ExportFormat?.enum).toEqual([...EXPORT_FORMATS]);
    expect(schemas.ExportContent?.enum).toEqual([...EXPORT_CONTENTS]);
    expect(schemas.InviteExpiry?.enum).toEqual([...INVITE_EXPIRY_CHOICES]);
  });

  it('number every live server message with seq so a client can resume', () => {
    const members = (schemas.LiveServerMessage?.oneOf ?? []).map((member) => resolve(contract, member));
    expect(members.length).toBeGreaterThan(5);
    expect(members.filter((member) => !member.required?.includes('seq'))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const tiny = (body: Schema): Contract => ({
    tags: [{ name: 'records' }],
    paths: { '/x': { post: { operationId: 'recordsX', tags: ['records'], requestBody: { content: { 'application/json': { schema: body } } } } } },
    components: { schemas: {}, responses: {} },
  });

  it('notice an open object nested in a request body', () => {
    const body: Schema = {
      type: 'object',
      additionalProperties: false,
      properties: { lines: { type: 'array', items: { type: 'object', properties: {} } } },
    };
    expect(openRequestBodies(tiny(body))).toEqual(['POST /x application/json body.lines[]']);
  });

  it('notice an operation without an envelope answer', () => {
    const doc = tiny({ type: 'object', additionalProperties: false });
    const [only] = operationsOf(doc);
    expect(only && hasEnvelopeAnswer(doc, only.operation)).toBe(false);
  });
});

describe('src/api/schema.d.ts', () => {
  it('is what `npm run gen` makes from openapi.yaml now', async () => {
    const generated = COMMENT_HEADER + astToString(await openapiTS(contractUrl, { silent: true }));
    // A plain equality keeps the failure message short; the fix is always `npm run gen`.
    expect(generated === readFileSync(generatedUrl, 'utf8'), 'schema.d.ts is stale: run `npm run gen`').toBe(true);
  }, 30_000);
});
