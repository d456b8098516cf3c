import { describe, expect, it } from 'vitest';
import { compareBuilds, parseBuildVersion } from './build-version';

const v = (line: string) => parseBuildVersion(line);
const INSTALLER_2018 = 'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers';
const DEBIAN_51 = 'ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers';

describe('parseBuildVersion', () => {
  it('reads releases, git builds and unknown tokens from real first lines', () => {
    expect(v(DEBIAN_51)).toMatchObject({ raw: '5.1.9-0+deb12u1', kind: 'release', numbers: [5, 1, 9] });
    expect(v('ffprobe version 4.0.2-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2007-2018')).toMatchObject({ kind: 'release', numbers: [4, 0, 2] });
    expect(v('ffmpeg version n6.1.1 Copyright (c) 2000-2023')).toMatchObject({ kind: 'release', numbers: [6, 1, 1] });
    expect(v(INSTALLER_2018)).toMatchObject({ kind: 'git', revision: 47683, date: 20180101 });
    expect(v('ffmpeg version N-118315-g4f3c9f2f03-20250127 Copyright (c) 2000-2025')).toMatchObject({ kind: 'git', revision: 118315, date: 20250127 });
    expect(v('ffmpeg version git-2024-01-01-abc Copyright (c) 2000-2024')).toMatchObject({ kind: 'unknown' });
  });
});

describe('compareBuilds', () => {
  const newer = (a: string, b: string) => compareBuilds(v(a), v(b)) > 0;
  it('orders releases by their numbers', () => {
    expect(newer('ffmpeg version 7.1 x', 'ffmpeg version 6.0 x')).toBe(true);
    expect(newer('ffmpeg version 6.0 x', DEBIAN_51)).toBe(true);
    expect(newer(DEBIAN_51, 'ffmpeg version 5.1 x')).toBe(true);
    expect(compareBuilds(v('ffmpeg version 5.1 x'), v('ffmpeg version 5.1.0-static x'))).toBe(0);
  });

  it('places a git build after the releases that came out before it was built, and before the others', () => {
    expect(newer(DEBIAN_51, INSTALLER_2018)).toBe(true);
    expect(newer(INSTALLER_2018, 'ffmpeg version 3.4.8 x')).toBe(true);
    const git2025 = 'ffmpeg version N-118315-g4f3c9f2f03-20250127 Copyright (c) 2000-2025';
    expect(newer(git2025, 'ffmpeg version 7.1.1 x')).toBe(true);
    expect(newer('ffmpeg version 8.0 x', git2025)).toBe(true);
    expect(newer('ffmpeg version 9.2 x', git2025)).toBe(true); // a release line newer than the table
  });

  it('orders git builds by revision, and ranks an unreadable version last', () => {
    expect(newer('ffmpeg version N-118315-gabc x', INSTALLER_2018)).toBe(true);
    expect(newer('ffmpeg version 2.8 x', 'ffmpeg version git-weird x')).toBe(true);
  });
});
