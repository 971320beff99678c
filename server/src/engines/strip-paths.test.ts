// Tool errors quote the data-folder path (or a signed storage address); users see only the file's name.
import { describe, expect, it } from 'vitest';
import { invalidMedia, engineFailed } from './engine-errors';
import { withoutServerPaths } from './strip-paths';

describe('server paths in user-facing engine details', () => {
  it('cuts data-folder paths and signed addresses to the last name', () => {
    const ffprobe = "/srv/parley-b/data/media/objects/u-1/9f2c.wav: Invalid data found when processing input";
    expect(withoutServerPaths(ffprobe)).toBe('9f2c.wav: Invalid data found when processing input');
    const signed = 'Server returned 403 Forbidden for https://acct.blob.core.windows.net/media/u-1/9f2c.wav?sv=2024&sig=SECRET';
    expect(withoutServerPaths(signed)).toBe('Server returned 403 Forbidden for 9f2c.wav');
    expect(withoutServerPaths("open '/tmp/parley-test-x/media/staging/ab.part' failed, 1/2 done")).toBe("open 'ab.part' failed, 1/2 done");
    expect(withoutServerPaths('content only resembles mp3 (probe score 1)')).toBe('content only resembles mp3 (probe score 1)');
  });

  it('applies to every engine error detail (what the user reads), and its message', () => {
    const refused = invalidMedia('/home/b/data/media/objects/u/x.mp4: moov atom not found');
    expect(refused.params.detail).toBe('x.mp4: moov atom not found');
    expect(refused.message).not.toContain('/home/b');
    expect(engineFailed('ffmpeg', 'Error opening input file /var/lib/parley/media/staging/q.part.').params.detail).toBe('Error opening input file q.part.');
  });
});
