// The app factory: external plugins first, then the app's own in layers — infrastructure (db,
// runtime: config/clock/i18n, engines, storage, jobs), then one plugin per area building its
// services, then auth, errors and the contract routes — then the web app. Tests build it with
// their own config and clock.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { JSON_BODY_LIMIT_BYTES } from '../../src/shared/contract/limits';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { handlers as defaultHandlers } from './handlers/registry';
import type { HandlerMap } from './handlers/types';
import { createServerI18n, localeFromAcceptLanguage } from './i18n';
import authPlugin from './plugins/app/auth';
import dbPlugin from './plugins/app/db';
import devOutboxPlugin from './plugins/app/dev-outbox';
import errorEnvelopePlugin from './plugins/app/error-envelope';
import i18nPlugin from './plugins/app/i18n';
import { contractValidatorCompiler } from './plugins/app/request-validation';
import openapiRoutesPlugin from './plugins/app/openapi-routes';
import paymentNotificationsPlugin from './plugins/app/payment-notifications';
import type { PaymentWiring } from './domain/purchase/providers/order-lookup';
import rightsPicturePlugin from './plugins/app/rights-picture';
import sandboxCheckoutPlugin from './plugins/app/sandbox-checkout';
import blobEndpointPlugin from './plugins/app/blob-endpoint';
import serviceRegistryPlugin from './plugins/app/service-registry';
import runtimePlugin from './plugins/app/runtime';
import enginesPlugin from './plugins/app/engines';
import storagePlugin from './plugins/app/storage';
import jobsPlugin from './plugins/app/jobs';
import compressPlugin from './plugins/external/compress';
import cookiePlugin from './plugins/external/cookie';
import multipartPlugin from './plugins/external/multipart';
import securityHeadersPlugin from './plugins/external/security-headers';
import webStaticPlugin from './plugins/external/web-static';
import websocketPlugin from './plugins/external/websocket';
import instanceIdPlugin from './plugins/app/instance-id';
import sessionPlugin from './domain/session/plugin';
import recordsPlugin from './domain/records/plugin';
import entitlementsPlugin from './domain/entitlements/plugin';
import vocabularyPlugin from './domain/vocabulary/plugin';
import transcriptPlugin from './domain/transcript/plugin';
import uploadsPlugin from './domain/uploads/plugin';
import purchasePlugin from './domain/purchase/plugin';
import dubbingPlugin from './domain/dubbing/plugin';
import meetingsPlugin from './domain/meetings/plugin';
import type { VocabularySource } from './domain/vocabulary/vocabulary-source';

// Fastify's default: the longest path segment (ids, codes) the router matches.
const MAX_PARAM_LENGTH = 100;

export interface AppOptions {
  clock?: Clock;
  /** Replaces the handler registry (tests use it to show the 501 answer of a missing handler). */
  handlers?: HandlerMap;
  /** Keeps rate-limit keys of parallel test apps apart on a shared Redis. */
  rateLimitPrefix?: string;
  /** Registers extra routes before the app is sealed (benchmarks add their baseline routes here). */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Replaces the services' orders and settle() behind the vendor endpoints (tests inject an order book; null: unwired, they answer 503). */
  payments?: PaymentWiring | null;
  /** The vocabulary libraries (tests pass an in-memory one; the default knows none until the library store is wired in). */
  vocabularySource?: VocabularySource;
  /** Sees every answer as sent (the server test kit checks each against the contract); null: none. */
  answerObserver?: ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => void) | null;
}

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const i18n = await createServerI18n();
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Behind the one TLS proxy TRUST_PROXY_TLS announces, request.ip is the client it forwards for.
    trustProxy: config.trustProxyTls ? (_address: string, hop: number) => hop < 1 : false,
    // Errors the router raises before any hook runs (a bad %-escape, a path segment over the length
    // limit) answer in the envelope like everything else (the contract fuzz test sends both).
    frameworkErrors: (error, request, reply) => {
      const t = i18n.translatorFor(localeFromAcceptLanguage(request.headers['accept-language']));
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      void (reply as FastifyReply).status(status).send({ code: status, msg: tooLong ? t('errors.paramTooLong', { limit: MAX_PARAM_LENGTH }) : t('errors.badUrl') });
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The database plugin migrates before anything runs: on a large database, a loaded machine, or
    // while another instance of the same installation holds the migration lock, that can take longer
    // than Fastify's default 10 s, after which it would abandon a start that was only slow.
    pluginTimeout: 120_000,
  });
  // Unknown fields refused, bodies not coerced, non-finite numbers refused: see request-validation.ts.
  app.setValidatorCompiler(contractValidatorCompiler());
  // Added first so it sees the serialized body before compression.
  const observer = options.answerObserver;
  if (observer) {
    app.addHook('onSend', async (request, reply, payload) => {
      observer(request, reply, payload);
      return payload;
    });
  }

  await app.register(securityHeadersPlugin, { trustProxyTls: config.trustProxyTls });
  await app.register(compressPlugin);
  await app.register(cookiePlugin);
  await app.register(multipartPlugin);
  await app.register(websocketPlugin);
  await app.register(instanceIdPlugin, { instanceId: config.instanceId });

  await app.register(i18nPlugin, { i18n });
  await app.register(errorEnvelopePlugin);
  await app.register(dbPlugin, { database: config.database });
  // Infrastructure every area builds on.
  await app.register(serviceRegistryPlugin);
  await app.register(runtimePlugin, { config, clock: options.clock ?? systemClock, i18n });
  await app.register(enginesPlugin);
  await app.register(storagePlugin);
  await app.register(jobsPlugin, { rateLimitPrefix: options.rateLimitPrefix });
  // The areas, each building and closing its own services (dependencies declared per plugin).
  await app.register(sessionPlugin, { rateLimitPrefix: options.rateLimitPrefix });
  await app.register(entitlementsPlugin);
  await app.register(vocabularyPlugin, { vocabularySource: options.vocabularySource });
  await app.register(recordsPlugin);
  await app.register(transcriptPlugin);
  await app.register(uploadsPlugin);
  await app.register(purchasePlugin);
  await app.register(dubbingPlugin);
  await app.register(meetingsPlugin);
  await app.register(authPlugin);
  await app.register(paymentNotificationsPlugin, { wiring: options.payments, replayKeyPrefix: options.rateLimitPrefix ? `${options.rateLimitPrefix}:pay-notify` : undefined });
  await app.register(openapiRoutesPlugin, { handlers: options.handlers ?? defaultHandlers });
  await app.register(rightsPicturePlugin);
  await app.register(sandboxCheckoutPlugin);
  await app.register(blobEndpointPlugin);
  if (config.nodeEnv === 'development') await app.register(devOutboxPlugin);

  if (options.extraRoutes) await app.register(options.extraRoutes);
  await app.register(webStaticPlugin, { webDir: config.webDir });
  await app.ready();
  return app;
}
