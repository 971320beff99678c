/**
 * Generated path tests and path coverage for machines.
 *
 * CONVENTION (every machine that wants path tests and a line in `npm run coverage:paths`):
 *
 * 1. `src/machines/<area>/<name>.paths.ts` exports
 *      `export const pathsModel: PathsModel = { name: '<name>', machine, events, produced? }`
 *    - `machine` already has test doubles: `machine.provide({ actors: { ... } })`. Doubles should
 *      settle at once (resolved promises); streams may use real RxJS time — the replay runs on fake
 *      timers and advances them, so a 60 s countdown costs nothing.
 *    - `events` maps an event type to sample events, or to a function of the snapshot returning
 *      samples (use that when which samples make sense depends on context).
 *      Events with no entry are explored as `{ type }` — except the outcome of invoked actors
 *      (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`): the traversal only follows those you
 *      list, because only you know what your doubles answer. List exactly the outcomes your doubles
 *      produce (use a snapshot function when the outcome depends on context, e.g. a username that
 *      makes the double reject).
 *    - `produced` lists event types the machine's own children send (ticks of a stream). Like
 *      `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*`, these are never sent by
 *      the replay: it waits (flushing microtasks, then advancing fake timers) until the actor gets
 *      there by itself — the same state value and the same serialised context, so a report that
 *      changes only the context (a child's file.uploaded) is waited for too — which proves the
 *      doubles and the runtime agree with the generated path.
 *    - Paths: shortest paths to every state, simple paths for small machines, and one more path
 *      per transition those never take (self-loops, edges into states reached another way); of
 *      those, a covering set: as few as still reach every state and transition the whole lot does.
 *    - Optional: `input` (machine input), `inputs` (several starting inputs, when the first state
 *      depends on the input), `serializeContext` (what of the context distinguishes
 *      states; default: all of it), `maxSimplePaths` (default 60), `skipSimplePaths`.
 * 2. `src/machines/<area>/<name>.paths.test.ts` is only
 *      `import { describePaths } from '../../testing/paths';`
 *      `import { pathsModel } from './<name>.paths';`
 *      `describePaths(pathsModel);`
 * 3. `npm run coverage:paths` (scripts/coverage-paths.ts) loads every src/machines/<area>/*.paths.ts.
 *    One actor system serves a whole traversal, so machines address children by id, not `systemId`
 *    (a second registration of the same systemId throws).
 *    Keep those files free of React and DOM so they load under plain Node.
 */
export type { EventSamples, MachinePath, PathsModel, SampleEvent, UnreachableDeclaration } from './paths-model';
export { generatePaths } from './path-generation';
export { describePath, describePaths, replayPath } from './path-replay';
export { describeEvents, measureCoverage } from './path-coverage';
export type { CoverageCount, CoverageGraph, CoverageGraphState, CoverageGraphTransition, PathsCoverage } from './path-coverage';
