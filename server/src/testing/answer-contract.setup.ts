// Set-up file of the server suite (vitest.config.ts): every app a server test builds checks each answer
// against openapi/openapi.yaml (answer-contract.ts), and a test whose answers broke the contract fails,
// naming the operation and the field. A test that must send an off-contract answer on purpose (a
// replaced handler) builds its app with `answerObserver: null`.
import { afterEach, vi } from 'vitest';
import { takeAnswerViolations } from './answer-contract';

vi.mock('../app', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../app')>();
  const { recordAnswerViolations } = await import('./answer-contract');
  const buildApp: typeof actual.buildApp = (config, options = {}) => actual.buildApp(config, { answerObserver: recordAnswerViolations, ...options });
  return { ...actual, buildApp };
});

afterEach(() => {
  const violations = takeAnswerViolations();
  if (violations.length > 0) {
    throw new Error(`Answers that break openapi/openapi.yaml:\n- ${[...new Set(violations)].join('\n- ')}`);
  }
});
