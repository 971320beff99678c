// The file-name check of the rules suite: the project's conventions accepted, each kind of odd name
// reported with the file.
import { describe, expect, it } from 'vitest';
import { fileNameProblems } from './check-file-names';

describe('fileNameProblems', () => {
  it('accepts the conventions of the README naming table', () => {
    expect(
      fileNameProblems([
        'src/machines/records/recordList.machine.ts',
        'src/machines/records/recordList.machine.test.ts',
        'src/machines/records/recordList.paths.ts',
        'src/machines/records/recordList.types.ts',
        'src/machines/records/dub-records.ts',
        'src/machines/appEvents.machine.ts',
        'src/api/records/remove-records.ts',
        'src/routes/records/favour-list.route.tsx',
        'src/ui/records/RecordListView.tsx',
        'src/ui/records/RecordListView.test.tsx',
        'src/ui/records/record-cells.ts',
        'src/ui/system-provider.tsx',
        'src/streams/socket$.ts',
        'src/streams/socket$.test.ts',
        'src/api/schema.d.ts',
        'server/src/db/migrations/0009_search.ts',
        'tests/e2e/records-journey.e2e.test.ts',
        'bench/upload.bench.ts',
        'scripts/test-all.mjs',
        'src/i18n/locales/zh-CN/records.json',
      ]),
    ).toEqual([]);
  });

  it('reports camelCase and PascalCase where kebab-case is the rule', () => {
    expect(fileNameProblems(['src/ui/session/areaCodes.ts', 'src/routes/meetings/HostLive.tsx', 'server/src/domain/auth/tokenRules.ts'])).toEqual([
      'src/ui/session/areaCodes.ts: file names are kebab-case',
      'src/routes/meetings/HostLive.tsx: file names are kebab-case',
      'server/src/domain/auth/tokenRules.ts: file names are kebab-case',
    ]);
  });

  it('reports a component of an area that is not PascalCase', () => {
    expect(fileNameProblems(['src/ui/records/record-list-view.tsx'])).toEqual([
      'src/ui/records/record-list-view.tsx: components in src/ui/<area>/ are PascalCase .tsx',
    ]);
  });

  it('keeps camelCase in the machines folders for a machine and the files about it', () => {
    expect(
      fileNameProblems([
        'src/machines/dubbing/dubUpload.machine.ts',
        'src/machines/dubbing/dubForm.ts',
        'src/machines/dubbing/dub-upload.types.ts',
        'src/machines/dubbing/dub-files.machine.ts',
      ]),
    ).toEqual([
      'src/machines/dubbing/dubForm.ts: a camelCase name belongs to a machine beside it (no dubForm.machine.ts here): use kebab-case',
      'src/machines/dubbing/dub-upload.types.ts: about the dubUpload machine: name it dubUpload.types.ts',
      'src/machines/dubbing/dub-files.machine.ts: machines are <camelCaseName>.machine.ts',
    ]);
  });

  it('reports roles that are not lowercase kebab words, or that follow .machine', () => {
    expect(fileNameProblems(['src/machines/session/login.machine.ts', 'src/machines/session/login.pathsModel.ts', 'src/machines/session/login.machine.rules.ts'])).toEqual([
      "src/machines/session/login.pathsModel.ts: role '.pathsModel' is not a lowercase kebab word",
      "src/machines/session/login.machine.rules.ts: '.machine' is followed only by '.test' (name it <name>.rules.ts)",
    ]);
  });

  it('reports a migration that is not numbered snake_case, and unknown extensions', () => {
    expect(fileNameProblems(['server/src/db/migrations/search-index.ts', 'src/ui/logo.svg'])).toEqual([
      'server/src/db/migrations/search-index.ts: migrations are NNNN_snake_name.ts',
      'src/ui/logo.svg: unexpected extension .svg',
    ]);
  });
});
