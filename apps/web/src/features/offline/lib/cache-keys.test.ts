import { describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '@/features/auth/api/get-me';
import { noteKeys } from '@/lib/query-keys';
import { paths } from '@/lib/route-table';
import { ME_KEY, NOTES_KEY, noteDetailKey, quickViewPath } from './cache-keys';

describe('offline cache keys', () => {
  it('match the features they mirror', () => {
    expect(ME_KEY).toEqual(ME_QUERY_KEY);
    expect(NOTES_KEY).toEqual(noteKeys.all);
    expect(noteDetailKey('n1')).toEqual(noteKeys.detail('n1'));
    expect(quickViewPath('n 1', 'p1')).toBe(paths.quickView({ project: 'p1', note: 'n 1' }));
    expect(quickViewPath('n1')).toBe(paths.quickView({ note: 'n1' }));
  });
});
