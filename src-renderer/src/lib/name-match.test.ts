import { describe, expect, it } from 'vitest';
import { byTypedName } from './name-match';

const names = (list: string[]) => list.map((name) => ({ name }));

describe('byTypedName', () => {
  it('puts the name typed whole first, with or without its extension, then those starting with it, then the rest', () => {
    const listing = names(['dl-interview.gif', 'interview-00.00.03.03-2-parts (1).mp4', 'interview-cut.mov', 'interview.mp4', 'notes.txt']);
    expect(byTypedName(listing, 'interview').map((e) => e.name)).toEqual([
      'interview.mp4',
      'interview-00.00.03.03-2-parts (1).mp4',
      'interview-cut.mov',
      'dl-interview.gif',
    ]);
    expect(byTypedName(listing, 'Interview-Cut.MOV ')[0]?.name).toBe('interview-cut.mov');
    expect(byTypedName(listing, 'inter').map((e) => e.name)).toEqual([
      'interview-00.00.03.03-2-parts (1).mp4',
      'interview-cut.mov',
      'interview.mp4',
      'dl-interview.gif',
    ]);
    expect(byTypedName(listing, '')).toHaveLength(5);
    expect(byTypedName(listing, 'zzz')).toEqual([]);
  });
});
