import { describe, expect, it } from 'vitest';
import { lastPageIfPastTheEnd } from '../../src/web/components/lists/paged-list';

describe('lastPageIfPastTheEnd', () => {
  it('leaves every page that exists alone', () => {
    expect(lastPageIfPastTheEnd(1, 40, 20)).toBeNull();
    expect(lastPageIfPastTheEnd(2, 40, 20)).toBeNull();
    expect(lastPageIfPastTheEnd(3, 41, 20)).toBeNull();
  });

  it('goes back to the last page when the last item of the last page is gone', () => {
    expect(lastPageIfPastTheEnd(3, 40, 20)).toBe(2);
    // An old bookmark far past the end.
    expect(lastPageIfPastTheEnd(99, 41, 20)).toBe(3);
  });

  it('takes an empty list to its one page, where the empty text is shown', () => {
    expect(lastPageIfPastTheEnd(1, 0, 20)).toBeNull();
    expect(lastPageIfPastTheEnd(4, 0, 20)).toBe(1);
  });
});
