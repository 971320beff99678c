// Import rules of the client and server layout (README, "Layout"). `npm test` runs
// `depcruise` with this file; a violation fails the suite and prints the rule's name.
const AREAS = '(session|records|uploads|transcript|meetings|account|dubbing|dub-editor|purchase|vocabulary)';
const LAYERS = '(api|machines|routes|ui)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-orphans',
      comment:
        'A file nothing imports is dead: delete it. Entry points (main, server, admin, workers), tests, path models, ' +
        'configs, type declarations, benches and scripts are started by a tool, not imported.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|json)$', // dot files: tool configs
          '[.]d[.]ts$',
          '(^|/)(tsconfig|vite|vitest|playwright)[.][^/]+$',
          '[.]test[.]tsx?$',
          '[.]paths[.]ts$', // loaded by scripts/coverage-paths.ts from the folder, not imported
          '^src/main[.]tsx$',
          '^src/.+[.]worker[.]ts$', // started by `new Worker(new URL(…, import.meta.url))`, which the cruiser does not follow
          '^server/src/(server|admin)[.]ts$',
          '[.]worklet[.]ts$', // loaded by the browser from its URL (pcm16-downsampler.url.ts)
          '^src/i18n/locale-source[.]fetched[.]ts$', // the build swaps it in for locale-source.ts (scripts/vite/locale-assets.ts)
          '^scripts/',
          '^bench/',
        ],
      },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'A cycle means two files cannot be understood (or tested) one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ui-renders-only',
      comment: 'Components take props and send events: state lives in machines, calls in src/api, streams in src/streams.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: {
        path: ['^src/(api|machines|streams|routes)/', '(^|/)node_modules/(xstate|@xstate/react|rxjs)/'],
        // Shapes a view draws or sends may be declared where they are produced, in a `*.types.ts` file of
        // the machines (the view's own area: area-stays-in-area) or of the streams, and read type-only.
        pathNot: '^src/(machines/[^/]+|streams)/[^/]+\\.types\\.ts$',
      },
    },
    {
      name: 'ui-reads-types-only',
      comment: 'A view may read the shapes in a machines or streams `*.types.ts` file, never run their code.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(machines/[^/]+|streams)/[^/]+\\.types\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'machines-without-react',
      comment: 'Machines are plain TypeScript: no React, Chakra or views, so they run and test anywhere.',
      severity: 'error',
      from: { path: '^src/machines/' },
      to: {
        path: [
          '^src/(ui|routes)/',
          '(^|/)node_modules/(react|react-dom|@chakra-ui/react|@emotion/react|framer-motion|@xstate/react|react-i18next|react-router-dom)/',
        ],
      },
    },
    {
      name: 'routes-through-machines',
      comment: 'Routes compose ui and machines; they reach the API and streams only through machine actors.',
      severity: 'error',
      from: { path: '^src/routes/' },
      to: { path: ['^src/streams/', '^src/api/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'area-stays-in-area',
      comment:
        'An area imports only its own folders and the shared roots. Two areas meet only outside every area: in src/routes/junctions/ ' +
        '(one file per meeting, named after the areas), src/routes/shell/ (header, session, app bus, purchase dialog, toasts) and the ' +
        'root of src/routes/ (the router entry and its layouts); besides, an area\'s route file may compose another area\'s UI ' +
        '(rule route-file-composes-ui). ' +
        'What one area tells another at run time travels on the app bus (src/machines/appBus.machine.ts), not by import.',
      severity: 'error',
      from: { path: `^src/${LAYERS}/${AREAS}/`, pathNot: [`^src/${LAYERS}/dub-editor/`, `^src/routes/${AREAS}/[^/]+\\.route\\.tsx$`] },
      to: { path: `^src/${LAYERS}/${AREAS}/`, pathNot: `^src/${LAYERS}/$2/` },
    },
    {
      name: 'route-file-composes-ui',
      comment:
        'A page (src/routes/<area>/*.route.tsx) may place another area\'s UI — its route-level containers (src/routes/<other>/) and ' +
        'views (src/ui/<other>/) — but never reaches into its state or calls (src/machines/<other>/, src/api/<other>/).',
      severity: 'error',
      from: { path: `^src/routes/${AREAS}/[^/]+\\.route\\.tsx$`, pathNot: '^src/routes/dub-editor/' },
      to: { path: `^src/(api|machines|streams)/${AREAS}/`, pathNot: '^src/(api|machines|streams)/$1/' },
    },
    {
      name: 'routes-meet-in-junctions-or-shell',
      comment: 'Below src/routes/ only the area folders, shell/ and junctions/ exist: a new folder may not become another place where areas meet.',
      severity: 'error',
      from: { path: '^src/routes/[^/]+/', pathNot: `^src/routes/(shell|junctions|${AREAS.slice(1, -1)})/` },
      to: { path: `^src/${LAYERS}/${AREAS}/` },
    },
    {
      name: 'dub-editor-builds-on-dubbing-calls',
      comment: 'The dub editor edits what dubbing made: besides its own folders it may call the dubbing API (one file per operation of the contract\'s dubbing tag) and read the subtitle settings dubbing remembered, nothing else of another area.',
      severity: 'error',
      from: { path: `^src/${LAYERS}/dub-editor/` },
      // The voice-over composes the video with the subtitle settings the dubbing dialog remembered.
      to: { path: `^src/${LAYERS}/${AREAS}/`, pathNot: [`^src/${LAYERS}/dub-editor/`, '^src/api/dubbing/', '^src/machines/dubbing/dub-subtitle-settings\\.ts$'] },
    },
    {
      name: 'roots-below-routes-know-no-area',
      comment: 'The shared parts of api, machines, ui and streams serve every area, so they may not depend on one.',
      severity: 'error',
      from: { path: '^src/(api|machines|ui|streams|shared|i18n|testing)/', pathNot: `^src/${LAYERS}/${AREAS}/` },
      to: { path: `^src/${LAYERS}/${AREAS}/` },
    },
    {
      name: 'lower-layers-stay-below',
      comment: 'Data flows api → machines → routes; ui sits beside machines. Nothing below imports what is above it.',
      severity: 'error',
      from: { path: '^src/(api|streams)/' },
      to: { path: '^src/(machines|routes|ui)/' },
    },
    {
      name: 'shared-imports-nothing-above',
      comment: 'src/shared is imported by the client and the server; it may not depend on either.',
      severity: 'error',
      from: { path: '^src/shared/' },
      // The contract's shapes are taken from the generated schema (types only, generated from openapi.yaml).
      to: { path: ['^src/(api|machines|routes|ui|streams|i18n)/', '^server/'], pathNot: '^src/api/schema\\.d\\.ts$' },
    },
    {
      name: 'server-takes-only-the-contract',
      comment: 'The server shares with the client only the contract constants, the generated schema and the locale files.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: ['^src/shared/contract/', '^src/api/schema\\.d\\.ts$', '^src/i18n/locales/'] },
    },
    {
      name: 'testing-stays-in-tests',
      comment: 'src/testing (the path-test harness) is test-only code: tests, path models and scripts use it, the app never does.',
      severity: 'error',
      from: { pathNot: ['\\.test\\.tsx?$', '\\.paths\\.ts$', '\\.paths-model\\.ts$', '^src/testing/', '^scripts/'] },
      to: { path: '^src/testing/' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
